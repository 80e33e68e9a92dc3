import { expect, test } from './fixtures';

test('the chat widget shows at 1024 px and not at 700 px, and follows resizes', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  await page.goto('/');
  await expect(page.getByTestId('chat-widget')).toBeVisible();
  await page.getByRole('button', { name: /แชทกับเรา|Chat with us/ }).click();
  await expect(page.getByRole('dialog')).toContainText('สวัสดีค่ะ');
  await expect(page.getByRole('link', { name: /เริ่มแชท|Start chat/ })).toHaveAttribute('href', /^https:\/\//);
  await page.setViewportSize({ width: 700, height: 800 });
  await expect(page.getByTestId('chat-widget')).toHaveCount(0);
  await page.goto('/');
  await expect(page.getByTestId('chat-widget')).toHaveCount(0);
});

test('the page scrolls to the top after a route change', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 400 });
  await page.goto('/');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  await page
    .getByRole('link', { name: /เข้าสู่ระบบ|Log in/ })
    .first()
    .click();
  await expect(page).toHaveURL('/login');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('the app works without Google: no waiting, no Google button', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: /^(เข้าสู่ระบบ|Log in)$/ })).toBeEnabled();
  await expect(page.locator('iframe[src*="accounts.google.com"]')).toHaveCount(0);
});

test('mobile width: the menu opens and everything fits at 360 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await page.getByRole('button', { name: /เมนู|Menu/ }).click();
  await expect(page.locator('#mobile-menu').getByRole('link', { name: /สมัครสมาชิก|Sign up/ })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('first visit: the shell paints before any script, assets come compressed and cached for good, nothing goes to a third party', async ({
  page,
  request,
  browser,
}) => {
  const outside: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (!['127.0.0.1', 'localhost'].includes(url.hostname) && url.protocol !== 'data:') outside.push(r.url());
  });
  for (const path of ['/', '/login', '/courses']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(outside).toEqual([]);

  const html = await (await request.get('/')).text();
  const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
  for (const [accept, encoding] of [
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
  ] as const) {
    const res = await request.get(script, { headers: { 'accept-encoding': accept } });
    expect(res.headers()['content-encoding']).toBe(encoding);
    expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers()['vary']).toMatch(/accept-encoding/i);
  }

  // With scripts off, the page still shows the header and a skeleton (the static shell of index.html).
  const context = await browser.newContext({ javaScriptEnabled: false });
  const bare = await context.newPage();
  await bare.goto('/');
  await expect(bare.getByText('Rianroo')).toBeVisible();
  await context.close();
});
