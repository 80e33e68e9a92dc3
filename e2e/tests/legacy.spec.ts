import { expect, loginInPage, mailTo, registerByApi, test } from './fixtures';

// The seeded migrated learner (apps/api seed, SEED_DEMO=true in e2e/server.ts): legacy, no password yet.
const LEGACY_EMAIL = 'legacy@rianroo.dev';

test('a migrated learner asks for a link, sets a password with it, and logs in', async ({
  page,
  request,
}) => {
  await page.goto('/login');
  await page.getByRole('link', { name: /ผู้เรียนจากระบบเดิม|old system/ }).click();
  await expect(page).toHaveURL('/set-password');
  // The page is loaded lazily: the login page's e-mail field is still there until it has come.
  await expect(page.getByRole('button', { name: /ส่งลิงก์ตั้งรหัสผ่าน|Send the link/ })).toBeVisible();
  let alerted = '';
  page.on('dialog', (d) => {
    alerted = d.message();
    void d.dismiss();
  });
  await page.getByLabel(/^(อีเมล|E-mail)$/).fill(LEGACY_EMAIL);
  await page.getByRole('button', { name: /ส่งลิงก์ตั้งรหัสผ่าน|Send the link/ }).click();
  await expect(page.getByText(/ส่งลิงก์ไปที่อีเมลของคุณแล้ว|on its way/)).toBeVisible();
  expect(alerted).toBe('');

  const mail = await mailTo(request, LEGACY_EMAIL, /ตั้งรหัสผ่าน|Set a password/);
  const link = new URL(/http\S+\/reset-password\?code=[^\s"<>]+/.exec(mail.text)![0]);
  expect(link.searchParams.get('mode')).toBe('set');
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { name: /^(ตั้งรหัสผ่าน|Set your password)$/ })).toBeVisible();
  await page.getByLabel(/^(รหัสผ่านใหม่|New password)$/).fill('my-first-real-pass-7');
  await page.getByLabel(/^(ยืนยันรหัสผ่าน|Confirm password)$/).fill('my-first-real-pass-7');
  await page.getByRole('button', { name: /บันทึกรหัสผ่านใหม่|Save the new password/ }).click();
  await expect(page).toHaveURL('/login');
  await loginInPage(page, LEGACY_EMAIL, 'my-first-real-pass-7');
  await expect(page).toHaveURL('/library');
});

test('the set-password page shows the alert of the spec when no e-mail can be sent', async ({
  page,
  request,
}) => {
  const u = await registerByApi(request, 'notlegacy'); // has a password: not a migrated learner
  await page.goto('/set-password');
  const alerts: string[] = [];
  page.on('dialog', (d) => {
    alerts.push(`${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  await page.getByLabel(/^(อีเมล|E-mail)$/).fill(u.email);
  await page.getByRole('button', { name: /ส่งลิงก์ตั้งรหัสผ่าน|Send the link/ }).click();
  await expect.poll(() => alerts).toEqual(['alert: Cannot Send Email, Please Contact Support.']);
  await expect(page.getByRole('button', { name: /ส่งลิงก์ตั้งรหัสผ่าน|Send the link/ })).toBeVisible();
});

test('a malformed or unknown reset link asks, in Thai, for a new one', async ({ page }) => {
  for (const code of ['short', 'not-a-real-code-0000000000']) {
    await page.goto(`/reset-password?code=${code}`);
    await expect(page.getByText('ลิงก์นี้ไม่ถูกต้องหรือหมดอายุแล้ว กรุณาขอลิงก์ใหม่')).toBeVisible();
    await expect(page.getByRole('link', { name: 'ขอลิงก์ใหม่' })).toHaveAttribute('href', '/forgot-password');
  }
});
