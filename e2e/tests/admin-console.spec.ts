import type { Page } from '@playwright/test';
import {
  adminApi,
  expect,
  loginInPage,
  noSeriousViolations,
  registerByApi,
  test,
  loginAsAdmin,
} from './fixtures';

const adminNav = (page: Page) => page.getByRole('navigation', { name: 'เมนูผู้ดูแลระบบ' });

test('an administrator finds a user, ends their session (refused at once), and reads it in the audit log', async ({
  page,
  request,
}) => {
  // One journey through four screens at two widths, with axe on each.
  test.setTimeout(180_000);
  const learner = await registerByApi(request, 'console');
  await page.goto('/admin');
  // Signed out: the login page, and back to the console afterwards.
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin/);
  await loginAsAdmin(page);
  await expect(page.getByRole('heading', { level: 1, name: 'คอนโซลผู้ดูแลระบบ' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'คอนโซลผู้ดูแลระบบ' }).first()).toBeVisible();
  await noSeriousViolations(page);

  await adminNav(page).getByRole('link', { name: 'ผู้ใช้' }).click();
  await expect(adminNav(page).getByRole('link', { name: 'ผู้ใช้' })).toHaveAttribute('aria-current', 'page');
  await page.getByLabel('ค้นหาด้วยอีเมลหรือชื่อ').fill(learner.email);
  await page.getByRole('button', { name: 'ค้นหา' }).click();
  await expect(page).toHaveURL(/q=console/);
  await expect(page.getByText('แสดง 1–1 จาก 1 รายการ')).toBeVisible();
  await noSeriousViolations(page);

  await page.getByRole('link', { name: learner.email }).click();
  await expect(page.getByRole('heading', { name: 'เซสชันที่ใช้งานอยู่' })).toBeVisible();
  // The form to grant a subscription (the learner has none) is part of the page axe checks.
  const grant = page.getByRole('form', { name: 'มอบสิทธิ์สมาชิก' });
  await expect(grant).toBeVisible();
  await expect(grant).toHaveAttribute('novalidate', '');
  // Sent without its reason: the form names what is missing in Thai at the field (no browser bubble), focus
  // goes there, and nothing is granted.
  await grant.getByRole('button', { name: 'มอบสิทธิ์สมาชิก' }).click();
  const reason = grant.getByLabel('เหตุผล');
  await expect(reason).toBeFocused();
  await expect(reason).toHaveAttribute('aria-invalid', 'true');
  await expect(reason).toHaveAccessibleDescription(/^กรุณากรอกเหตุผล/);
  const learnerAuth = { authorization: `Bearer ${learner.access_token}` };
  expect(await (await request.get('/api/my-subscription', { headers: learnerAuth })).json()).toBeNull();
  await noSeriousViolations(page);
  await page.getByRole('button', { name: 'ยุติเซสชันบน Playwright API' }).click();
  const dialog = page.getByRole('dialog', { name: 'ยุติเซสชันบน Playwright API' });
  await noSeriousViolations(page);
  await dialog.getByRole('button', { name: 'ยืนยัน' }).click();
  await expect(page.getByText('ไม่มีเซสชันที่ใช้งานอยู่')).toBeVisible();

  // The learner's token is refused from now on.
  const after = await request.get('/api/auth', {
    headers: { authorization: `Bearer ${learner.access_token}` },
  });
  expect(after.status()).toBe(401);

  await adminNav(page).getByRole('link', { name: 'บันทึกการแก้ไข' }).click();
  // A sentence: who did what to which named thing; filtered by person, kind and day.
  const row = page.getByRole('row').filter({ hasText: 'session.revoke' }).first();
  await expect(row).toBeVisible();
  await expect(row).toContainText('ผู้ดูแล ระบบ เพิกถอน เซสชัน Playwright API');
  const filters = page.getByRole('main');
  await filters
    .getByRole('combobox', { name: /^ผู้ดูแลระบบ/ })
    .selectOption({ label: 'ผู้ดูแล ระบบ (admin@rianroo.dev)' });
  await filters.getByRole('combobox', { name: /^ประเภทข้อมูล/ }).selectOption({ label: 'เซสชัน' });
  await filters.getByLabel('ตั้งแต่วันที่').fill(new Date(Date.now() - 86_400_000).toISOString().slice(0, 10));
  await page.getByRole('button', { name: 'กรอง', exact: true }).click();
  await expect(page).toHaveURL(/entity=session/);
  await expect(row).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'course.' })).toHaveCount(0);
  await row.getByText('ดูการเปลี่ยนแปลง').click();
  await expect(row.getByRole('cell', { name: 'ended-by-admin' })).toBeVisible();
  await noSeriousViolations(page);

  // A phone's width: nothing wider than the screen, the menu is one button that opens the sections.
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of ['/admin', '/admin/users', `/admin/users/${learner.user.id}`, '/admin/audit']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const { scroll, view } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      view: document.documentElement.clientWidth,
    }));
    expect(scroll, `${path} is wider than the screen`).toBeLessThanOrEqual(view);
    await noSeriousViolations(page);
  }
  await page.getByRole('button', { name: /เปิดเมนูผู้ดูแลระบบ/ }).click();
  await adminNav(page).getByRole('link', { name: 'ผู้ใช้' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ผู้ใช้' })).toBeVisible();
});

test('a learner at /admin is told it is for administrators only', async ({ page, request }) => {
  const learner = await registerByApi(request, 'not-admin');
  await page.goto('/login?redirect=/admin');
  await loginInPage(page, learner.email);
  await expect(page.getByRole('heading', { name: 'เฉพาะผู้ดูแลระบบ' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'คอนโซลผู้ดูแลระบบ' })).toHaveCount(0);
  await noSeriousViolations(page);
});

test('an administrator creates an organisation and a coupon, marks an application; axe on each of these screens', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36);
  const applied = await request.post('/api/next-instructor-form', {
    data: {
      name: `ครูทดสอบ ${tag}`,
      email: `teach-${tag}@example.com`,
      phone: '0812345678',
      topic: `หัวข้อ ${tag}`,
    },
  });
  expect(applied.ok()).toBe(true);
  await page.goto('/login?redirect=/admin');
  await loginAsAdmin(page);

  await adminNav(page).getByRole('link', { name: 'องค์กร' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'องค์กร' })).toBeVisible();
  await noSeriousViolations(page);
  await page.getByRole('link', { name: '+ เพิ่มองค์กร' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'เพิ่มองค์กร' })).toBeVisible();
  await page.getByLabel('ชื่อองค์กร').fill(`องค์กร ${tag}`);
  await page.getByLabel('โดเมนอีเมล').fill(`${tag}.example.ac.th`);
  await noSeriousViolations(page);
  await page.getByRole('button', { name: 'สร้างองค์กร' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `องค์กร ${tag}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'คอร์สที่มอบให้และคอร์สแนะนำ' })).toBeVisible();
  await noSeriousViolations(page);
  const orgUrl = page.url();

  await adminNav(page).getByRole('link', { name: 'แพ็กเกจ' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'แพ็กเกจ' })).toBeVisible();
  await expect(page.getByRole('cell', { name: /฿/ }).first()).toBeVisible();
  await noSeriousViolations(page);
  await page.getByRole('row').nth(1).getByRole('link').click();
  await expect(page.getByLabel('ราคา (บาท)')).toBeVisible();
  await noSeriousViolations(page);

  await adminNav(page).getByRole('link', { name: 'คูปอง' }).click();
  await page.getByRole('link', { name: '+ เพิ่มคูปอง' }).click();
  // The list's search box is labelled "ค้นหาด้วยโค้ด": wait for the new-coupon page, then fill its own field.
  await expect(page.getByRole('heading', { level: 1, name: 'เพิ่มคูปอง' })).toBeVisible();
  await page.getByLabel('โค้ด', { exact: true }).fill(`E2E${tag}`);
  await page.getByLabel('ส่วนลด (%)').fill('15');
  await noSeriousViolations(page);
  await page.getByRole('button', { name: 'สร้าง' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `E2E${tag}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'การใช้โค้ด' })).toBeVisible();
  await noSeriousViolations(page);

  await adminNav(page).getByRole('link', { name: 'ใบสมัครผู้สอน' }).click();
  await page.getByRole('link', { name: `ครูทดสอบ ${tag}` }).click();
  // The list has its own "สถานะ" filter: act on the application's page only once it is shown.
  await expect(page.getByRole('heading', { level: 1, name: `ครูทดสอบ ${tag}` })).toBeVisible();
  await page.getByLabel('สถานะ').selectOption('contacted');
  await page.getByLabel('หมายเหตุ').fill('โทรนัดแล้ว');
  await page.getByRole('button', { name: 'บันทึกผล' }).click();
  await expect(page.getByText('บันทึกผลใบสมัครแล้ว')).toBeVisible();
  await expect(page.getByText('ติดต่อแล้ว').first()).toBeVisible();
  await noSeriousViolations(page);

  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of [
    '/admin/organizations',
    orgUrl,
    '/admin/plans',
    '/admin/coupons',
    '/admin/applications',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const { scroll, view } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      view: document.documentElement.clientWidth,
    }));
    expect(scroll, `${path} is wider than the screen`).toBeLessThanOrEqual(view);
    await noSeriousViolations(page);
  }
});

test('every console screen fits a 360 px phone, also with long unbroken titles, codes, names and e-mail addresses', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36);
  const long = (n: number) => 'ยาว'.repeat(n);
  const post = await adminApi(request);
  type Course = { id: string; episodes: { id: string }[] };
  const course = await post<Course>('/courses', { title: `คอร์สทดสอบ${long(60)}`, slug: `wide-${tag}` });
  const [episode] = (await post<Course>(`/courses/${course.id}/episodes`, { title: `ตอน${long(60)}` }))
    .episodes;
  const quiz = await post<{ id: string }>(`/courses/${course.id}/assessments`, {
    kind: 'pre_test',
    title: `แบบทดสอบ${long(50)}`,
  });
  await post(`/assessments/${quiz.id}/questions`, {
    kind: 'single',
    prompt: `คำถาม${long(100)}`,
    choices: [
      { label: `ถูก${long(60)}`, correct: true },
      { label: 'ผิด', correct: false },
    ],
  });
  const plan = await post<{ id: string; code: string }>('/plans', {
    code: `wide-${tag}`.padEnd(40, 'x'),
    nameTh: `แพ็กเกจ${long(30)}`,
    nameEn: 'Plan',
    interval: 'month',
    intervalCount: 1,
    lengthDays: 30,
    priceSatang: 99_999_999,
    active: true,
    sort: 99,
  });
  const coupon = await post<{ id: string }>('/coupons', {
    code: `W${tag}`.toUpperCase().padEnd(40, 'X'),
    percentOff: null,
    amountOffSatang: 99_999_999,
    planCodes: [plan.code],
    validFrom: null,
    validTo: null,
    maxRedemptions: 10_000_000,
    oncePerLearner: true,
    active: true,
  });
  const learner = await registerByApi(request, `an-unbroken-address-${tag}`.padEnd(44, 'x'));
  const org = await post<{ id: string }>('/organizations', {
    name: `องค์กร${long(40)}`,
    requiresContact: false,
    inviteCode: `W${tag}`.padEnd(40, 'X'),
    ssoProvider: null,
    emailDomains: [`an-unbroken-domain-name-${tag}.example.ac.th`],
  });
  await post(`/organizations/${org.id}/members`, { email: learner.email });
  const applied = await request.post('/api/next-instructor-form', {
    data: { name: `ครู${long(35)}`, email: learner.email, phone: '0812345678', topic: `หัวข้อ${long(60)}` },
  });
  expect(applied.status(), await applied.text()).toBeLessThan(300);

  await page.goto('/login?redirect=/admin');
  await loginAsAdmin(page);
  await expect(page.getByRole('heading', { level: 1, name: 'คอนโซลผู้ดูแลระบบ' })).toBeVisible();
  await page.setViewportSize({ width: 360, height: 740 });
  const wide: string[] = [];
  for (const path of [
    '/admin/courses',
    `/admin/courses/${course.id}`,
    `/admin/courses/${course.id}/episodes/${episode!.id}`,
    `/admin/courses/${course.id}/assessments/${quiz.id}`,
    '/admin/evaluation',
    '/admin/plans',
    `/admin/plans/${plan.id}`,
    '/admin/coupons',
    `/admin/coupons/${coupon.id}`,
    '/admin/organizations',
    `/admin/organizations/${org.id}`,
    '/admin/applications',
    `/admin/users?q=${tag}`,
    `/admin/users/${learner.user.id}`,
    '/admin/audit',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    // The widest things, named, rather than only the page's width.
    const over = await page.evaluate(() => {
      const view = document.documentElement.clientWidth;
      if (document.documentElement.scrollWidth <= view) return null;
      const out = Array.from(document.querySelectorAll('main *')).filter(
        (e) => e.getBoundingClientRect().right > view + 1,
      );
      const inner = out.filter((e) => !out.some((o) => o !== e && e.contains(o)));
      return `${document.documentElement.scrollWidth} > ${view}: ${inner
        .slice(0, 3)
        .map((e) => `<${e.tagName.toLowerCase()}> ${(e.textContent ?? '').slice(0, 30)}`)
        .join(' | ')}`;
    });
    if (over) wide.push(`${path}: ${over}`);
  }
  expect(wide).toEqual([]);
});
