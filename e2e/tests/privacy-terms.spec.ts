import {
  adminApi,
  expect,
  fitsTheScreen,
  noSeriousViolations,
  PASSWORD,
  platformDb,
  test,
  uniqueEmail,
} from './fixtures';

/** Terms and privacy notice (PDPA, issue 34): accepted at sign-up, and again when a new version takes effect. */
test('sign-up is refused without the box, then accepted; a new version sends the learner to the gate, then on to the page wanted', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/register');
  await page.getByLabel(/^ชื่อ$/).fill('ยินยอม');
  await page.getByLabel(/^นามสกุล$/).fill('ตามกฎหมาย');
  await page.getByLabel(/^อีเมล$/).fill(uniqueEmail('terms'));
  await page.getByLabel(/^รหัสผ่าน$/).fill(PASSWORD);
  await page.getByRole('button', { name: 'สร้างบัญชี' }).click();
  const box = page.getByRole('checkbox');
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  await expect(box).toBeFocused();
  await expect(page.getByText('กรุณายอมรับข้อกำหนดการใช้งานและประกาศความเป็นส่วนตัวก่อนสมัคร')).toBeVisible();
  await expect(page).toHaveURL('/register');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await noSeriousViolations(page);
  await fitsTheScreen(page, 'the refused sign-up at 360 px');

  await box.check();
  await page.getByRole('button', { name: 'สร้างบัญชี' }).click();
  await expect(page).toHaveURL('/welcome?redirect=%2Flibrary');

  // A new version of the terms, published through the console's API, takes effect now.
  const admin = await adminApi(request);
  const created = await admin<{ id: string; version: number }>('/legal-documents', {
    kind: 'terms',
    titleTh: 'ข้อกำหนดการใช้งาน',
    titleEn: 'Terms of use',
    bodyTh: 'ข้อกำหนดฉบับปรับปรุง\n\n## 1. บัญชีผู้ใช้\n\nบัญชีหนึ่งใช้ได้สำหรับบุคคลเดียว',
    bodyEn: 'The updated terms\n\n## 1. Accounts\n\nOne account is for one person',
    changesTh: 'เพิ่มเรื่องการใช้บัญชีร่วมกัน',
    changesEn: 'Added sharing an account',
  });
  try {
    // At the next visit, the gate comes before the page the learner asked for.
    await page.goto('/account');
    await expect(page).toHaveURL('/accept-terms?redirect=%2Faccount');
    await expect(page.getByText('เพิ่มเรื่องการใช้บัญชีร่วมกัน')).toBeVisible();
    await expect(page.getByRole('link', { name: 'ไม่ยอมรับและออกจากระบบ' })).toBeVisible();
    await noSeriousViolations(page);
    await fitsTheScreen(page, 'the gate at 360 px');
    await page.getByRole('button', { name: 'ยอมรับและใช้งานต่อ' }).click();
    await expect(page).toHaveURL('/account');
    const consents = page.getByRole('region', { name: 'ความยินยอม' });
    await expect(consents.getByText(/อีเมลข่าวสารและคอร์สใหม่: ให้ความยินยอม เมื่อสมัครสมาชิก/)).toBeVisible();
    await fitsTheScreen(page, 'the account page at 360 px');

    // The page of the terms shows the version in effect and lists the earlier ones.
    await page.goto('/terms');
    await expect(page.getByText(`ฉบับที่ ${created.version} มีผลตั้งแต่`, { exact: false })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: '1. บัญชีผู้ใช้' })).toBeVisible();
    await page.getByRole('link', { name: /^ฉบับที่ 1 / }).click();
    await expect(page).toHaveURL('/terms?version=1');
    await expect(page.getByText(/^ฉบับที่ 1 มีผลตั้งแต่ 1 มกราคม 2569/)).toBeVisible();
    await noSeriousViolations(page);
  } finally {
    // The version is in effect for every account of this run: the others (the seeded ones among them) have
    // accepted it too, so the files after this one meet no gate they do not expect.
    const db = await platformDb();
    await db.query(
      `insert into legal_acceptances (user_id, document_id) select id, $1 from users on conflict do nothing`,
      [created.id],
    );
    await db.end();
  }
});
