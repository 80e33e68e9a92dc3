import type { Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import {
  downloadNamed,
  expect,
  expectToast,
  fitsTheScreen,
  loginAsAdmin,
  noSeriousViolations,
  platformDb,
  registerByApi,
  test,
  withTokens,
} from './fixtures';

/** A seeded course no other browser test reads the summary of. */
const SLUG = 'data-analysis-excel';

/** A real PDF made now: a page with a line that names this run. */
async function workbook(stamp: string) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([420, 595]).drawText(`Excel workbook ${stamp}`, { x: 40, y: 520, size: 18, font });
  return Buffer.from(await doc.save());
}

const section = (page: Page) => page.getByRole('region', { name: 'เอกสารสรุป (PDF)' });

/** Removes what an earlier run may have left attached, through the console as an administrator would. */
async function removeAttached(page: Page) {
  const remove = section(page).getByRole('button', { name: 'นำไฟล์ออก' });
  if (!(await remove.isVisible())) return;
  await remove.click();
  await page.getByRole('dialog').getByRole('button', { name: 'ยืนยัน' }).click();
  await expect(section(page).getByText(/ยังไม่ได้แนบไฟล์/)).toBeVisible();
}

test('an administrator attaches a summary PDF in the console and a member downloads exactly that file', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const pdf = await workbook(stamp);
  const course = (await (await request.get(`/api/courses/${SLUG}`)).json()).course as {
    id: string;
    title: string;
  };

  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`/admin/courses/${course.id}`);
  await loginAsAdmin(page);
  await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
  await expect(section(page)).toBeVisible();
  await expect(section(page).getByText(/^(ยังไม่ได้แนบไฟล์|ไฟล์ที่แนบ)/)).toBeVisible();
  await removeAttached(page);
  await expect(section(page).getByText('เฉพาะไฟล์ PDF ขนาดไม่เกิน 20 MB')).toBeVisible();

  // Not a PDF: said at the chooser, before and after the server looked at it.
  const chooser = section(page).getByLabel('แนบไฟล์ PDF');
  await chooser.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('just notes'),
  });
  await expect(section(page).getByRole('alert')).toHaveText('ไฟล์นี้ไม่ใช่ PDF หรือเปิดอ่านไม่ได้ กรุณาเลือกไฟล์ PDF');
  await chooser.setInputFiles({
    name: 'fake.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('not a PDF inside'),
  });
  await expect(section(page).getByRole('alert')).toHaveText('ไฟล์นี้ไม่ใช่ PDF หรือเปิดอ่านไม่ได้ กรุณาเลือกไฟล์ PDF');
  await expect(section(page).getByText(/ยังไม่ได้แนบไฟล์/)).toBeVisible();
  await noSeriousViolations(page);

  // Attached from the keyboard: the chooser is reached with Tab and opened with Enter.
  await section(page).getByText('เฉพาะไฟล์ PDF ขนาดไม่เกิน 20 MB').click();
  await page.keyboard.press('Shift+Tab');
  await expect(chooser).toBeFocused();
  const [fileChooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Enter')]);
  const name = `สรุป Excel ${stamp}.pdf`;
  await expectToast(page, 'แนบเอกสารสรุปแล้ว', () =>
    fileChooser.setFiles({ name, mimeType: 'application/pdf', buffer: pdf }),
  );
  await expect(section(page).getByText(name, { exact: true })).toBeVisible();
  await expect(section(page).getByText(/โดย /)).toBeVisible();
  await expect(section(page).getByLabel('แทนที่ด้วยไฟล์ PDF ใหม่')).toBeVisible();
  const download = await downloadNamed(page, name, () =>
    section(page)
      .getByRole('button', { name: `ดาวน์โหลด “${name}”` })
      .click(),
  );
  expect((await readFile((await download.path())!)).equals(pdf)).toBe(true);
  await fitsTheScreen(page, 'the course editor with its summary PDF');
  await noSeriousViolations(page);

  // A member (a subscription of a month) downloads it from the course's summary page: the very bytes.
  const member = await registerByApi(request, 'summary-attach');
  const db = await platformDb();
  try {
    await db.query(
      `insert into subscriptions (id, user_id, plan_id, status, current_period_start, current_period_end)
       select gen_random_uuid(), $1, id, 'active', now(), now() + interval '30 days'
       from plans where interval = 'month' order by price_satang limit 1`,
      [member.user.id],
    );
  } finally {
    await db.end();
  }
  const context = await browser.newContext();
  const learner = await context.newPage();
  await withTokens(learner, member);
  await learner.goto(`/summary-document/${SLUG}`);
  const link = learner.getByRole('link', { name: 'ดาวน์โหลด PDF' });
  const got = await downloadNamed(learner, `${SLUG}-summary.pdf`, () => link.click());
  expect((await readFile((await got.path())!)).equals(pdf)).toBe(true);
  await context.close();

  // Removed again: the member's summary is the generated outline once more (and the next run starts clean).
  await removeAttached(page);
});
