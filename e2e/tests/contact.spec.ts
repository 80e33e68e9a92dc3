import {
  expectToast,
  expect,
  fillContact,
  mailTo,
  noSeriousViolations,
  registerByApi,
  test,
  withTokens,
} from './fixtures';

test('joining an organisation that requires contact details: the guard first, Thai errors, then the library', async ({
  page,
  request,
}) => {
  const u = await registerByApi(request, 'org');
  await withTokens(page, u);
  await page.goto('/account');
  await page.getByLabel(/^(รหัสเข้าร่วมองค์กร|Organisation code)$/).fill('rianroo-hospital');
  await page.getByRole('button', { name: /^(เข้าร่วม|Join)$/ }).click();
  await expect(page).toHaveURL('/guard-contact?redirect=%2Flibrary');
  await expect(page.getByRole('heading', { name: 'ข้อมูลติดต่อของคุณ' })).toBeVisible();
  await noSeriousViolations(page);
  // Nothing filled in: every message is Thai, at its field.
  await page.getByRole('button', { name: 'บันทึกและไปต่อ' }).click();
  await expect(page.getByText('กรุณาให้ความยินยอมก่อนบันทึก')).toBeVisible();
  await page.getByLabel('เบอร์โทรศัพท์').fill('เบอร์ผิด');
  await page.getByLabel('เบอร์โทรศัพท์').blur();
  await expect(page.getByText('เบอร์โทรศัพท์ไม่ถูกต้อง')).toBeVisible();
  await fillContact(page, 'โรงพยาบาลตัวอย่าง', 'เชียงใหม่');
  await expect(page).toHaveURL('/library');
  // Asked once: the library does not send the learner back.
  await page.reload();
  await expect(page.getByRole('heading', { name: /คลังคอร์สของฉัน|My library/ })).toBeVisible();
  await expect(page).toHaveURL('/library');
  // The organisation's granted course is open to the learner without a plan.
  const check = await request.get('/api/courses/healthy-eating');
  const courseId = (await check.json()).course.id as string;
  const access = await request.get(`/api/users/check/course/${courseId}`, {
    headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` },
  });
  expect(await access.json()).toMatchObject({ canAccess: true, reason: 'organization' });
});

test('the library sends a member without contact details to the guard first, also at 360 px', async ({
  page,
  request,
}) => {
  const u = await registerByApi(request, 'guard');
  const join = await request.post('/api/organizations/join', {
    headers: { authorization: `Bearer ${u.access_token}` },
    data: { code: 'RIANROO-HOSPITAL' },
  });
  expect(join.status()).toBe(200);
  await page.setViewportSize({ width: 360, height: 740 });
  await withTokens(page, u);
  await page.goto('/library');
  await expect(page).toHaveURL('/guard-contact?redirect=%2Flibrary');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
});

test('a member without contact details who opens a granted course directly meets the contact guard first, then the course', async ({
  page,
  request,
}) => {
  const u = await registerByApi(request, 'guard-direct');
  const join = await request.post('/api/organizations/join', {
    headers: { authorization: `Bearer ${u.access_token}` },
    data: { code: 'RIANROO-HOSPITAL' },
  });
  expect(join.status()).toBe(200);
  await withTokens(page, u);
  // Straight to the organisation's course (a bookmark, a link in the organisation's mail), not via /library.
  await page.goto('/library/course/healthy-eating');
  await expect(page).toHaveURL(
    `/guard-contact?redirect=${encodeURIComponent('/library/course/healthy-eating')}`,
  );
  await expect(page.getByText(/^องค์กรของคุณขอข้อมูลติดต่อ/)).toBeVisible();
  // Too long for the field: it takes no more than the contract allows.
  const organisation = page.getByLabel('หน่วยงาน / บริษัท');
  await organisation.fill('ก'.repeat(121));
  await expect(organisation).toHaveValue('ก'.repeat(120));
  await fillContact(page, 'โรงพยาบาลตัวอย่าง');
  // Given once, the course opens where the learner was going.
  await expect(page).toHaveURL(/\/library\/course\/healthy-eating\/(episode|test)\//);
});

test('e-mail preferences: saved on the communication page; a mail link unsubscribes without a login, once', async ({
  page,
  browser,
  request,
}) => {
  // Two pages, a reload after each step and a mail through the job queue: over a minute on a busy machine.
  test.setTimeout(120_000);
  const u = await registerByApi(request, 'unsub');
  await withTokens(page, u);
  await page.goto('/communication-page');
  const reminders = page.getByRole('switch', { name: /การแจ้งเตือน/ });
  await expect(reminders).toBeChecked();
  await expectToast(page, 'บันทึกแล้ว', () => reminders.uncheck());
  await page.reload();
  await expect(page.getByRole('switch', { name: /การแจ้งเตือน/ })).not.toBeChecked();
  await noSeriousViolations(page);

  // A password-link mail carries the link that turns every optional mail off.
  await request.post('/api/users/forgot-password', { data: { email: u.email } });
  const mail = await mailTo(request, u.email, /รหัสผ่าน/);
  const link = /http:\/\/[^\s]+\/unsubscribe\?token=[\w.-]+/.exec(mail.text)![0];
  const stranger = await browser.newPage(); // no session at all
  await stranger.goto(new URL(link).pathname + new URL(link).search);
  await expect(stranger.getByText('ข่าวสารและคอร์สใหม่')).toBeVisible();
  await stranger.getByRole('button', { name: 'ยืนยันการยกเลิก' }).click();
  await expect(stranger.getByText(/เรียบร้อย อีเมล .+ จะไม่ได้รับอีเมลเหล่านี้อีก/)).toBeVisible();
  await stranger.reload();
  await expect(stranger.getByText(/ลิงก์นี้ถูกใช้ไปแล้วหรือหมดอายุ/)).toBeVisible();
  await page.reload();
  for (const name of [/ข่าวสาร/, /โปรโมชัน/, /การแจ้งเตือน/])
    await expect(page.getByRole('switch', { name })).not.toBeChecked();
  await stranger.close();
});

test('an e-mail switch whose save fails goes back and says so, even when another switch was saved meanwhile', async ({
  page,
  request,
}) => {
  const u = await registerByApi(request, 'comm-fail');
  const saved = async () =>
    (
      await (
        await request.get('/api/auth', { headers: { authorization: `Bearer ${u.access_token}` } })
      ).json()
    ).marketing as { news: boolean; promotions: boolean };
  expect(await saved()).toMatchObject({ news: true, promotions: false });
  await withTokens(page, u);
  // The first save (news off) is held until the second (promotions on) has been saved, then fails.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let first = true;
  await page.route(/\/api\/users\/[^/?]+$/, async (route) => {
    if (route.request().method() !== 'PATCH' || !first) return route.continue();
    first = false;
    await held;
    await route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'down' }),
    });
  });
  await page.goto('/communication-page');
  const news = page.getByRole('switch', { name: /ข่าวสารและคอร์สใหม่/ });
  const promotions = page.getByRole('switch', { name: /โปรโมชันและส่วนลด/ });
  await expect(news).toBeChecked();
  await news.click();
  const second = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.status() === 200);
  await promotions.click();
  await second;
  release();
  // The screen shows what is saved: news still on (the learner keeps getting it), promotions on; and it says so.
  await expect(page.getByRole('alert').filter({ hasText: 'ข่าวสารและคอร์สใหม่' })).toContainText(
    'บันทึก “ข่าวสารและคอร์สใหม่” ไม่สำเร็จ จึงกลับเป็นค่าเดิม ระบบนี้ขัดข้องชั่วคราว',
  );
  await expect(news).toBeChecked();
  await expect(promotions).toBeChecked();
  expect(await saved()).toMatchObject({ news: true, promotions: true });
});

test("teach with us: the application is sent without a login, with the spec's toast", async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'มาสอนกับเรา' }).click();
  await expect(page.getByRole('heading', { name: 'มาสอนกับเรา' })).toBeVisible();
  await page.getByLabel('ชื่อ-นามสกุล').fill('ครูสมศรี ใจดี');
  await page.getByLabel('อีเมล').fill('somsri.teacher@example.com');
  await page.getByLabel('เบอร์โทรศัพท์').fill('0812345678');
  await page.getByLabel('หัวข้อที่อยากสอน').fill('การออมเงินสำหรับครอบครัว');
  await expectToast(page, 'Successfully Sent', () => page.getByRole('button', { name: 'ส่งใบสมัคร' }).click());
  await expect(page.getByText('เราได้รับใบสมัครของคุณแล้ว')).toBeVisible();
  await noSeriousViolations(page);
});
