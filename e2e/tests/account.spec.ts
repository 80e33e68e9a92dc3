import type { Page } from '@playwright/test';
import {
  expectToast,
  expect,
  fitsTheScreen,
  loginInPage,
  mailTo,
  PASSWORD,
  registerByApi,
  test,
  withTokens,
} from './fixtures';

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
  await expectToast(page, /^(บันทึกแล้ว|Saved)$/, () =>
    page
      .getByRole('button', { name: /^(บันทึก|Save)$/ })
      .first()
      .click(),
  );
  await expectToast(page, /อัปเดตรูปโปรไฟล์แล้ว|Profile photo updated/, () =>
    page
      .getByLabel(/เปลี่ยนรูป|Change photo/)
      .first()
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG }),
  );
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
  await expectToast(page, /เปลี่ยนรหัสผ่านแล้ว|Password changed/, () =>
    page
      .getByRole('button', { name: /^(บันทึก|Save)$/ })
      .nth(1)
      .click(),
  );
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

test('when my organisation cannot be loaded, the account page says so and offers to try again, never to join one', async ({
  page,
  request,
}) => {
  const u = await registerByApi(request, 'org-down');
  const join = await request.post('/api/organizations/join', {
    headers: { authorization: `Bearer ${u.access_token}` },
    data: { code: 'RIANROO-HOSPITAL' },
  });
  expect(join.status()).toBe(200);
  await page.route('**/api/users/organization', (r) =>
    r.fulfill({
      status: 503,
      contentType: 'application/json',
      body: '{"statusCode":503,"code":"SERVICE_UNAVAILABLE","message":"down"}',
    }),
  );
  await withTokens(page, u);
  await page.goto('/account');
  const card = page.getByRole('region', { name: 'องค์กรของฉัน' });
  // Every retry has failed: the card says so, and does not invite a member to join as if they had none.
  await expect(card.getByRole('alert')).toHaveText('ระบบนี้ขัดข้องชั่วคราว กรุณาลองใหม่อีกครั้งในอีกสักครู่', {
    timeout: 20_000,
  });
  await expect(card.getByLabel('รหัสเข้าร่วมองค์กร')).toHaveCount(0);
  // Back again: "try again" shows the membership.
  await page.unroute('**/api/users/organization');
  await card.getByRole('button', { name: 'ลองอีกครั้ง' }).click();
  await expect(card.getByText('คุณเป็นสมาชิกของ โรงพยาบาลตัวอย่าง')).toBeVisible();
  await expect(card.getByRole('alert')).toHaveCount(0);
});

test('a join code too short or too long says how long it must be, not "please fill in this field"', async ({
  page,
  request,
}) => {
  const u = await registerByApi(request, 'org-short');
  await withTokens(page, u);
  await page.goto('/account');
  const field = page.getByLabel('รหัสเข้าร่วมองค์กร');
  await field.fill('abc');
  await page.getByRole('button', { name: 'เข้าร่วม' }).click();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('กรุณากรอกอย่างน้อย 4 ตัวอักษร')).toBeVisible();
  await expect(page.getByText('กรุณากรอกช่องนี้')).toHaveCount(0);
  await field.fill('R'.repeat(41));
  await expect(page.getByText('กรอกได้ไม่เกิน 40 ตัวอักษร')).toBeVisible();
  // Emptied, it is "please fill in" again.
  await field.fill('');
  await page.getByRole('button', { name: 'เข้าร่วม' }).click();
  await expect(page.getByText('กรุณากรอกช่องนี้')).toBeVisible();
});

/** The next time the page loads the signed-in user again (GET /api/auth), answered. */
const userReloaded = (page: Page) =>
  page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth' && r.request().method() === 'GET');

test('switching the language on the account page keeps the profile edits not saved yet', async ({
  page,
  request,
}) => {
  const u = await registerByApi(request, 'keep-lang');
  await withTokens(page, u);
  await page.goto('/account');
  await page.getByLabel('ชื่อ', { exact: true }).fill('ชื่อที่ยังไม่ได้บันทึก');
  // The language section of the same page also saves the account's e-mail language, and the user is loaded again.
  const reloaded = userReloaded(page);
  await page.getByRole('radio', { name: 'English' }).check();
  await reloaded;
  await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
  await expect(page.getByLabel('First name', { exact: true })).toHaveValue('ชื่อที่ยังไม่ได้บันทึก');
  // A field not edited takes what the server says; the edit is still there to be saved.
  await expect(page.getByLabel('Last name', { exact: true })).toHaveValue('อีทูอี');
  await expectToast(page, 'Saved', () =>
    page.getByRole('button', { name: 'Save', exact: true }).first().click(),
  );
  const me = await (
    await request.get('/api/auth', { headers: { authorization: `Bearer ${u.access_token}` } })
  ).json();
  expect(me).toMatchObject({ firstName: 'ชื่อที่ยังไม่ได้บันทึก', locale: 'en' });
});

test('changing the profile photo keeps the profile edits not saved yet', async ({ page, request }) => {
  const u = await registerByApi(request, 'keep-photo');
  await withTokens(page, u);
  await page.goto('/account');
  await page.getByLabel('นามสกุล', { exact: true }).fill('นามสกุลใหม่ที่ยังไม่บันทึก');
  const reloaded = userReloaded(page);
  await page
    .getByLabel('เปลี่ยนรูป')
    .first()
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('อัปเดตรูปโปรไฟล์แล้ว')).toBeVisible();
  await reloaded;
  await expect(page.getByRole('img', { name: 'รูปโปรไฟล์' })).toBeVisible();
  await expect(page.getByLabel('นามสกุล', { exact: true })).toHaveValue('นามสกุลใหม่ที่ยังไม่บันทึก');
});

test('the reset page takes the code out of the address once it has read it; a reload then asks for the link again', async ({
  page,
  request,
}) => {
  const u = await registerByApi(request, 'reset-address');
  expect((await request.post('/api/users/forgot-password', { data: { email: u.email } })).status()).toBe(200);
  const mail = await mailTo(request, u.email, /รหัสผ่าน/);
  const link = new URL(/http\S+\/reset-password\?code=[\w-]+/.exec(mail.text)![0]);
  const code = link.searchParams.get('code')!;
  await page.goto(link.pathname + link.search);
  // The editors' head scripts read document.location: the live code is not left there, nor in the history.
  await expect(page.getByText(/สำหรับบัญชี/)).toBeVisible();
  expect(page.url()).not.toContain(code);
  expect(new URL(page.url()).pathname).toBe('/reset-password');
  // (The form still sets the password with the code it read: the first test of this file.) A reload has no code
  // to read: it says so in plain words and offers a new link.
  await page.reload();
  await expect(page.getByText('ลิงก์ไม่สมบูรณ์ กรุณาเปิดลิงก์จากอีเมลอีกครั้ง')).toBeVisible();
  await expect(page.getByRole('link', { name: 'ขอลิงก์ใหม่' })).toHaveAttribute('href', '/forgot-password');
});

test('at 360 px the account, receipt and checkout pages fit the screen for a learner with a long e-mail address', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  // A valid address: its local part stays within the 64 characters e-mail allows.
  const u = await registerByApi(request, `wide-${'longaddress'.repeat(4)}`);
  expect(u.email.split('@')[0]!.length).toBeLessThanOrEqual(64);
  const headers = { authorization: `Bearer ${u.access_token}` };
  const started = await (
    await request.post('/api/checkout/orders', { headers, data: { plan: 'monthly' } })
  ).json();
  const paid = await request.post(`/api/checkout/sandbox/${started.order.id}/card`, {
    headers,
    data: { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Test' },
  });
  expect(paid.status()).toBe(200);
  const [receipt] = await (await request.get('/api/my-receipts', { headers })).json();
  await withTokens(page, u);
  for (const path of ['/account', `/account/receipts/${receipt.number}`, '/checkout/annual']) {
    await page.goto(path);
    await expect(page.getByText(u.email).first()).toBeVisible();
    await fitsTheScreen(page, path);
  }
});
