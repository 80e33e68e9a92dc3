import { expect, test } from './fixtures';

// Issue 14: the catalogue is drawn by the server, so that a learner on a slow connection can read and open a
// course before the app's scripts have arrived; the app then takes over without a blank moment.

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false });

  test('the catalogue is readable and its links lead to the courses', async ({ page, request }) => {
    const { total } = (await (await request.get('/api/courses?')).json()) as { total: number };
    expect(total).toBeGreaterThanOrEqual(6);
    await page.goto('/courses');
    await expect(page.getByRole('heading', { name: 'คอร์สทั้งหมด' })).toBeVisible();
    await expect(page.getByText(`${total} คอร์ส`)).toBeVisible();
    const link = page.getByRole('link', { name: 'ลงทุนหุ้นไทยสำหรับมือใหม่' });
    await expect(link).toHaveAttribute('href', '/courses/stock-investing-basics');
    await page.goto('/courses?q=หุ้น');
    await expect(page.getByText('1 คอร์ส')).toBeVisible();
    await expect(page.getByRole('link', { name: 'ลงทุนหุ้นไทยสำหรับมือใหม่' })).toBeVisible();
  });
});

test("the server's list stays on screen until the app's catalogue replaces it, without asking the API again", async ({
  page,
}) => {
  const searches: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/courses') searches.push(r.url());
  });
  // From the first byte of the page: every moment the catalogue's links are gone from the screen.
  await page.addInitScript(() => {
    const w = window as unknown as { __gone: number; __seen: boolean };
    w.__gone = 0;
    w.__seen = false;
    new MutationObserver(() => {
      const shown = document.querySelectorAll('a[href^="/courses/"]').length > 0;
      if (shown) w.__seen = true;
      else if (w.__seen) w.__gone++;
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/courses');
  await expect(page.getByRole('searchbox')).toBeVisible();
  await expect(page.getByRole('link', { name: 'ลงทุนหุ้นไทยสำหรับมือใหม่' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __gone: number }).__gone)).toBe(0);
  expect(searches).toEqual([]);
  // The app is live: a search asks the API and narrows the list.
  await page.getByRole('searchbox').fill('หุ้น');
  await expect(page.getByText('1 คอร์ส')).toBeVisible();
  expect(searches.length).toBeGreaterThan(0);
});
