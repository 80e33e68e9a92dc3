import type { APIRequestContext, Page } from '@playwright/test';
import {
  expect,
  noSeriousViolations,
  registerByApi,
  skipPreTest,
  test,
  withTokens,
  loginAsAdmin,
} from './fixtures';

// The demo course whose first episode (30 s) is a teaser any learner may watch.
const SLUG = 'stock-investing-basics';

type Learner = Awaited<ReturnType<typeof registerByApi>>;
interface Episode {
  id: string;
  title: string;
  isTeaser: boolean;
  videoStatus: string;
}

/** The course and its teaser once its video is made (up to 4 minutes on a machine's first run). */
async function teaserReady(request: APIRequestContext, u: Learner) {
  const headers = { authorization: `Bearer ${u.access_token}` };
  const course = await (await request.get(`/api/course/get-course-by-slug/${SLUG}`, { headers })).json();
  let teaser: Episode | undefined;
  await expect
    .poll(
      async () => {
        const list = await (
          await request.post(`/api/course/${course.id}/get-episode-and-quiz`, { headers })
        ).json();
        teaser = (list.episodes as Episode[]).find((e) => e.isTeaser);
        return teaser?.videoStatus;
      },
      { timeout: 240_000, intervals: [2000] },
    )
    .toBe('ready');
  return { courseId: course.id as string, courseTitle: course.title as string, teaser: teaser! };
}

/** No part of the page is wider than the screen. */
async function fitsTheScreen(page: Page) {
  const { scroll, view } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    view: document.documentElement.clientWidth,
  }));
  expect(scroll, `${page.url()} is wider than the screen`).toBeLessThanOrEqual(view);
}

test("a learner watches part of the teaser; the admin's retention chart and funnel count them", async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  const learner = await registerByApi(request, 'analytics');
  const { courseId, courseTitle, teaser } = await teaserReady(request, learner);

  await page.goto('/login?redirect=%2Fadmin%2Fanalytics');
  await loginAsAdmin(page);
  await expect(page.getByRole('heading', { level: 1, name: 'สถิติ' })).toBeVisible();
  const admin = { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` };
  const retention = async () =>
    (
      await request.get(`/api/admin/analytics/episodes/${teaser.id}/retention`, { headers: admin })
    ).json() as Promise<{ viewers: number; counts: number[] }>;
  const before = (await retention()).viewers;

  // The learner, in a browser of their own, plays the teaser for a few seconds and pauses.
  const own = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const watcher = await own.newPage();
  await withTokens(watcher, learner);
  await watcher.goto(`/library/course/${SLUG}`);
  await skipPreTest(watcher);
  await expect(watcher).toHaveURL(new RegExp(`/episode/${teaser.id}`));
  await watcher.getByRole('button', { name: 'เล่น' }).first().click();
  const played = () => watcher.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect.poll(played, { timeout: 20_000 }).toBeGreaterThan(8);
  const saved = watcher.waitForRequest(
    (r) => r.url().endsWith('/api/users/on-going-episode') && r.method() === 'POST',
  );
  await watcher.getByRole('button', { name: 'หยุดชั่วคราว' }).first().click();
  expect((await saved).postDataJSON().playedRanges?.length).toBeGreaterThan(0);
  await own.close();

  // The fold (every 2 s in the browser tests) adds the learner to the episode's viewers.
  await expect.poll(async () => (await retention()).viewers, { timeout: 30_000 }).toBeGreaterThan(before);
  const after = await retention();
  const funnel = await (
    await request.get(`/api/admin/analytics/courses/${courseId}/funnel`, { headers: admin })
  ).json();

  // The overview, the 7-day preset written to the URL.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'การสมัครและผู้เรียนรายวัน' })).toBeVisible();
  await page.getByRole('button', { name: '7 วันล่าสุด' }).click();
  await expect(page).toHaveURL(/days=7/);
  await expect(page.getByRole('button', { name: '7 วันล่าสุด' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText(/\(7 วัน\)/)).toBeVisible();
  await noSeriousViolations(page);

  // The course: its funnel counts the learners who started it (the learner among them).
  await page.getByRole('link', { name: courseTitle }).click();
  await expect(page.getByRole('heading', { level: 1, name: courseTitle })).toBeVisible();
  const started = funnel.steps[0].learners as number;
  expect(started).toBeGreaterThan(0);
  await expect(page.getByText(`เริ่มเรียน ${started.toLocaleString('th-TH')} คน`)).toBeVisible();
  await noSeriousViolations(page);

  // The episode: the chart is drawn, and its summary and table say how many watched.
  await page.getByRole('link', { name: teaser.title }).click();
  await expect(page.getByRole('heading', { level: 1, name: teaser.title })).toBeVisible();
  await expect(page.locator('canvas').first()).toBeVisible();
  await expect(page.getByTestId('chart-summary')).toContainText(
    `ผู้ชม ${after.viewers.toLocaleString('th-TH')} คน`,
  );
  await page.getByText('ตารางข้อมูลของแผนภูมิ').click();
  // Second 5: inside what the learner played (the first range may start after second 0).
  const fifth = page.getByRole('row', { name: /^0:05 / });
  await expect(fifth.getByRole('cell').first()).toHaveText(after.counts[5]!.toLocaleString('th-TH'));
  expect(after.counts[5]).toBeGreaterThan(0);
  await noSeriousViolations(page);

  // A phone's width: the charts shrink to the screen.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(page.locator('canvas').first()).toBeVisible();
  await expect
    .poll(() =>
      page
        .locator('canvas')
        .first()
        .evaluate((c) => c.getBoundingClientRect().width),
    )
    .toBeLessThanOrEqual(360);
  await fitsTheScreen(page);
  await noSeriousViolations(page);
  await page.goto('/admin/analytics');
  await expect(page.getByRole('heading', { name: 'การสมัครและผู้เรียนรายวัน' })).toBeVisible();
  await fitsTheScreen(page);
});
