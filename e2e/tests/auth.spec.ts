import type { APIRequestContext, Page } from '@playwright/test';
import {
  expect,
  fillContact,
  loginInPage,
  noSeriousViolations,
  PASSWORD,
  registerByApi,
  storageKeys,
  test,
  uniqueEmail,
  withTokens,
} from './fixtures';

test('registration creates the account, logs in and lands on the library', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel(/^(ชื่อ|First name)$/).fill('สมหญิง');
  await page.getByLabel(/^(นามสกุล|Last name)$/).fill('เรียนดี');
  const email = uniqueEmail('register');
  await page.getByLabel(/^(อีเมล|E-mail)$/).fill(email);
  await page.getByLabel(/^(รหัสผ่าน|Password)$/).fill(PASSWORD);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: /สร้างบัญชี|Create account/ }).click();
  // A new learner picks interests first; they shape the first library.
  await expect(page).toHaveURL('/welcome?redirect=%2Flibrary');
  await expect(page.getByRole('heading', { name: 'ยินดีต้อนรับ คุณสมหญิง' })).toBeVisible();
  await noSeriousViolations(page);
  await page.getByRole('button', { name: 'หุ้น' }).click();
  await expect(page.getByRole('button', { name: /หุ้น/ })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'เริ่มเรียนเลย' }).click();
  await expect(page).toHaveURL('/library');
  await expect(page.getByText('สมหญิง')).toBeVisible();
  await expect(page.getByRole('region', { name: 'คอร์สเกี่ยวกับ #หุ้น' })).toBeVisible();
  const keys = await storageKeys(page);
  expect(keys).toEqual(
    expect.arrayContaining(['token', 'refreshToken', 'tokenSavedTime', 'uid', 'profile', 'boughtAnnual']),
  );
});

test('registration shows the API error at the field when the e-mail is taken', async ({ page, request }) => {
  const u = await registerByApi(request);
  await page.goto('/register');
  await page.getByLabel(/^(ชื่อ|First name)$/).fill('ซ้ำ');
  await page.getByLabel(/^(นามสกุล|Last name)$/).fill('ซ้ำ');
  await page.getByLabel(/^(อีเมล|E-mail)$/).fill(u.email);
  await page.getByLabel(/^(รหัสผ่าน|Password)$/).fill(PASSWORD);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: /สร้างบัญชี|Create account/ }).click();
  await expect(page.getByText('อีเมลนี้มีบัญชีอยู่แล้ว')).toBeVisible();
  await expect(page).toHaveURL('/register');
});

test('login returns to the original protected path', async ({ page, request }) => {
  const u = await registerByApi(request);
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login\?redirect=%2Faccount/);
  await loginInPage(page, u.email);
  await expect(page).toHaveURL('/account');
  await expect(page.getByRole('heading', { name: /บัญชีของฉัน|My account/ })).toBeVisible();
});

test('a wrong password is refused with a message and nothing is stored', async ({ page, request }) => {
  const u = await registerByApi(request);
  await page.goto('/login');
  await loginInPage(page, u.email, 'not-my-password');
  await expect(page.getByText('อีเมลหรือรหัสผ่านไม่ถูกต้อง')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('logout clears the session from storage and the server', async ({ page, request }) => {
  await signedInOnLibrary(page, request);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  await page
    .getByRole('link', { name: /ออกจากระบบ|Log out/ })
    .first()
    .click();
  await expect(page).toHaveURL('/');
  const keys = await storageKeys(page);
  for (const key of ['token', 'refreshToken', 'tokenSavedTime', 'boughtAnnual', 'uid', 'profile'])
    expect(keys).not.toContain(key);
  const me = await request.get('/api/auth', { headers: { authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(401);
});

/** A new learner signed in through the login page, on the library. */
async function signedInOnLibrary(page: Page, request: APIRequestContext) {
  const u = await registerByApi(request);
  await page.goto('/login');
  await loginInPage(page, u.email);
  await expect(page).toHaveURL('/library');
  return u;
}

/** A learner registered from a device with a name of its own, which their account page lists. */
async function learnerWithDevice(request: APIRequestContext, tag: string) {
  const deviceName = `${tag}-${Date.now()}`;
  const res = await request.post('/api/users', {
    data: {
      email: uniqueEmail(tag),
      password: PASSWORD,
      firstName: 'เอ',
      lastName: 'คนแรก',
      acceptTerms: true,
      device: { id: `${tag}-device-${Date.now()}`, name: deviceName },
    },
  });
  expect(res.status()).toBe(201);
  const u = (await res.json()) as Awaited<ReturnType<typeof registerByApi>>;
  return { ...u, deviceName, headers: { authorization: `Bearer ${u.access_token}` } };
}

/** Holds the page's calls to these API paths until released, so that the next learner's answers are on their way. */
async function holdAnswers(page: Page, paths: string[]) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const held: string[] = [];
  for (const path of paths)
    await page.route(`**/api${path}`, async (route) => {
      held.push(path);
      await gate;
      await route.continue();
    });
  return { held, release };
}

test('a learner who logs in on a tab left open by another, who logged out in another tab, never sees the other’s devices', async ({
  page,
  request,
}) => {
  const a = await learnerWithDevice(request, 'shared-a');
  const b = await registerByApi(request, 'shared-b');
  await withTokens(page, a);
  await page.goto('/account');
  await expect(page.getByText(a.deviceName)).toBeVisible();

  // A logs out in another tab of the same browser; this tab follows to the login page.
  const other = await page.context().newPage();
  await other.goto('/logout');
  await expect(other).toHaveURL('/');
  await expect(page).toHaveURL(/\/login\?redirect=%2Faccount/);

  const { held, release } = await holdAnswers(page, ['/auth/sessions']);
  await loginInPage(page, b.email);
  await expect(page).toHaveURL('/account');
  await expect.poll(() => held).toContain('/auth/sessions');
  // While B's own list is on its way the section shows that it is loading, never A's devices.
  const devices = page.getByRole('region', { name: /อุปกรณ์ที่เข้าสู่ระบบ|Signed-in devices/ });
  await expect(devices.getByRole('status')).toBeVisible();
  await expect(page.getByText(a.deviceName)).toHaveCount(0);
  release();
  await expect(devices.getByRole('status')).toHaveCount(0);
  // B's own list: the device B registered from, and this browser.
  await expect(devices.getByText('Playwright API')).toBeVisible();
  await expect(page.getByText(a.deviceName)).toHaveCount(0);
});

test('after the server ends a learner’s session, the next learner to log in in that tab never sees the first one’s courses, devices or receipts', async ({
  page,
  request,
}) => {
  const a = await learnerWithDevice(request, 'revoked-a');
  const search = await (await request.get('/api/courses?q=' + encodeURIComponent('ออมเงิน'))).json();
  const course = search.courses[0];
  const outline = await (await request.get(`/api/courses/${course.slug}`)).json();
  const watched = await request.post('/api/users/on-going-episode', {
    headers: a.headers,
    data: {
      course_id: course.id,
      episode_id: outline.episodes[0].id,
      last_second: 20,
      episodeCompletionPercentage: 30,
    },
  });
  expect(watched.status()).toBe(200);
  const started = await (
    await request.post('/api/checkout/orders', { headers: a.headers, data: { plan: 'monthly' } })
  ).json();
  const paid = await request.post(`/api/checkout/sandbox/${started.order.id}/card`, {
    headers: a.headers,
    data: { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Test' },
  });
  expect(paid.status()).toBe(200);
  const [receipt] = await (await request.get('/api/my-receipts', { headers: a.headers })).json();
  const b = await registerByApi(request, 'revoked-b');

  // A's library and account page, in one tab without reloading: the answers stay in its cache.
  await withTokens(page, a);
  await page.goto('/library');
  const mine = page.getByRole('region', { name: 'คอร์สที่กำลังเรียน' });
  await expect(mine.getByRole('link', { name: course.title, exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'บัญชีของฉัน' }).first().click();
  await expect(page.getByText(a.deviceName)).toBeVisible();
  await expect(page.getByRole('link', { name: receipt.number })).toBeVisible();

  // A's session ends on the server (a logout elsewhere); the tab learns it at its next call.
  expect((await request.post('/api/auth/save-logout-user', { headers: a.headers })).status()).toBe(200);
  await page.getByRole('link', { name: 'คลังคอร์สของฉัน' }).first().click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Flibrary/);

  const { held, release } = await holdAnswers(page, [
    '/users/my-course',
    '/users/last-watched-episode',
    '/auth/sessions',
    '/my-receipts',
  ]);
  await loginInPage(page, b.email);
  await expect(page).toHaveURL('/library');
  await expect
    .poll(() => held)
    .toEqual(expect.arrayContaining(['/users/my-course', '/users/last-watched-episode']));
  await expect(mine.getByRole('status')).toBeVisible();
  await expect(mine.getByRole('link', { name: course.title, exact: true })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'เรียนต่อจากที่ค้างไว้' })).toHaveCount(0);
  await page.getByRole('link', { name: 'บัญชีของฉัน' }).first().click();
  await expect.poll(() => held).toEqual(expect.arrayContaining(['/auth/sessions', '/my-receipts']));
  await expect(page.getByRole('region', { name: 'ใบเสร็จรับเงิน' }).getByRole('status')).toBeVisible();
  await expect(page.getByText(a.deviceName)).toHaveCount(0);
  await expect(page.getByRole('link', { name: receipt.number })).toHaveCount(0);
  release();
  await expect(page.getByText('ยังไม่มีใบเสร็จ')).toBeVisible();
  await expect(page.getByText(a.deviceName)).toHaveCount(0);
  await expect(page.getByRole('link', { name: receipt.number })).toHaveCount(0);
});

test('a stale tokenSavedTime makes the refresh call happen before the next authenticated call', async ({
  page,
  request,
}) => {
  await signedInOnLibrary(page, request);
  // Let the library finish its own calls first: a refresh cut off by the navigation below would spend the
  // token on the server without the page ever storing its successor.
  // The library's greeting with the learner's name (courses made by other tests may have the word in a title).
  await expect(page.getByText('สวัสดี ทดสอบ')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.evaluate(() =>
    localStorage.setItem('tokenSavedTime', String(Math.floor(Date.now() / 1000) - 90_000)),
  );
  const order: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/') && url.pathname !== '/api/public-config')
      order.push(`${r.method()} ${url.pathname}`);
  });
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: /อุปกรณ์ที่เข้าสู่ระบบ|Signed-in devices/ })).toBeVisible();
  expect(order[0]).toBe('POST /api/auth/refresh');
  expect(order.indexOf('POST /api/auth/refresh')).toBeLessThan(order.indexOf('GET /api/auth/sessions'));
  expect(order.filter((o) => o === 'POST /api/auth/refresh')).toHaveLength(1);
  const saved = Number(await page.evaluate(() => localStorage.getItem('tokenSavedTime')));
  expect(Date.now() / 1000 - saved).toBeLessThan(60);
});

test('two tabs needing a refresh at once send one refresh and both stay signed in', async ({
  page,
  request,
}) => {
  await signedInOnLibrary(page, request);
  await page.waitForLoadState('networkidle');
  const second = await page.context().newPage();
  await second.goto('/account');
  await expect(second.getByRole('heading', { name: /อุปกรณ์ที่เข้าสู่ระบบ|Signed-in devices/ })).toBeVisible();
  await second.waitForLoadState('networkidle');
  // Both tabs now hold a token that is due for refreshing (local storage is shared by the tabs).
  await page.evaluate(() =>
    localStorage.setItem('tokenSavedTime', String(Math.floor(Date.now() / 1000) - 90_000)),
  );
  const refreshes: string[] = [];
  page.context().on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/auth/refresh') refreshes.push(r.url());
  });
  await Promise.all([page.reload(), second.reload()]);
  await expect(page.getByText('สวัสดี ทดสอบ')).toBeVisible();
  await expect(second.getByRole('heading', { name: /อุปกรณ์ที่เข้าสู่ระบบ|Signed-in devices/ })).toBeVisible();
  await Promise.all([page.waitForLoadState('networkidle'), second.waitForLoadState('networkidle')]);
  // The server ends a session whose spent refresh token comes back: one refresh, and the session lives.
  expect(refreshes).toHaveLength(1);
  const token = await second.evaluate(() => localStorage.getItem('token'));
  const me = await request.get('/api/auth', { headers: { authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(200);
  await expect(second).toHaveURL('/account');
});

test('the device-limit flow signs out a chosen device and completes the login', async ({ page, request }) => {
  const u = await registerByApi(request, 'limit', 'limit-device-one');
  for (const id of ['limit-device-two', 'limit-device-three']) {
    const res = await request.post('/api/auth', {
      data: { email: u.email, password: PASSWORD, device: { id, name: `Phone ${id}` } },
    });
    expect(res.status()).toBe(200);
  }
  await page.goto('/login');
  await loginInPage(page, u.email);
  await expect(
    page.getByRole('heading', { name: /ใช้งานครบจำนวนอุปกรณ์แล้ว|Device limit reached/ }),
  ).toBeVisible();
  await page.getByRole('button', { name: /ออกจากระบบอุปกรณ์ที่เลือก|Sign out selected/ }).click();
  await expect(page.getByText(/เลือกอย่างน้อย 1 อุปกรณ์|Choose at least one/)).toBeVisible();
  await page.getByLabel(/Phone limit-device-two/).check();
  await page.getByRole('button', { name: /ออกจากระบบอุปกรณ์ที่เลือก|Sign out selected/ }).click();
  await expect(page).toHaveURL('/library');
  const sessions = await request.get('/api/auth/sessions', {
    headers: { authorization: `Bearer ${u.access_token}` },
  });
  const names = ((await sessions.json()) as { deviceName: string }[]).map((s) => s.deviceName);
  expect(names).not.toContain('Phone limit-device-two');
  expect(names).toHaveLength(3);
});

test('Facebook sign-in: the login dialog, back with a token, signed in on the library', async ({ page }) => {
  const email = uniqueEmail('facebook');
  await page.goto('/login?redirect=%2Flibrary');
  await page.getByRole('button', { name: 'เข้าสู่ระบบด้วย Facebook' }).click();
  await expect(page.getByRole('heading', { name: 'Facebook (test double)' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  // A first social sign-in accepts the terms and the privacy notice before anything else (PDPA).
  await expect(page).toHaveURL('/accept-terms?redirect=%2Flibrary');
  await page.getByRole('button', { name: 'ยอมรับและใช้งานต่อ' }).click();
  await expect(page).toHaveURL('/library');
  await expect(page.getByText('สวัสดี เฟซบุ๊ก')).toBeVisible();
  // The token left the address bar and the history.
  expect(await page.evaluate(() => window.location.hash)).toBe('');
});

test('a cancelled Facebook dialog comes back to a plain message and the way back', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'เข้าสู่ระบบด้วย Facebook' }).click();
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page.getByText('ยกเลิกการเข้าสู่ระบบด้วย Facebook แล้ว')).toBeVisible();
  await page.getByRole('link', { name: 'กลับไปหน้าเข้าสู่ระบบ' }).click();
  await expect(page).toHaveURL('/login');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('partner sign-in: the partner’s own login page, back to the platform, contact details, the organisation’s course open', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('partner');
  await page.goto('/login');
  await page.getByRole('button', { name: 'เข้าสู่ระบบด้วย ศิริราช' }).click();
  // The partner's identity server (oidc-provider) asks who this is.
  await page.locator('input[name=login]').fill(email);
  await page.locator('input[name=password]').fill('the-partners-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  // Signed in: the terms and the privacy notice first (PDPA), then the partner's organisation asks for contact
  // details.
  await expect(page).toHaveURL('/accept-terms?redirect=%2Flibrary');
  expect(await page.evaluate(() => window.location.search)).not.toContain('code=');
  await page.getByRole('button', { name: 'ยอมรับและใช้งานต่อ' }).click();
  await expect(page).toHaveURL('/guard-contact?redirect=%2Flibrary');
  expect(await page.evaluate(() => window.location.search)).not.toContain('code=');
  await fillContact(page, 'โรงพยาบาลศิริราช');
  await expect(page).toHaveURL('/library');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const course = (await (await request.get('/api/courses/healthy-eating')).json()).course.id as string;
  const access = await request.get(`/api/users/check/course/${course}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(await access.json()).toMatchObject({ canAccess: true, reason: 'organization' });
});

test('a partner answer this tab did not start is refused in plain words, and signs nobody in', async ({
  page,
}) => {
  await page.goto('/login/siriraj?code=stolen-code&state=someone-elses-state');
  await expect(page.getByText('เข้าสู่ระบบด้วย ศิริราช ไม่สำเร็จ กรุณาลองอีกครั้ง')).toBeVisible();
  expect(await page.evaluate(() => window.location.search)).toBe('');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await noSeriousViolations(page);
});

test('sign-up at 360 px: every message is Thai, at its field, and stays until fixed; the terms open from the checkbox', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/register');
  await page.getByRole('button', { name: 'สร้างบัญชี' }).click();
  const email = page.getByLabel('อีเมล');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  const errorId = (await email.getAttribute('aria-describedby'))!.split(' ')[0];
  const emailError = page.locator(`[id="${errorId}"]`);
  await expect(emailError).toHaveText(/[\u0E00-\u0E7F]/);
  await email.fill('not-an-address');
  await page.getByLabel('ชื่อ', { exact: true }).click();
  await expect(emailError).toHaveText(/[\u0E00-\u0E7F]/);
  // Nothing English or raw on the Thai screen.
  const text = await page.locator('form').innerText();
  expect(text).not.toMatch(/Invalid|Too small|expected|Required/);
  await email.fill(uniqueEmail('signup-fixed'));
  await expect(email).not.toHaveAttribute('aria-invalid', 'true');
  const [terms] = await Promise.all([
    page.waitForEvent('popup'),
    page
      .locator('form')
      .getByRole('link', { name: /ข้อกำหนด/ })
      .click(),
  ]);
  await expect(terms).toHaveURL('/terms');
  await expect(terms.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await noSeriousViolations(page);
});
