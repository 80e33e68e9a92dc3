import { expect, test } from './fixtures';

test.describe('protected paths (spec section 2)', () => {
  for (const path of [
    '/library',
    '/account',
    '/product/some-course',
    '/summary-document/slug',
    '/communication-page',
    '/guard-contact',
    '/renewal?cpc=SAVE10',
    '/free-trial',
  ]) {
    test(`anonymous visit of ${path} goes to /login with the path`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(path)}`);
      await expect(page.getByRole('heading', { name: /เข้าสู่ระบบ|Log in/ })).toBeVisible();
    });
  }

  test('anonymous visit under /free-trial/ goes to /register', async ({ page }) => {
    await page.goto('/free-trial/annual?cpc=X');
    await expect(page).toHaveURL(`/register?redirect=${encodeURIComponent('/free-trial/annual?cpc=X')}`);
  });

  test('public pages stay where they are, unknown pages say 404', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL('/');
    await page.goto('/no-such-page');
    await expect(page.getByText('404')).toBeVisible();
  });
});
