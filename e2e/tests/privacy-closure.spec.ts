import {
  expect,
  fitsTheScreen,
  loginInPage,
  mailTo,
  noSeriousViolations,
  PASSWORD,
  registerByApi,
  test,
  withTokens,
} from './fixtures';

const DAY = 86_400_000;

test('closing the account signs the learner out with the erasure date; signing in again cancels it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const u = await registerByApi(request, 'closure');
  await page.setViewportSize({ width: 360, height: 800 });
  await withTokens(page, u);
  await page.goto('/account');
  const section = page.getByRole('region', { name: 'ปิดบัญชี' });
  await expect(section.getByText(/ข้อมูลส่วนบุคคลจะถูกลบหลังจากนี้ 14 วัน/)).toBeVisible();
  await expect(section.getByText(/ใบกำกับภาษีเต็มรูปและใบลดหนี้ 5 ปี/)).toBeVisible();
  await section.getByRole('button', { name: 'ปิดบัญชีของฉัน…' }).click();

  // The dialog asks for the password; a wrong one is said at the field and closes nothing.
  const dialog = page.getByRole('dialog', { name: 'ยืนยันการปิดบัญชี' });
  const password = dialog.getByLabel('รหัสผ่านของคุณ', { exact: true });
  await password.fill('not-my-password');
  await dialog.getByRole('button', { name: 'ปิดบัญชี', exact: true }).click();
  await expect(dialog.getByText('รหัสผ่านไม่ถูกต้อง')).toBeVisible();
  await noSeriousViolations(page);
  await fitsTheScreen(page, 'the closure dialog');
  await password.fill(PASSWORD);
  await dialog.getByRole('button', { name: 'ปิดบัญชี', exact: true }).click();

  // Signed out, told the date and how to cancel; the session the page had is over on the server too.
  await expect(page.getByRole('heading', { level: 1, name: 'เราได้รับคำขอปิดบัญชีแล้ว' })).toBeVisible();
  const due = Date.parse(new URL(page.url()).searchParams.get('due') ?? '');
  expect(Math.abs(due - Date.now() - 14 * DAY)).toBeLessThan(DAY / 24);
  await expect(page.getByText(/^ข้อมูลส่วนบุคคลของคุณจะถูกลบในวันที่ /)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  const old = await request.get('/api/auth', { headers: { authorization: `Bearer ${u.access_token}` } });
  expect(old.status()).toBe(401);
  await noSeriousViolations(page);
  await fitsTheScreen(page, 'the closure page');
  await mailTo(request, u.email, /ขอปิดบัญชี/);

  // Signing in within the 14 days keeps the account: the page says so, and a mail too.
  await page.getByRole('link', { name: 'เข้าสู่ระบบเพื่อยกเลิกการปิดบัญชี' }).click();
  await loginInPage(page, u.email);
  const notice = page.getByRole('status').filter({ hasText: 'ยกเลิกการปิดบัญชีแล้ว' });
  await expect(notice).toBeVisible();
  await noSeriousViolations(page);
  await fitsTheScreen(page, 'the page after signing in');
  await notice.getByRole('button', { name: 'รับทราบ' }).click();
  await expect(notice).toHaveCount(0);
  await mailTo(request, u.email, /ยกเลิกการปิดบัญชี/);
});
