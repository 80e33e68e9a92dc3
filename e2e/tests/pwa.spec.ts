import type { Page } from '@playwright/test';
import {
  currentTime,
  expect,
  fitsTheScreen,
  noSeriousViolations,
  registerByApi,
  skipPreTest,
  test,
  withTokens,
} from './fixtures';

// Installable and offline-aware (issue 36): the web manifest, the service worker (apps/web/pwa.config.ts) and what
// it must never do. The other specs block service workers (playwright.config.ts); these run with it.
test.use({ serviceWorkers: 'allow', viewport: { width: 360, height: 740 } });
const SLUG = 'stock-investing-basics';

/** Waits until the page is controlled by an activated service worker; answers its state and script's address. */
async function workerInControl(page: Page) {
  return page.evaluate(async () => {
    const worker = (await navigator.serviceWorker.ready).active!;
    if (worker.state !== 'activated')
      await new Promise((r) =>
        worker.addEventListener('statechange', () => worker.state === 'activated' && r(0)),
      );
    if (!navigator.serviceWorker.controller)
      await new Promise((r) =>
        navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }),
      );
    return `${worker.state} ${new URL(navigator.serviceWorker.controller!.scriptURL).pathname}`;
  });
}

/** Every address held in the page's Cache Storage, whichever cache holds it. */
const cachedAddresses = (page: Page) =>
  page.evaluate(async () => {
    const all: string[] = [];
    for (const name of await caches.keys())
      for (const r of await (await caches.open(name)).keys()) all.push(new URL(r.url).pathname);
    return all;
  });

/** Width and height of a PNG, from its header. */
const pngSize = (b: Buffer) => ({
  png: b.subarray(1, 4).toString(),
  w: b.readUInt32BE(16),
  h: b.readUInt32BE(20),
});

test('installable: the manifest names the app in Thai with reachable icons; offline, a page shows the offline page, and "try again" opens it once online', async ({
  page,
  context,
  request,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // The manifest, its icons (192, 512, maskable) and the home-screen icon of iOS.
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = await (await request.get(href!)).json();
  expect(manifest).toMatchObject({
    name: expect.stringContaining('เรียนรู้'),
    short_name: 'เรียนรู้',
    start_url: '/',
    display: 'standalone',
    theme_color: await page.locator('meta[name="theme-color"]').getAttribute('content'),
  });
  const icons = manifest.icons as { src: string; sizes: string; purpose: string }[];
  expect(icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  for (const { src, sizes } of [...icons, { src: appleIcon!, sizes: '180x180' }]) {
    const res = await request.get(src);
    expect(res.headers()['content-type'], src).toBe('image/png');
    const { png, w, h } = pngSize(await res.body());
    expect(`${png} ${w}x${h}`, src).toBe(`PNG ${sizes}`);
  }

  // The worker installs and takes this page over.
  expect(await workerInControl(page)).toBe('activated /sw.js');
  // An API answer the worker sees online (`no-store` leaves the browser's own HTTP cache out, which may answer
  // offline) is not kept to be replayed offline (below).
  const fetchNow = (url: string) =>
    page.evaluate(
      (u) =>
        fetch(u, { cache: 'no-store' }).then(
          (r) => `answered ${r.status}`,
          () => 'failed',
        ),
      url,
    );
  expect(await fetchNow('/api/public-config')).toBe('answered 200');

  // Offline, a page is the offline page, at the address asked for (not a cached copy of the app).
  await context.setOffline(true);
  await page.goto('/courses');
  await expect(page).toHaveURL(/\/courses$/);
  await expect(page.getByRole('heading', { level: 1, name: 'คุณออฟไลน์อยู่' })).toBeVisible();
  await expect(page.getByText('You are offline')).toBeVisible();
  await noSeriousViolations(page);
  await fitsTheScreen(page);
  // Offline, the worker answers what it precached, but never an API answer: that fails.
  expect(await fetchNow('/offline.js')).toBe('answered 200');
  expect(await fetchNow('/api/public-config')).toBe('failed');

  // Back online, "try again" opens the page itself.
  await context.setOffline(false);
  await page.getByRole('button', { name: /ลองอีกครั้ง/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: /คอร์ส/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'คุณออฟไลน์อยู่' })).toHaveCount(0);
});

test('progress watched offline is sent when the connection returns, and no API answer or video is ever cached', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(300_000);
  const u = await registerByApi(request, 'pwa');
  const headers = { authorization: `Bearer ${u.access_token}` };
  const course = await (await request.get(`/api/course/get-course-by-slug/${SLUG}`, { headers })).json();
  const episodes = async () =>
    (await (await request.post(`/api/course/${course.id}/get-episode-and-quiz`, { headers })).json())
      .episodes as {
      id: string;
      isTeaser: boolean;
      videoStatus: string;
    }[];
  // The e2e server draws the demo videos in the background on its first start.
  await expect
    .poll(async () => (await episodes()).find((e) => e.isTeaser)?.videoStatus, { timeout: 240_000 })
    .toBe('ready');
  const teaser = (await episodes()).find((e) => e.isTeaser)!;
  const saved = async () => {
    const rows = await (
      await request.get(`/api/users/on-going-episode?course=${course.id}`, { headers })
    ).json();
    return (rows as { episode_id: string; last_second: number }[]).find((r) => r.episode_id === teaser.id)
      ?.last_second;
  };

  await withTokens(page, u);
  await page.goto(`/library/course/${SLUG}`);
  await skipPreTest(page);
  // Loaded again under the worker's control, so that everything the episode asks for (its playlist and
  // segments included) passes through it.
  await workerInControl(page);
  const video: string[] = [];
  page.on('response', (r) => {
    if (/\/api\/stream\//.test(r.url()))
      video.push(`${r.fromServiceWorker() ? 'worker' : 'network'} ${r.url()}`);
  });
  await page.reload();
  await page.getByRole('button', { name: 'เล่น' }).first().click();
  await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(4);

  // The connection drops: the learner watches on (what is buffered), then pauses; that save cannot go out.
  await context.setOffline(true);
  const droppedAt = await currentTime(page);
  await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(droppedAt + 2);
  await page.getByRole('button', { name: 'หยุดชั่วคราว' }).first().click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('lastSecond'))).not.toBeNull();
  const kept = Number(await page.evaluate(() => localStorage.getItem('lastSecond')));
  expect(kept).toBeGreaterThan(droppedAt + 1);
  expect((await saved()) ?? 0).toBeLessThan(kept);

  // Back online, in the same tab without a reload: the stored progress catches up.
  await context.setOffline(false);
  await expect.poll(saved, { timeout: 15_000 }).toBe(kept);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('lastSecond'))).toBeNull();

  // The playlist and segments came from the network, none from the worker.
  expect(video.length).toBeGreaterThan(1);
  expect(video.filter((v) => v.startsWith('worker'))).toEqual([]);
  // After a course page and an episode played: the caches hold the app's code, never an API answer or video.
  const cached = await cachedAddresses(page);
  expect(cached).toContain('/offline.html');
  expect(cached.some((p) => /^\/assets\/PlayerPage-[^/]+\.js$/.test(p))).toBe(true);
  expect(cached.filter((p) => /^\/(api|cms)\/|\.(m3u8|ts|m4s|mp4)$|^\/index\.html$/.test(p))).toEqual([]);
});
