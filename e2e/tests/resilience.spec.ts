import { expect, noSeriousViolations, test } from './fixtures';

// Never a blank page (issue 36): a page whose code cannot be fetched reloads once to the new build, or, offline,
// says so in Thai with "try again".

test('a page whose code is gone since the tab opened (a deploy) reloads once to the new build, at the same address', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The chunk this tab's build names is gone: the first request for it fails as after a deploy, later ones
  // (the new build's) succeed.
  let refused = 0;
  await page.route(/\/assets\/CatalogPage-[^/]+\.js$/, async (route) => {
    if (refused++ === 0) return route.fulfill({ status: 404, body: 'Not Found' });
    return route.continue();
  });
  await page.evaluate(() => ((window as { beforeReload?: boolean }).beforeReload = true));
  await page.getByRole('banner').getByRole('link', { name: 'คอร์สทั้งหมด' }).click();
  await expect(page).toHaveURL(/\/courses$/);
  await expect(page.getByRole('heading', { level: 1, name: /คอร์ส/ })).toBeVisible();
  // The page was loaded afresh (the marker is gone), once.
  expect(await page.evaluate(() => (window as { beforeReload?: boolean }).beforeReload)).toBeUndefined();
  expect(refused).toBeGreaterThanOrEqual(2);
});

test('offline, a page not loaded yet says so in Thai with "try again", and opens once back online', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await context.setOffline(true);
  await page.getByRole('banner').getByRole('link', { name: 'ราคา' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'คุณออฟไลน์อยู่' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('ความคืบหน้าที่ดูไว้จะถูกส่งเมื่อกลับมาออนไลน์');
  await noSeriousViolations(page);
  await context.setOffline(false);
  await alert.getByRole('button', { name: 'ลองอีกครั้ง' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(alert).toHaveCount(0);
});
