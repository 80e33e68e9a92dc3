import type { APIRequestContext, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { DEMO_ASSESSMENTS } from '../../apps/api/src/startup/seed-assessments-data';
import {
  adminApi,
  downloadNamed,
  expect,
  fitsTheScreen,
  loginInPage,
  mailTo,
  noSeriousViolations,
  PASSWORD,
  playThrough,
  registerByApi,
  test,
  uniqueEmail,
  withTokens,
} from './fixtures';

// The free demo course: any member may watch it; completing it asks for every episode and its post-test.
const SLUG = 'personal-finance-101';
const TITLE = 'วางแผนการเงินส่วนบุคคลฉบับเริ่มต้น';
const DEMO = DEMO_ASSESSMENTS.find((d) => d.slug === SLUG)!;
const POOL = [...DEMO.finalQuestions, ...DEMO.postTestExtra];

type Session = { access_token: string; refresh_token: string; user: { id: string } };
const bearer = (u: Session) => ({ authorization: `Bearer ${u.access_token}` });

/** The invitee signs up with the invited address (through the API), as the mail's link asks. */
async function signUp(request: APIRequestContext, email: string, firstName: string): Promise<Session> {
  const res = await request.post('/api/users', {
    data: {
      email,
      password: PASSWORD,
      firstName,
      lastName: 'ผู้ได้รับเชิญ',
      acceptTerms: true,
      device: { id: `org-journey-${randomUUID()}`, name: 'Playwright API' },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

/** The learner completes the course through the API: every episode played through, the post-test passed. */
async function complete(request: APIRequestContext, u: Session) {
  const headers = bearer(u);
  const c = await (await request.get(`/api/course/get-course-by-slug/${SLUG}`, { headers })).json();
  const list = await (await request.post(`/api/course/${c.id}/get-episode-and-quiz`, { headers })).json();
  await playThrough(request, headers, c.id, list.episodes);
  const testId = list.postTest.id as string;
  const started = await request.post('/api/assessment-response', { headers, data: { assessmentId: testId } });
  expect(started.status(), await started.text()).toBe(200);
  const sheet = await (await request.get(`/api/assessment/${testId}`, { headers })).json();
  const answers = (
    sheet.questions as { id: string; prompt: string; choices: { id: string; label: string }[] }[]
  ).map((q) => {
    const right = POOL.find((p) => p.prompt === q.prompt)!
      .choices.filter(([, ok]) => ok)
      .map(([label]) => label);
    return {
      questionId: q.id,
      choiceIds: q.choices.filter((ch) => right.includes(ch.label)).map((ch) => ch.id),
    };
  });
  const graded = await request.post('/api/assessment-result', {
    headers,
    data: { assessmentId: testId, answers },
  });
  expect((await graded.json()).passed).toBe(true);
}

/** The console's phone menu (the side nav is hidden at 360 px): opens it and follows a section's link. */
async function openSection(page: Page, name: string) {
  await page.getByRole('button', { name: /^เปิดเมนู: / }).click();
  await page.getByRole('navigation', { name: 'เมนูจัดการองค์กร' }).getByRole('link', { name }).click();
}

/** The screen as it stands is usable: no sideways scroll at 360 px, no serious accessibility violation. */
async function screenIsSound(page: Page) {
  await fitsTheScreen(page);
  await noSeriousViolations(page);
}

test('a manager signs in, invites three people by e-mail, who join by the mailed link; assigns them a course with a due date, which comes first in a member’s library; sees that member finish it; and exports a report of exactly the members', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  // Set up through the API: an organisation, a registered user made its manager by the administrator, and a
  // learner of another organisation (whose row must never reach this organisation's report).
  const admin = await adminApi(request);
  const tag = `orgj${randomUUID().slice(0, 6)}`;
  const orgName = `โรงพยาบาลทดสอบ ${tag}`;
  const newOrg = (name: string) =>
    admin<{ id: string }>('/organizations', {
      name,
      requiresContact: false,
      inviteCode: null,
      ssoProvider: null,
      emailDomains: [],
    });
  const org = await newOrg(orgName);
  const manager = await registerByApi(request, `${tag}-manager`);
  await admin(`/organizations/${org.id}/managers`, { email: manager.email });
  const other = await newOrg(`องค์กรอื่น ${tag}`);
  const outsider = await registerByApi(request, `${tag}-outsider`);
  await admin(`/organizations/${other.id}/members`, { email: outsider.email });

  // The manager signs in on a phone-wide screen: the console sends them to the login page and back into it.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/org');
  await loginInPage(page, manager.email);
  await expect(page.getByRole('heading', { name: orgName })).toBeVisible();

  // Three addresses and a bad line, by e-mail list: a result per line, the three in the invitations list.
  await openSection(page, 'คำเชิญ');
  const invited = [uniqueEmail(tag), uniqueEmail(tag), uniqueEmail(tag)];
  await page.getByLabel('อีเมลที่จะเชิญ').fill(`${invited.join('\n')}\nnot-an-address`);
  await page.getByRole('button', { name: 'ส่งคำเชิญ' }).click();
  const results = page.getByRole('region', { name: 'ผลการเชิญแต่ละบรรทัด' });
  await expect(results.getByText('ส่งคำเชิญแล้ว 3 รายการ')).toBeVisible();
  await expect(results.getByText(/บรรทัด 4: not-an-address — อีเมลไม่ถูกต้อง/)).toBeVisible();
  for (const email of invited) await expect(page.getByText(email, { exact: true })).toBeVisible();
  await screenIsSound(page);

  // The three accept by the links mailed to them: the first in the browser, the other two through the API.
  const names = ['สมหญิง', 'สมชาย', 'สมศรี'];
  const members: Session[] = [];
  const links: string[] = [];
  for (const [i, email] of invited.entries()) {
    const mail = await mailTo(request, email, /คำเชิญ/);
    links.push(/\/org-invite\/[A-Za-z0-9_-]+/.exec(mail.text)![0]);
    members.push(await signUp(request, email, names[i]!));
  }
  const learner = members[0]!;
  const learnerContext = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const learnerPage = await learnerContext.newPage();
  await withTokens(learnerPage, learner);
  await learnerPage.goto(links[0]!);
  await learnerPage.getByRole('button', { name: 'ตอบรับคำเชิญ' }).click();
  await expect(learnerPage.getByText(`คุณเข้าร่วม ${orgName} แล้ว`, { exact: false })).toBeVisible();
  await screenIsSound(learnerPage);
  for (const i of [1, 2]) {
    const token = links[i]!.split('/').pop();
    const accepted = await request.post('/api/users/org-invites/accept', {
      headers: bearer(members[i]!),
      data: { token },
    });
    expect(accepted.status(), await accepted.text()).toBe(200);
  }

  // The manager puts the three in a group, found by searching their addresses.
  await openSection(page, 'กลุ่ม');
  await expect(page.getByText('ยังไม่มีกลุ่ม สร้างกลุ่มแรกได้จากด้านบน')).toBeVisible();
  await page.getByLabel('ชื่อกลุ่ม').fill('หอผู้ป่วยใน');
  await page.getByRole('button', { name: 'สร้างกลุ่ม', exact: true }).click();
  await page.getByRole('button', { name: 'จัดการสมาชิกของ หอผู้ป่วยใน' }).click();
  await page.getByLabel('ค้นหาสมาชิกด้วยชื่อหรืออีเมล').fill(tag);
  for (const name of names) await page.getByRole('button', { name: new RegExp(`^เลือก ${name}`) }).click();
  await expect(page.getByText('เลือกแล้ว 3 คน')).toBeVisible();
  await page.getByRole('button', { name: 'เพิ่มในกลุ่ม' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'หอผู้ป่วยใน' })).toContainText('3 คน');
  await screenIsSound(page);

  // …and assigns the course to the group with a due date two weeks ahead.
  await openSection(page, 'การมอบหมาย');
  await expect(page.getByText('ยังไม่ได้มอบหมายคอร์สใด')).toBeVisible();
  await page.getByLabel('ค้นหาคอร์ส').fill('วางแผนการเงิน');
  await page.getByRole('button', { name: TITLE }).click();
  await page.getByRole('checkbox', { name: /^หอผู้ป่วยใน/ }).check();
  const due = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('กำหนดส่ง (ไม่บังคับ)').fill(due);
  await page.getByRole('button', { name: 'มอบหมาย', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'มอบหมายให้ 3 คนแล้ว' })).toBeVisible();
  await screenIsSound(page);

  // The member watched another course's teaser just now: the assigned course still comes first in the library,
  // with the organisation and the due date.
  const headers = bearer(learner);
  const watched = await (
    await request.get('/api/course/get-course-by-slug/stock-investing-basics', { headers })
  ).json();
  const outline = await (
    await request.post(`/api/course/${watched.id}/get-episode-and-quiz`, { headers })
  ).json();
  const teaser = (outline.episodes as { id: string; isTeaser: boolean }[]).find((e) => e.isTeaser)!;
  const saved = await request.post('/api/users/on-going-episode', {
    headers,
    data: { course_id: watched.id, episode_id: teaser.id, last_second: 3 },
  });
  expect(saved.status()).toBe(200);
  await learnerPage.goto('/library');
  const mine = learnerPage.getByRole('region', { name: 'คอร์สที่กำลังเรียน' });
  await expect(mine.getByRole('heading', { level: 3 })).toHaveText([TITLE, watched.title]);
  await expect(mine.getByText(`มอบหมายโดย ${orgName}`)).toBeVisible();
  await expect(mine.getByText(/^กำหนดส่ง /)).toBeVisible();
  await screenIsSound(learnerPage);
  await learnerContext.close();

  await complete(request, learner);

  // The manager sees it completed: on the course's assignees (the other two still learning)…
  await page.getByRole('link', { name: `ดูผู้ได้รับมอบหมายของ ${TITLE}` }).click();
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
  const row = page.getByTestId('assignee').filter({ hasText: invited[0]! });
  await expect(row.getByText('เรียนจบ', { exact: true })).toBeVisible();
  await expect(row.getByText('100%')).toBeVisible();
  await expect(row.getByText('ผ่าน', { exact: true })).toBeVisible();
  await expect(page.getByTestId('assignee').getByText('กำลังเรียน', { exact: true })).toHaveCount(2);
  await screenIsSound(page);

  // …among the members, filtered to those who completed every assigned course…
  await openSection(page, 'สมาชิก');
  await expect(page.getByText('ทั้งหมด 3 คน')).toBeVisible();
  await page.getByLabel('สถานะ').selectOption({ label: 'เรียนจบครบทุกคอร์ส' });
  await page.getByRole('button', { name: 'ค้นหา', exact: true }).click();
  await expect(page.getByText('ทั้งหมด 1 คน')).toBeVisible();
  const card = page.getByRole('article', { name: new RegExp(names[0]!) });
  await expect(card.getByText(`${TITLE} · จบแล้ว`)).toBeVisible();
  await expect(card.getByText('คำเชิญทางอีเมล')).toBeVisible();
  await screenIsSound(page);

  // …and, back on the overview by the site's menu, in its chart (one month with one completion, in its table for
  // screen readers); then the report, downloaded from there.
  await page.getByRole('button', { name: /^(เมนู|Menu)/ }).click();
  await page.getByRole('link', { name: 'จัดการองค์กร' }).click();
  await expect(page.getByRole('cell', { name: /: 1 คอร์ส$/ })).toHaveCount(1);
  await screenIsSound(page);
  const csv = await downloadNamed(page, /\.csv$/, () =>
    page.getByRole('button', { name: 'ดาวน์โหลด CSV' }).click(),
  );
  const text = await readFile((await csv.path())!, 'utf8');
  for (const email of invited) expect(text).toContain(email);
  expect(text).not.toContain(manager.email);
  expect(text).not.toContain(outsider.email);
  const xlsx = await downloadNamed(page, /\.xlsx$/, () =>
    page.getByRole('button', { name: 'ดาวน์โหลด Excel (XLSX)' }).click(),
  );
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await xlsx.path())!);
  const sheet = book.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).map(String);
  const rows = sheet.getRows(2, sheet.rowCount - 1) ?? [];
  const cell = (r: ExcelJS.Row, title: string) => r.getCell(header.indexOf(title)).value;
  // Exactly the organisation's three members (not its manager, who is no member, nor the other organisation's).
  expect(rows.map((r) => cell(r, 'อีเมล')).sort()).toEqual([...invited].sort());
  expect(rows.map((r) => [cell(r, 'อีเมล'), cell(r, 'เรียนจบ')]).sort()).toEqual(
    invited.map((e, i) => [e, i === 0 ? 1 : 0]).sort(),
  );
});
