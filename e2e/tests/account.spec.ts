import { expect, loginInPage, mailTo, PASSWORD, registerByApi, test } from './fixtures';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('reset by e-mail link: the link checks the code, sets the password, and the new password logs in', async ({
  page,
  request,
}) => {
  const u = await registerByApi(request, 'reset');
  await page.goto('/login');
  await page.getByRole('link', { name: /ลืมรหัสผ่าน|Forgot/ }).click();
  // The page is loaded lazily: the login page's e-mail field is still there until it has come.
  await expect(page).toHaveURL('/forgot-password');
  await expect(page.getByRole('button', { name: /ส่งลิงก์|Send/ })).toBeVisible();
  await page.getByLabel(/^(อีเมล|E-mail)$/).fill(u.email);
  await page.getByRole('button', { name: /ส่งลิงก์|Send/ }).click();
  await expect(page.getByText(/เราได้ส่งลิงก์ไปแล้ว|on its way/)).toBeVisible();
  const mail = await mailTo(request, u.email, /รหัสผ่าน/);
  const link = /http\S+\/reset-password\?code=[\w-]+/.exec(mail.text)![0];
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByText(/สำหรับบัญชี|For the account/)).toBeVisible();
  await page.getByLabel(/^(รหัสผ่านใหม่|New password)$/).fill('a-brand-new-pass-9');
  await page.getByLabel(/^(ยืนยันรหัสผ่าน|Confirm password)$/).fill('a-brand-new-pass-9');
  await page.getByRole('button', { name: /บันทึกรหัสผ่านใหม่|Save the new password/ }).click();
  await expect(page).toHaveURL('/login');
  await loginInPage(page, u.email, 'a-brand-new-pass-9');
  await expect(page).toHaveURL('/library');
  // The link worked once.
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByText(/ลิงก์นี้ไม่ถูกต้องหรือหมดอายุแล้ว|invalid or has expired/)).toBeVisible();
});

test('profile edit and photo upload are saved', async ({ page, request }) => {
  const u = await registerByApi(request, 'profile');
  await page.goto('/login?redirect=/account');
  await loginInPage(page, u.email);
  await expect(page).toHaveURL('/account');
  await page.getByLabel(/^(ชื่อ|First name)$/).fill('ชื่อใหม่');
  await page.getByLabel(/^(ชื่อที่แสดง|Display name)$/).fill('ครูใหม่');
  await page
    .getByRole('button', { name: /^(บันทึก|Save)$/ })
    .first()
    .click();
  await expect(page.getByText(/^(บันทึกแล้ว|Saved)$/)).toBeVisible();
  await page
    .getByLabel(/เปลี่ยนรูป|Change photo/)
    .first()
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText(/อัปเดตรูปโปรไฟล์แล้ว|Profile photo updated/)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(/^(ชื่อ|First name)$/)).toHaveValue('ชื่อใหม่');
  await expect(page.getByRole('img', { name: /รูปโปรไฟล์|Profile photo/ })).toBeVisible();
  const me = await (
    await request.get('/api/auth', { headers: { authorization: `Bearer ${u.access_token}` } })
  ).json();
  expect(me).toMatchObject({ firstName: 'ชื่อใหม่', displayName: 'ครูใหม่' });
  expect(me.profile_image).toMatch(/^\/api\/media\/profile\//);
});

test('changing the password needs the current one and signs out other devices', async ({ page, request }) => {
  const u = await registerByApi(request, 'pw');
  await page.goto('/login?redirect=/account');
  await loginInPage(page, u.email);
  await expect(page).toHaveURL('/account');
  await page.getByLabel(/^(รหัสผ่านปัจจุบัน|Current password)$/).fill('wrong-current-pass');
  await page.getByLabel(/^(รหัสผ่านใหม่|New password)$/).fill('another-strong-pass-2');
  await page.getByLabel(/^(ยืนยันรหัสผ่าน|Confirm password)$/).fill('another-strong-pass-2');
  await page
    .getByRole('button', { name: /^(บันทึก|Save)$/ })
    .nth(1)
    .click();
  await expect(page.getByText(/อีเมลหรือรหัสผ่านไม่ถูกต้อง|Incorrect/)).toBeVisible();
  await page.getByLabel(/^(รหัสผ่านปัจจุบัน|Current password)$/).fill(PASSWORD);
  await page
    .getByRole('button', { name: /^(บันทึก|Save)$/ })
    .nth(1)
    .click();
  await expect(page.getByText(/เปลี่ยนรหัสผ่านแล้ว|Password changed/)).toBeVisible();
  expect(
    (await request.get('/api/auth', { headers: { authorization: `Bearer ${u.access_token}` } })).status(),
  ).toBe(401);
});

test('devices: another session is listed and can be signed out', async ({ page, request }) => {
  const u = await registerByApi(request, 'devices', 'devices-other-phone');
  await page.goto('/login?redirect=/account');
  await loginInPage(page, u.email);
  await expect(page.getByText('Playwright API')).toBeVisible();
  await page.getByRole('button', { name: /(ออกจากระบบ|Sign out) Playwright API/ }).click();
  await expect(page.getByText('Playwright API')).toHaveCount(0);
  expect(
    (await request.get('/api/auth', { headers: { authorization: `Bearer ${u.access_token}` } })).status(),
  ).toBe(401);
});

test('language switch changes the screens to English and back', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('combobox').first().selectOption('en');
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByRole('combobox').first().selectOption('th');
  await expect(page.getByRole('heading', { name: 'เข้าสู่ระบบ' })).toBeVisible();
});
