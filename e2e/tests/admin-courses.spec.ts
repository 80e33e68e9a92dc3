import type { Page, Request } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ffmpegPath } from '../../apps/api/src/modules/media/ffmpeg.js';
import {
  expectToast,
  adminApi,
  currentTime,
  expect,
  fitsTheScreen,
  loginAsAdmin,
  noSeriousViolations,
  registerByApi,
  skipPreTest,
  test,
  withTokens,
} from './fixtures';

/** The length of the uploaded video: a learner watches its first half. */
const SECONDS = 20;
const HALF = SECONDS / 2;

/**
 * A real MP4 made now (SECONDS of picture and sound, moov first), padded with a top-level `free` box to
 * `bytes`: big enough for three 8 MB upload requests, as quick to transcode as the few seconds it holds.
 */
function makeVideo(bytes: number): Buffer {
  const file = path.join(os.tmpdir(), `e2e-upload-${randomBytes(4).toString('hex')}.mp4`);
  const made = spawnSync(ffmpegPath(null), [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=320x180:rate=24:duration=${SECONDS}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${SECONDS}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest'],
    ...['-movflags', '+faststart', file],
  ]);
  if (made.status !== 0) throw new Error(`ffmpeg: ${made.stderr.toString()}`);
  const video = readFileSync(file);
  rmSync(file, { force: true });
  const pad = Buffer.alloc(bytes - video.length);
  pad.writeUInt32BE(pad.length, 0);
  pad.write('free', 4, 'latin1');
  return Buffer.concat([video, pad]);
}

/** Nothing wider than the screen, and axe finds nothing serious. */
async function fitsAndPasses(page: Page, what: string) {
  await fitsTheScreen(page, what);
  await noSeriousViolations(page);
}

/** A row of the retention chart's data table, by its second; its first cell is the number of viewers. */
const viewersAt = (page: Page, second: number) =>
  page
    .getByRole('row', { name: new RegExp(`^0:${String(second).padStart(2, '0')} `) })
    .getByRole('cell')
    .first();

test('an administrator creates a course, uploads a video through a dropped connection, adds a quiz and publishes it; a learner watches half of it; its retention chart shows where they stopped', async ({
  page,
  context,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(480_000);
  const stamp = Date.now().toString(36);
  const title = `คอร์สทดสอบคอนโซล ${stamp}`;
  const slug = `console-${stamp}`;
  const video = makeVideo(20 * 1024 * 1024);

  await page.goto('/admin/courses');
  await loginAsAdmin(page);
  await expect(page.getByRole('heading', { level: 1, name: 'คอร์สและตอน' })).toBeVisible();
  await noSeriousViolations(page);

  await page.getByLabel('ชื่อคอร์ส', { exact: true }).fill(title);
  await page.getByLabel(/^Slug/).fill(slug);
  await page.getByRole('button', { name: 'สร้างคอร์ส' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('คอร์สยังไม่มีตอน')).toBeVisible();
  await noSeriousViolations(page);

  await page.getByLabel('ชื่อตอนใหม่').fill('ตอนแรก');
  await page.getByRole('button', { name: 'เพิ่มตอน' }).click();
  await page.getByRole('link', { name: 'ตอนแรก' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ตอนแรก' })).toBeVisible();
  const [, courseId, episodeId] = /\/admin\/courses\/([^/]+)\/episodes\/([^/?#]+)/.exec(page.url())!;
  await noSeriousViolations(page);

  // The second of three upload requests finds the network gone; back online, the upload goes on and ends.
  // The drop is awaited as an event, not within a time: on a busy machine the first 8 MB request alone can take
  // longer than an expectation's default wait.
  let patches = 0;
  let dropped!: () => void;
  const droppedOnce = new Promise<void>((resolve) => (dropped = resolve));
  await page.route('**/api/admin/uploads/**', async (route) => {
    if (route.request().method() === 'PATCH' && ++patches === 2) {
      await context.setOffline(true);
      await route.abort('internetdisconnected');
      return dropped();
    }
    return route.continue();
  });
  await page.getByLabel('เลือกไฟล์วิดีโอ').setInputFiles({
    name: 'lesson.mp4',
    mimeType: 'video/mp4',
    buffer: video,
  });
  await droppedOnce;
  await expect(page.getByText(/การเชื่อมต่อขาด จะอัปโหลดต่อจากเดิม/)).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText('อัปโหลดเสร็จ กำลังรอแปลงวิดีโอ')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(`วิดีโอพร้อมแล้ว (${SECONDS} วินาที)`).first()).toBeVisible({
    timeout: 150_000,
  });
  await page.unroute('**/api/admin/uploads/**');
  await noSeriousViolations(page);

  // A free preview: any signed-in learner may watch it.
  const fields = page.locator('form').filter({ has: page.getByLabel('ตัวอย่างฟรี') });
  await fields.getByLabel('ตัวอย่างฟรี').check();
  await expectToast(page, 'บันทึกแล้ว', () => fields.getByRole('button', { name: 'บันทึก' }).click());

  // The episode's quiz, with one question and its right answer.
  await page.getByRole('button', { name: 'สร้างแบบทดสอบท้ายตอน' }).click();
  await page.getByRole('link', { name: /แบบทดสอบท้ายตอน: ตอนแรก — 0 ข้อ/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'แบบทดสอบท้ายตอน: ตอนแรก' })).toBeVisible();
  await expect(page.getByText('ยังไม่มีคำถาม เพิ่มข้อแรกด้านล่าง')).toBeVisible();
  await noSeriousViolations(page);
  await page.getByLabel('คำถาม', { exact: true }).fill('ข้อใดคือดอกเบี้ยทบต้น');
  await page.getByLabel('ตัวเลือกที่ 1').fill('ดอกเบี้ยคิดจากเงินต้นอย่างเดียว');
  await page.getByLabel('ตัวเลือกที่ 2').fill('ดอกเบี้ยคิดจากเงินต้นรวมดอกเบี้ยเดิม');
  await page.getByLabel('ข้อ 2 ถูก').check();
  await page.getByRole('button', { name: 'เพิ่มคำถาม' }).click();
  await expect(page.getByRole('heading', { name: 'คำถาม (1)' })).toBeVisible();
  await expect(
    page.getByRole('listitem').filter({ hasText: /^✓ ดอกเบี้ยคิดจากเงินต้นรวมดอกเบี้ยเดิม/ }),
  ).toBeVisible();
  await noSeriousViolations(page);

  // The course: its tests, publishing.
  await page.getByRole('link', { name: 'กลับไปที่คอร์ส' }).click();
  await expect(page.getByRole('link', { name: /แบบทดสอบท้ายตอน: ตอนแรก — 1 ข้อ/ })).toBeVisible();
  await page.getByRole('button', { name: 'เผยแพร่' }).click();
  await expect(page.getByText('เผยแพร่คอร์สแล้ว')).toBeVisible();
  await expect(page.getByRole('button', { name: 'เลิกเผยแพร่' })).toBeVisible();

  await page.getByRole('link', { name: /แบบประเมินคอร์ส/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'แบบประเมินคอร์ส' })).toBeVisible();
  await noSeriousViolations(page);

  await page.goto('/courses');
  await expect(page.getByRole('link', { name: new RegExp(title) }).first()).toBeVisible();

  // A new learner, in a browser of their own, opens the course, plays the first half of the episode and pauses.
  const learner = await registerByApi(request, 'journey');
  const own = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const watcher = await own.newPage();
  const saves: Request[] = [];
  watcher.on('request', (r) => {
    if (r.url().endsWith('/api/users/on-going-episode') && r.method() === 'POST') saves.push(r);
  });
  await withTokens(watcher, learner);
  await watcher.goto(`/library/course/${slug}`);
  await skipPreTest(watcher);
  await expect(watcher).toHaveURL(new RegExp(`/library/course/${slug}/episode/${episodeId}$`));
  // The video pauses itself at the half, in the page, as the learner would: a pause clicked by the test once it
  // has seen the half comes as late as a busy machine makes the round trip.
  await watcher.locator('video').evaluate((v: HTMLVideoElement, half: number) => {
    const stop = () => {
      if (v.currentTime < half) return;
      v.pause();
      v.removeEventListener('timeupdate', stop);
    };
    v.addEventListener('timeupdate', stop);
  }, HALF);
  await watcher.getByRole('button', { name: 'เล่น' }).first().click();
  await expect
    .poll(() => watcher.locator('video').evaluate((v: HTMLVideoElement) => (v.paused ? v.currentTime : -1)), {
      timeout: 60_000,
      intervals: [200],
    })
    .toBeGreaterThanOrEqual(HALF);
  const stoppedAt = await currentTime(watcher);
  expect(stoppedAt, 'the learner stopped well before the end').toBeLessThan(HALF + 2.5);
  // The pause's save (the last one) carried the ranges played: from the start to where the learner stopped.
  const rangesTo = () =>
    Math.max(
      0,
      ...saves.flatMap((r) =>
        ((r.postDataJSON().playedRanges ?? []) as [number, number][]).map(([, to]) => to),
      ),
    );
  await expect.poll(rangesTo, { timeout: 30_000 }).toBeGreaterThanOrEqual(HALF);
  const last = await saves.at(-1)!.response();
  expect(last?.status()).toBe(200);
  const sent = saves.flatMap((r) => (r.postDataJSON().playedRanges ?? []) as [number, number][]);
  expect(Math.min(...sent.map(([from]) => from))).toBe(0); // counted from the start, second 0 included
  // Nothing after where the learner stopped (ranges are sent to a tenth of a second).
  expect(rangesTo()).toBeLessThanOrEqual(Math.round(stoppedAt * 10) / 10 + 0.05);
  await own.close();

  // The retention job folds the played seconds (every 2 s in the browser tests): the episode has a viewer.
  const admin = { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` };
  await expect
    .poll(
      async () =>
        (
          (await (
            await request.get(`/api/admin/analytics/episodes/${episodeId}/retention`, { headers: admin })
          ).json()) as { viewers: number }
        ).viewers,
      { timeout: 60_000, intervals: [1000] },
    )
    .toBe(1);

  // The overview, the 7-day preset written to the URL.
  await page.goto('/admin/analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'สถิติ' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'การสมัครและผู้เรียนรายวัน' })).toBeVisible();
  await page.getByRole('button', { name: '7 วันล่าสุด' }).click();
  await expect(page).toHaveURL(/days=7/);
  await expect(page.getByRole('button', { name: '7 วันล่าสุด' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText(/\(7 วัน\)/)).toBeVisible();
  await noSeriousViolations(page);

  // The new course: its funnel counts the one learner who started it.
  await page.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/analytics/courses/${courseId}`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('เริ่มเรียน 1 คน')).toBeVisible();
  await noSeriousViolations(page);

  // The episode: one viewer over the first half, none after it, and the fall where they stopped marked.
  await page.getByRole('link', { name: 'ตอนแรก' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ตอนแรก' })).toBeVisible();
  await expect(page.locator('canvas').first()).toBeVisible();
  const summary = page.getByTestId('chart-summary');
  await expect(summary).toContainText(`ผู้ชม 1 คน ความยาว 0:${SECONDS}`);
  // The summary's marks: a quarter in, all still watching; three quarters in and at the end, none.
  await expect(summary).toContainText('100% ที่ 0:04');
  await expect(summary).toContainText(/\s0% ที่ 0:14/);
  await expect(summary).toContainText(/\s0% ที่ 0:19/);
  await expect(page.getByRole('region', { name: 'ช่วงที่ผู้ชมลดลงมาก' }).getByRole('listitem')).toHaveText([
    /^0:0\d–0:1[0-2]: จาก 100% เหลือ 0%$/,
  ]);
  await page.getByText('ตารางข้อมูลของแผนภูมิ').click();
  for (let s = 0; s < HALF - 1; s++) await expect(viewersAt(page, s), `second ${s}`).toHaveText('1');
  for (let s = HALF + 3; s < SECONDS; s++) await expect(viewersAt(page, s), `second ${s}`).toHaveText('0');
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
  await fitsAndPasses(page, 'the retention chart');
  await page.goto('/admin/analytics');
  await expect(page.getByRole('heading', { name: 'การสมัครและผู้เรียนรายวัน' })).toBeVisible();
  await fitsTheScreen(page, 'the analytics overview');
});

test('the test editors fit a phone and are used by keyboard', async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/admin/courses');
  await loginAsAdmin(page);
  await page.getByLabel('ชื่อคอร์ส', { exact: true }).fill(`คอร์สมือถือ ${stamp}`);
  await page.getByLabel(/^Slug/).fill(`phone-${stamp}`);
  await page.getByRole('button', { name: 'สร้างคอร์ส' }).click();
  await page.getByRole('button', { name: 'สร้างแบบทดสอบก่อนเรียน' }).click();
  await page.getByRole('link', { name: /แบบทดสอบก่อนเรียน — 0 ข้อ/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'แบบทดสอบก่อนเรียน' })).toBeVisible();
  await fitsAndPasses(page, 'the test editor');

  // A new question has no right answer until the author picks one: sent without, the form says so and nothing
  // is sent.
  const prompt = page.getByLabel('คำถาม', { exact: true });
  await prompt.fill('ข้อใดถูก');
  await expect(page.getByLabel('ข้อ 1 ถูก')).not.toBeChecked();
  await expect(page.getByLabel('ข้อ 2 ถูก')).not.toBeChecked();
  await page.getByLabel('ชนิดคำถาม').selectOption('multiple');
  await page.getByLabel('ตัวเลือกที่ 1').fill('ก');
  await page.getByLabel('ตัวเลือกที่ 2').fill('ข');
  await page.getByLabel('ตัวเลือกที่ 2').press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'เลือกคำตอบที่ถูกอย่างน้อยหนึ่งข้อ' })).toBeVisible();
  await expect(page.getByText('ยังไม่มีคำถาม เพิ่มข้อแรกด้านล่าง')).toBeVisible();

  // By keyboard: tick the right answers with the space bar, send with Enter.
  await page.getByLabel('ข้อ 2 ถูก').focus();
  await page.keyboard.press('Space');
  await page.getByLabel('ตัวเลือกที่ 2').press('Enter');
  await expect(page.getByRole('heading', { name: 'คำถาม (1)' })).toBeVisible();
  await fitsAndPasses(page, 'the test editor with a question');

  await page.getByRole('button', { name: 'แก้ไขคำถามข้อ 1' }).click();
  const editing = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'ยกเลิก' }) });
  await expect(editing.getByLabel('คำถาม', { exact: true })).toHaveValue('ข้อใดถูก');
  await expect(editing.getByLabel('ข้อ 2 ถูก')).toBeChecked();
  await fitsAndPasses(page, 'the question being edited');

  await page.goto('/admin/evaluation');
  await expect(page.getByRole('heading', { level: 1, name: 'แบบประเมินคอร์ส' })).toBeVisible();
  await fitsAndPasses(page, 'the evaluation form editor');
});

test('moving an episode or a question by keyboard keeps the focus on it, so pressing again moves it on; at the end, on its other button', async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const post = await adminApi(request);
  type Course = { id: string };
  const course = await post<Course>('/courses', { title: `คอร์สจัดลำดับ ${stamp}`, slug: `order-${stamp}` });
  for (const title of ['ตอนแรก', 'ตอนสอง', 'ตอนสาม']) await post(`/courses/${course.id}/episodes`, { title });
  const quiz = await post<{ id: string }>(`/courses/${course.id}/assessments`, {
    kind: 'pre_test',
    title: 'แบบทดสอบก่อนเรียน',
  });
  for (const prompt of ['คำถามแรก', 'คำถามสอง', 'คำถามสาม'])
    await post(`/assessments/${quiz.id}/questions`, {
      kind: 'true_false',
      prompt,
      choices: [
        { label: 'จริง', correct: true },
        { label: 'เท็จ', correct: false },
      ],
    });
  await page.goto(`/login?redirect=/admin/courses/${course.id}`);
  await loginAsAdmin(page);

  const episodes = page.getByRole('region', { name: 'ตอน', exact: true }).getByRole('listitem');
  await expect(episodes).toHaveCount(3);
  await page.getByRole('button', { name: 'เลื่อน “ตอนแรก” ลง' }).focus();
  await page.keyboard.press('Enter');
  await expect(episodes.nth(1)).toContainText('ตอนแรก');
  await expect(page.getByRole('button', { name: 'เลื่อน “ตอนแรก” ลง' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(episodes.nth(2)).toContainText('ตอนแรก');
  // The last: its down button is disabled, the focus is on its up button.
  await expect(page.getByRole('button', { name: 'เลื่อน “ตอนแรก” ขึ้น' })).toBeFocused();

  await page.goto(`/admin/courses/${course.id}/assessments/${quiz.id}`);
  const questions = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: /^เลื่อนข้อ/ }) });
  await expect(questions).toHaveCount(3);
  await page.getByRole('button', { name: 'เลื่อนข้อ 3 ขึ้น' }).focus();
  await page.keyboard.press('Enter');
  await expect(questions.nth(1)).toContainText('คำถามสาม');
  await expect(page.getByRole('button', { name: 'เลื่อนข้อ 2 ขึ้น' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(questions.nth(0)).toContainText('คำถามสาม');
  await expect(page.getByRole('button', { name: 'เลื่อนข้อ 1 ลง' })).toBeFocused();
});
