import type { Page } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ffmpegPath } from '../../apps/api/src/modules/media/ffmpeg.js';
import { expect, noSeriousViolations, test, loginAsAdmin } from './fixtures';

/**
 * A real MP4 made now (3 s of picture and sound, moov first), padded with a top-level `free` box to `bytes`:
 * big enough for three 8 MB upload requests, as quick to transcode as the 3 s it holds.
 */
function makeVideo(bytes: number): Buffer {
  const file = path.join(os.tmpdir(), `e2e-upload-${randomBytes(4).toString('hex')}.mp4`);
  const made = spawnSync(ffmpegPath(null), [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=24:duration=3'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=3'],
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
  const { scroll, view } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    view: document.documentElement.clientWidth,
  }));
  expect(scroll, `${what} is wider than the screen`).toBeLessThanOrEqual(view);
  await noSeriousViolations(page);
}

test('an administrator creates a course, uploads a video through a dropped connection, adds a quiz and publishes it', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const title = `คอร์สทดสอบคอนโซล ${stamp}`;
  const video = makeVideo(20 * 1024 * 1024);

  await page.goto('/admin/courses');
  await loginAsAdmin(page);
  await expect(page.getByRole('heading', { level: 1, name: 'คอร์สและตอน' })).toBeVisible();
  await noSeriousViolations(page);

  await page.getByLabel('ชื่อคอร์ส', { exact: true }).fill(title);
  await page.getByLabel(/^Slug/).fill(`console-${stamp}`);
  await page.getByRole('button', { name: 'สร้างคอร์ส' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('คอร์สยังไม่มีตอน')).toBeVisible();
  await noSeriousViolations(page);

  await page.getByLabel('ชื่อตอนใหม่').fill('ตอนแรก');
  await page.getByRole('button', { name: 'เพิ่มตอน' }).click();
  await page.getByRole('link', { name: 'ตอนแรก' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ตอนแรก' })).toBeVisible();
  await noSeriousViolations(page);

  // The second of three upload requests finds the network gone; back online, the upload goes on and ends.
  let patches = 0;
  await page.route('**/api/admin/uploads/**', async (route) => {
    if (route.request().method() === 'PATCH' && ++patches === 2) {
      await context.setOffline(true);
      return route.abort('internetdisconnected');
    }
    return route.continue();
  });
  await page.getByLabel('เลือกไฟล์วิดีโอ').setInputFiles({
    name: 'lesson.mp4',
    mimeType: 'video/mp4',
    buffer: video,
  });
  await expect(page.getByText(/การเชื่อมต่อขาด จะอัปโหลดต่อจากเดิม/)).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText('อัปโหลดเสร็จ กำลังรอแปลงวิดีโอ')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(/วิดีโอพร้อมแล้ว/).first()).toBeVisible({ timeout: 90_000 });
  await page.unroute('**/api/admin/uploads/**');
  await noSeriousViolations(page);

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

  // No right answer: the form says so and nothing is sent.
  const prompt = page.getByLabel('คำถาม', { exact: true });
  await prompt.fill('ข้อใดถูก');
  await page.getByLabel('ชนิดคำถาม').selectOption('multiple');
  await page.getByLabel('ข้อ 1 ถูก').uncheck();
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
