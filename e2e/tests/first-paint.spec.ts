import type { Page } from '@playwright/test';
import { expect, fitsTheScreen, noSeriousViolations, test } from './fixtures';

/**
 * From the first byte of the page: counts every moment something matching `selector` has gone from the screen
 * after it was shown (read with goneCount).
 */
async function watchVanishing(page: Page, selector: string) {
  await page.addInitScript((sel) => {
    const w = window as unknown as { __gone: number; __seen: boolean };
    w.__gone = 0;
    w.__seen = false;
    new MutationObserver(() => {
      if (document.querySelector(sel) !== null) w.__seen = true;
      else if (w.__seen) w.__gone++;
    }).observe(document, { childList: true, subtree: true });
  }, selector);
}
const goneCount = (page: Page) => page.evaluate(() => (window as unknown as { __gone: number }).__gone);

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

  test("the catalogue's search form works: words and a level, sent with Enter or the button", async ({
    page,
  }) => {
    await page.goto('/courses');
    const box = page.getByRole('searchbox', { name: 'ค้นหาคอร์ส' });
    await box.fill('หุ้น');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/courses\?q=%E0%B8%AB%E0%B8%B8%E0%B9%89%E0%B8%99&level=&sort=$/);
    await expect(page.getByText('1 คอร์ส')).toBeVisible();
    await expect(page.getByRole('link', { name: 'ลงทุนหุ้นไทยสำหรับมือใหม่' })).toBeVisible();
    // The form shows the filter it was drawn for; a level narrows it further.
    await expect(box).toHaveValue('หุ้น');
    await box.fill('');
    await page.getByRole('combobox', { name: 'ระดับ' }).selectOption('advanced');
    await page.getByRole('button', { name: 'ค้นหา' }).click();
    await expect(page).toHaveURL(/level=advanced&sort=$/);
    const { total } = (await (await page.request.get('/api/courses?level=advanced')).json()) as {
      total: number;
    };
    await expect(page.getByText(`${total} คอร์ส`)).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'ระดับ' })).toHaveValue('advanced');
  });
});

test("words typed into the server's search box before the app arrives are searched by the app, focus kept", async ({
  page,
}) => {
  // The app's entry script is held back until the learner has typed, as on a slow connection.
  let release: () => void = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  // Not waiting for the page's load (nor DOMContentLoaded, which waits for module scripts): the first bytes.
  await page.goto('/courses', { waitUntil: 'commit' });
  const box = page.getByRole('searchbox', { name: 'ค้นหาคอร์ส' });
  await box.fill('หุ้น');
  release();
  // The app has taken over (the server's page is gone) with the words, the focus, and their results.
  await expect(page.locator('.boot-page')).toHaveCount(0);
  await expect(page.getByRole('searchbox')).toHaveValue('หุ้น');
  await expect(page.getByRole('searchbox')).toBeFocused();
  await expect(page).toHaveURL(/\/courses\?q=%E0%B8%AB%E0%B8%B8%E0%B9%89%E0%B8%99$/);
  await expect(page.getByText('1 คอร์ส')).toBeVisible();
  await expect(page.getByRole('link', { name: 'ลงทุนหุ้นไทยสำหรับมือใหม่' })).toBeVisible();
});

// Issue 36: what is largest above the fold on a phone comes with the page, or first and small; the largest
// contentful paint itself is measured by the bench (bench/first-paint.ts), never timed here.
test.describe("the first screen before the app's code, at 360 px", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("home's heading, lead and ways in come with the page; the catalogue's first cover is preloaded, fetched first and boxed, the others lazy", async ({
    page,
  }) => {
    // The app's entry script never comes: what shows is the server's page alone.
    await page.route(/\/assets\/index-[^/]+\.js$/, (route) => route.abort());
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'เรียนรู้ทักษะใหม่ กับผู้สอนตัวจริง' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'เริ่มเรียนฟรี' })).toHaveAttribute('href', '/register');
    await expect(page.getByRole('link', { name: 'เข้าสู่ระบบ' })).toHaveAttribute('href', '/login');
    await fitsTheScreen(page);
    await noSeriousViolations(page);

    await page.goto('/courses');
    const covers = page.locator('.boot-page li img');
    expect(await covers.count()).toBeGreaterThan(1);
    const first = covers.first();
    await expect(first).toHaveAttribute('fetchpriority', 'high');
    await expect(first).toHaveAttribute('width', '320');
    await expect(first).toHaveAttribute('height', '180');
    await expect(first).not.toHaveAttribute('loading', 'lazy');
    const src = await first.getAttribute('src');
    await expect(page.locator('head link[rel="preload"][as="image"][fetchpriority="high"]')).toHaveAttribute(
      'href',
      src!,
    );
    await expect(covers.nth(1)).toHaveAttribute('loading', 'lazy');
    await fitsTheScreen(page);
  });
});

test("the server's list stays on screen until the app's catalogue replaces it, without asking the API again", async ({
  page,
}) => {
  const searches: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/courses') searches.push(r.url());
  });
  // Every moment the catalogue's links are gone from the screen.
  await watchVanishing(page, 'a[href^="/courses/"]');
  await page.goto('/courses');
  // The app's own catalogue has replaced the server's page.
  await expect(page.locator('.boot-page')).toHaveCount(0);
  await expect(page.getByRole('searchbox')).toBeVisible();
  await expect(page.getByRole('link', { name: 'ลงทุนหุ้นไทยสำหรับมือใหม่' })).toBeVisible();
  expect(await goneCount(page)).toBe(0);
  expect(searches).toEqual([]);
  // The app is live: a search asks the API and narrows the list.
  await page.getByRole('searchbox').fill('หุ้น');
  await expect(page.getByText('1 คอร์ส')).toBeVisible();
  expect(searches.length).toBeGreaterThan(0);
});

test.describe('a course page without scripts', () => {
  test.use({ javaScriptEnabled: false });

  test('shows the course and its episodes, names it in the title and link-preview tags, and leads in', async ({
    page,
    request,
  }) => {
    const outline = (await (await request.get('/api/courses/stock-investing-basics')).json()) as {
      course: { title: string };
      episodes: { title: string }[];
    };
    await page.goto('/courses/stock-investing-basics');
    await expect(page.getByRole('heading', { level: 1, name: outline.course.title })).toBeVisible();
    for (const e of outline.episodes)
      await expect(page.getByText(e.title, { exact: false }).first()).toBeVisible();
    await expect(page).toHaveTitle(`${outline.course.title} · Rianroo เรียนรู้`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', outline.course.title);
    await expect(page.getByRole('link', { name: 'เข้าเรียนคอร์สนี้' })).toHaveAttribute(
      'href',
      '/library/course/stock-investing-basics',
    );
  });
});

test("a course page: the server's drawing stays until the app's page replaces it, without asking for the outline", async ({
  page,
}) => {
  const outlines: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/courses/stock-investing-basics') outlines.push(r.url());
  });
  await watchVanishing(page, 'h1');
  await page.goto('/courses/stock-investing-basics');
  // The app's own page (with its summary-document link, which the server's drawing has not) has taken over.
  await expect(page.getByRole('link', { name: 'เอกสารสรุปคอร์ส' })).toBeVisible();
  await expect(page.locator('.boot-page')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'ลงทุนหุ้นไทยสำหรับมือใหม่' })).toBeVisible();
  expect(await goneCount(page)).toBe(0);
  expect(outlines).toEqual([]);
  // The server's title belongs to this address: leaving it within the app gives the app's own back.
  // (The editors' SEO title, once the content service answers.)
  await expect(page).toHaveTitle(/^ลงทุนหุ้นไทยสำหรับมือใหม่/);
  await page
    .getByRole('link', { name: /Rianroo/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page).toHaveTitle('Rianroo เรียนรู้');
});
