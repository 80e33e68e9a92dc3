import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, loginInPage, registerByApi, test } from './fixtures';

async function noSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

for (const path of [
  '/',
  '/login',
  '/register',
  '/forgot-password',
  '/set-password',
  '/reset-password',
  '/reset-password?code=not-a-real-code-0000000',
  '/no-such-page',
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
