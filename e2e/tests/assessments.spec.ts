import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_ASSESSMENTS } from '../../apps/api/src/startup/seed-assessments-data';
import { downloadNamed, expect, playThrough, registerByApi, test, withTokens } from './fixtures';

// The demo course `personal-finance-101` is free: every learner may take its tests. Its pre-test asks the seed's
// `finalQuestions`; its post-test draws 8 of a pool of 12 (`finalQuestions` and `postTestExtra`) per attempt, and is
// timed (10 minutes), shuffled, 3 attempts, 60% to pass.
const SLUG = 'personal-finance-101';
const DEMO = DEMO_ASSESSMENTS.find((d) => d.slug === SLUG)!;
const FINAL = DEMO.finalQuestions;
const POOL = [...DEMO.finalQuestions, ...DEMO.postTestExtra];
type Question = (typeof POOL)[number];

/** The question's fieldset on the page, by its prompt. */
const groupOf = (page: Page, q: Question) =>
  page.getByRole('group', { name: new RegExp(q.prompt.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });

/** The questions of the pool the attempt on the page shows (all on one page). */
async function sheetOn(page: Page) {
  await page.getByLabel('ทุกข้อในหน้าเดียว').check();
  await expect(page.getByRole('group').first()).toBeVisible();
  const shown: Question[] = [];
  for (const q of POOL) if ((await groupOf(page, q).count()) > 0) shown.push(q);
  return shown;
}

type Learner = Awaited<ReturnType<typeof registerByApi>>;

async function course(request: APIRequestContext, u: Learner) {
  const headers = { authorization: `Bearer ${u.access_token}` };
  const c = await (await request.get(`/api/course/get-course-by-slug/${SLUG}`, { headers })).json();
  const list = await (await request.post(`/api/course/${c.id}/get-episode-and-quiz`, { headers })).json();
  return {
    id: c.id as string,
    headers,
    episodes: list.episodes as { id: string; title: string; durationSeconds: number }[],
    postTestId: list.postTest.id as string,
  };
}

/** Watches every episode but the last to the end, through the API (played, as the player sends it). */
async function watchAllBut(request: APIRequestContext, c: Awaited<ReturnType<typeof course>>, leave = 1) {
  await playThrough(request, c.headers, c.id, c.episodes.slice(0, c.episodes.length - leave));
}

/** Answers every question the attempt shows (all on one page), rightly or wrongly, by the seed's answers; answers them. */
async function answerAll(page: Page, right: boolean) {
  const sheet = await sheetOn(page);
  for (const q of sheet) {
    const picks = q.choices.filter(([, correct]) => correct === right);
    for (const [label] of right ? picks : picks.slice(0, 1)) {
      await groupOf(page, q).getByLabel(label, { exact: true }).check();
    }
  }
  return sheet;
}

async function submit(page: Page) {
  await page.getByRole('button', { name: 'ส่งคำตอบ' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'ส่งคำตอบ' }).click();
}

async function noSeriousA11yProblems(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('from the last episode through the post-test (failed, then passed on another sheet) and the evaluation to a downloaded certificate and signed credential anyone can verify', async ({
  page,
  request,
  browser,
}) => {
  // A long journey: three minutes, for a loaded machine.
  test.setTimeout(180_000);
  const u = await registerByApi(request, 'graduate');
  const c = await course(request, u);
  await watchAllBut(request, c, 0);
  await withTokens(page, u);
  // The last episode's player offers the post-test now that every episode is watched.
  await page.goto(`/library/course/${SLUG}/episode/${c.episodes.at(-1)!.id}`);
  await page
    .getByRole('link', { name: /แบบทดสอบหลังเรียน/ })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/test/${c.postTestId}$`));
  await noSeriousA11yProblems(page);

  // The pool is not shown before the draw: the intro says how many questions an attempt asks.
  await expect(page.getByText('8 ข้อ', { exact: true })).toBeVisible();
  // First attempt: every answer wrong.
  await page.getByRole('button', { name: 'เริ่มทำแบบทดสอบ' }).click();
  await expect(page.getByRole('timer')).toBeVisible();
  const first = await answerAll(page, false);
  expect(first).toHaveLength(8);
  await noSeriousA11yProblems(page);
  await submit(page);
  await expect(page.getByText(/ยังไม่ผ่าน \(เกณฑ์ผ่าน 60%\)/)).toBeVisible();
  // Each question with the learner's own answer marked wrong; neither the right choices nor the explanations
  // (which give them away) while attempts are left.
  const answers = page.getByRole('list').filter({ hasText: first[0]!.prompt });
  await expect(answers.getByText(/^✗\s*ผิด$/)).toHaveCount(first.length);
  await expect(answers.getByText('คุณเลือก').first()).toBeVisible();
  await expect(page.getByText('คำตอบที่ถูก')).toHaveCount(0);
  for (const q of POOL) await expect(page.getByText(q.explanation)).toHaveCount(0);
  await expect(page.getByText('เฉลยจะแสดงเมื่อคุณทำผ่าน หรือใช้สิทธิ์ทำครบแล้ว').first()).toBeVisible();
  await noSeriousA11yProblems(page);

  // Second attempt, on another sheet (a retake draws the questions the first did not ask first): every answer right.
  await page.getByRole('button', { name: 'ทำอีกครั้ง' }).click();
  await expect(page.getByRole('timer')).toBeVisible();
  const second = await answerAll(page, true);
  expect(second).toHaveLength(8);
  expect(second.filter((q) => !first.includes(q)).length).toBeGreaterThanOrEqual(4);
  await submit(page);
  await expect(page.getByText('100%').first()).toBeVisible();
  // Passed: now the explanations are shown.
  await expect(page.getByText(second[0]!.explanation)).toBeVisible();
  await page.getByRole('link', { name: 'เรียนจบคอร์สแล้ว — ดูผลและรับใบประกาศ' }).click();

  // The course-completed moment, then the evaluation the certificate needs.
  await expect(page.getByRole('heading', { name: 'ยินดีด้วย คุณเรียนจบแล้ว!' })).toBeVisible();
  await noSeriousA11yProblems(page);
  await page.getByRole('link', { name: 'ทำแบบประเมิน' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/library/course/${SLUG}/evaluation$`));
  // Sending with a required question unanswered keeps the form, with the error at the field.
  await page.getByRole('button', { name: 'ส่งแบบประเมิน' }).click();
  await expect(page.getByText('กรุณาตอบคำถามนี้').first()).toBeVisible();
  await noSeriousA11yProblems(page);
  const fives = page.getByRole('radio', { name: '5 ดาว ดีมาก' });
  await expect(fives).toHaveCount(2);
  for (const five of await fives.all()) await five.check({ force: true });
  await page.getByRole('radio', { name: 'ใช้ได้ทันที' }).check({ force: true });
  await page.getByRole('textbox').fill('อธิบายเข้าใจง่าย ใช้ได้จริง');
  await page.getByRole('button', { name: 'ส่งแบบประเมิน' }).click();
  await expect(page.getByText('ขอบคุณสำหรับการประเมิน')).toBeVisible();

  // The certificate: issued on this visit, downloaded as a PDF, verified on its public page.
  await page
    .getByRole('link', { name: /ใบประกาศ/ })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/library/course/${SLUG}/certificate$`));
  const file = await downloadNamed(page, /^certificate-[A-Z2-9]{12}\.pdf$/, () =>
    page.getByRole('link', { name: 'ดาวน์โหลด PDF' }).click(),
  );
  const pdf = await (await import('node:fs/promises')).readFile((await file.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  await noSeriousA11yProblems(page);
  const code = /certificate-([A-Z2-9]{12})\.pdf/.exec(file.suggestedFilename())![1]!;
  // The signed credential (Open Badges 3.0, a VC-JWT) downloads beside it.
  const credentialFile = await downloadNamed(page, `certificate-${code}.credential.json`, () =>
    page.getByRole('button', { name: 'ดาวน์โหลดใบรับรองดิจิทัล (JSON)' }).click(),
  );
  const credential = JSON.parse(
    await (await import('node:fs/promises')).readFile((await credentialFile.path())!, 'utf8'),
  );
  expect(credential.jwt.split('.')).toHaveLength(3);
  expect(credential.credential.type).toContain('OpenBadgeCredential');

  await page.goto(`/certificates/${code}`);
  await expect(page.getByText('ใบประกาศนียบัตรนี้ถูกต้อง')).toBeVisible();
  await expect(page.getByText('ลายเซ็นดิจิทัลถูกต้อง')).toBeVisible();
  await expect(page.getByText('ทดสอบ อีทูอี')).toBeVisible();
  await expect(page.getByText('วางแผนการเงินส่วนบุคคลฉบับเริ่มต้น').first()).toBeVisible();
  await noSeriousA11yProblems(page);
  // Its page shares well: Open Graph tags in the HTML itself, for crawlers that run no script.
  const html = await (await request.get(`/certificates/${code}`)).text();
  expect(html).toContain(
    'property="og:title" content="ใบประกาศนียบัตร: วางแผนการเงินส่วนบุคคลฉบับเริ่มต้น · ทดสอบ อีทูอี"',
  );
  // The library's card says the course is done and leads to the certificate; the account lists it.
  await page.goto('/library');
  const mine = page.getByRole('region', { name: 'คอร์สที่กำลังเรียน' });
  await expect(mine.getByText('เรียนจบแล้ว')).toBeVisible();
  await expect(mine.getByText('ผ่านแบบทดสอบ 1/3')).toBeVisible();
  await expect(mine.getByRole('link', { name: /^ดูใบประกาศ/ })).toHaveAttribute(
    'href',
    `/library/course/${SLUG}/certificate`,
  );
  await expect(mine.getByRole('link', { name: /^ดูต่อ/ })).toHaveCount(0);
  await page.goto('/account');
  await expect(page.getByText(code)).toBeVisible();

  // Anyone, not logged in, can verify it; an unknown code says so.
  const anonymous = await browser.newPage({ baseURL: new URL(page.url()).origin });
  await anonymous.goto(`/certificates/${code}`);
  await expect(anonymous.getByText('ใบประกาศนียบัตรนี้ถูกต้อง')).toBeVisible();
  await expect(anonymous.getByText('ทดสอบ อีทูอี')).toBeVisible();
  await anonymous.goto('/certificates/ZZZZZZZZZZZZ');
  await expect(anonymous.getByText('ไม่พบใบประกาศนียบัตร')).toBeVisible();
  await anonymous.close();
});

test('the pre-test is diagnostic: the score and the topics to study, no answers, explanations or "passed"', async ({
  page,
  request,
}) => {
  const u = await registerByApi(request, 'pretest');
  await withTokens(page, u);
  // A course not yet started opens on its pre-test.
  await page.goto(`/library/course/${SLUG}`);
  await page.waitForURL(/\/library\/course\/[^/]+\/test\//);
  await page.getByRole('button', { name: 'เริ่มทำแบบทดสอบ' }).click();
  // The first two right, the others wrong: their topics are the ones to study.
  await page.getByLabel('ทุกข้อในหน้าเดียว').check();
  for (const [i, q] of FINAL.entries()) {
    const [label] = q.choices.find(([, correct]) => correct === i < 2)!;
    await groupOf(page, q).getByLabel(label, { exact: true }).check();
  }
  await submit(page);
  await expect(page.getByRole('heading', { name: 'ผลแบบทดสอบก่อนเรียน' })).toBeVisible();
  const topics = page.getByRole('list').filter({ hasText: FINAL[2]!.topic! });
  for (const q of FINAL.slice(2)) await expect(topics.getByText(q.topic!, { exact: true })).toBeVisible();
  await expect(topics.getByText(FINAL[0]!.topic!, { exact: true })).toHaveCount(0);
  await expect(page.getByText(/^ผ่าน$|ยังไม่ผ่าน/)).toHaveCount(0);
  await expect(page.getByText('คำตอบที่ถูก')).toHaveCount(0);
  for (const q of FINAL) await expect(page.getByText(q.explanation)).toHaveCount(0);
  await noSeriousA11yProblems(page);
});

test('a reload in the middle of a timed test keeps the answers and the remaining time', async ({
  page,
  request,
}) => {
  const u = await registerByApi(request, 'reload');
  const c = await course(request, u);
  await watchAllBut(request, c, 0);
  await withTokens(page, u);
  await page.goto(`/library/course/${SLUG}/test/${c.postTestId}`);
  await page.getByRole('button', { name: 'เริ่มทำแบบทดสอบ' }).click();
  const [first, second] = await sheetOn(page);
  const saved = page.waitForResponse(
    (r) =>
      r.url().endsWith('/api/assessment-response') && r.request().method() === 'POST' && r.status() === 200,
  );
  await groupOf(page, first!).getByLabel(first!.choices[1]![0], { exact: true }).check();
  await groupOf(page, second!).getByLabel(second!.choices[0]![0], { exact: true }).check();
  await saved;
  await expect(page.getByText('บันทึกคำตอบแล้ว')).toBeVisible();
  const seconds = async () => {
    const [m, s] = (await page.getByRole('timer').innerText()).trim().split(':').map(Number);
    return m! * 60 + s!;
  };
  const before = await seconds();
  expect(before).toBeGreaterThan(500);

  await page.reload();
  await page.getByLabel('ทุกข้อในหน้าเดียว').check();
  await expect(groupOf(page, first!).getByLabel(first!.choices[1]![0], { exact: true })).toBeChecked();
  await expect(groupOf(page, second!).getByLabel(second!.choices[0]![0], { exact: true })).toBeChecked();
  // The clock went on from where it was (server time), not from the start.
  const after = await seconds();
  expect(after).toBeLessThanOrEqual(before);
  expect(after).toBeGreaterThan(before - 60);
});

test('at 360 px the test and the certificate pages fit the screen', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const u = await registerByApi(request, 'narrow');
  const c = await course(request, u);
  await watchAllBut(request, c, 0);
  await withTokens(page, u);
  await page.goto(`/library/course/${SLUG}/test/${c.postTestId}`);
  await page.getByRole('button', { name: 'เริ่มทำแบบทดสอบ' }).click();
  await expect(page.getByRole('timer')).toBeVisible();
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(await fits()).toBe(true);
  await noSeriousA11yProblems(page);
  await page.goto(`/library/course/${SLUG}/completed`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await fits()).toBe(true);
  await page.goto('/certificates/ZZZZZZZZZZZZ');
  await expect(page.getByText('ไม่พบใบประกาศนียบัตร')).toBeVisible();
  expect(await fits()).toBe(true);
});
