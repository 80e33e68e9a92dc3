import { expect, loginInPage, registerByApi, test, noSeriousViolations } from './fixtures';

for (const path of [
  '/',
  '/login',
  '/register',
  '/forgot-password',
  '/set-password',
  '/reset-password',
  '/reset-password?code=not-a-real-code-0000000',
  '/no-such-page',
  '/terms',
  '/privacy',
  '/next-instructor',
  '/unsubscribe?token=not-a-real-token',
  '/login/line?code=x&state=y',
]) {
  test(`axe: no serious or critical violation on ${path}`, async ({ page }) => {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await noSeriousViolations(page);
  });
}

test('axe: no serious or critical violation on the library and account pages', async ({ page, request }) => {
  const u = await registerByApi(request, 'axe');
  await page.goto('/login');
  await loginInPage(page, u.email);
  await expect(page).toHaveURL('/library');
  await page.waitForLoadState('networkidle');
  await noSeriousViolations(page);
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: /อุปกรณ์ที่เข้าสู่ระบบ/ })).toBeVisible();
  await noSeriousViolations(page);
});
