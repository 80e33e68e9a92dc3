import type { APIRequestContext } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { DEMO_ASSESSMENTS } from '../../apps/api/src/startup/seed-assessments-data';
import {
  expect,
  fitsTheScreen,
  noSeriousViolations,
  platformDb,
  playThrough,
  registerByApi,
  test,
  withTokens,
} from './fixtures';

// The free demo course: any member may watch it; completing it asks for every episode and its post-test.
const SLUG = 'personal-finance-101';
const TITLE = 'วางแผนการเงินส่วนบุคคลฉบับเริ่มต้น';
const DEMO = DEMO_ASSESSMENTS.find((d) => d.slug === SLUG)!;
const POOL = [...DEMO.finalQuestions, ...DEMO.postTestExtra];

type Learner = Awaited<ReturnType<typeof registerByApi>>;

/** The learner completes the course through the API: every episode played through, the post-test passed. */
async function complete(request: APIRequestContext, u: Learner) {
  const headers = { authorization: `Bearer ${u.access_token}` };
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
    const known = POOL.find((p) => p.prompt === q.prompt)!;
    const right = known.choices.filter(([, ok]) => ok).map(([label]) => label);
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

test('a manager assigns a course with a due date, the member finds it first in the library, completes it, and the manager sees it completed', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const manager = await registerByApi(request, 'org-manager');
  const member = await registerByApi(request, 'org-member');
  const orgId = randomUUID();
  const orgName = `โรงพยาบาลทดสอบ ${orgId.slice(0, 6)}`;
  const db = await platformDb();
  try {
    await db.query(`insert into organizations (id, name) values ($1, $2)`, [orgId, orgName]);
    await db.query(
      `update users set organization_id = $1, organization_joined_at = now() where id = any($2)`,
      [orgId, [manager.user.id, member.user.id]],
    );
    await db.query(`insert into organization_managers (organization_id, user_id) values ($1, $2)`, [
      orgId,
      manager.user.id,
    ]);
  } finally {
    await db.end();
  }

  // The manager, on a phone-wide screen, puts the member in a group, then assigns the course to the group with a
  // due date.
  await page.setViewportSize({ width: 360, height: 800 });
  await withTokens(page, manager);
  await page.goto(`/org/${orgId}/groups`);
  await expect(page.getByText('ยังไม่มีกลุ่ม สร้างกลุ่มแรกได้จากด้านบน')).toBeVisible();
  await page.getByLabel('ชื่อกลุ่ม').fill('หอผู้ป่วยใน');
  await page.getByRole('button', { name: 'สร้างกลุ่ม', exact: true }).click();
  await page.getByRole('button', { name: 'จัดการสมาชิกของ หอผู้ป่วยใน' }).click();
  await page.getByLabel('ค้นหาสมาชิกด้วยชื่อหรืออีเมล').fill(member.email);
  await page.getByRole('button', { name: /^เลือก / }).click();
  await page.getByRole('button', { name: 'เพิ่มในกลุ่ม' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'หอผู้ป่วยใน' })).toContainText('1 คน');
  await fitsTheScreen(page);
  await noSeriousViolations(page);

  await page.goto(`/org/${orgId}/assignments`);
  await expect(page.getByRole('heading', { name: 'การมอบหมายคอร์ส' })).toBeVisible();
  await expect(page.getByText('ยังไม่ได้มอบหมายคอร์สใด')).toBeVisible();
  await page.getByLabel('ค้นหาคอร์ส').fill('วางแผนการเงิน');
  await page.getByRole('button', { name: TITLE }).click();
  await page.getByRole('checkbox', { name: /^หอผู้ป่วยใน/ }).check();
  const due = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('กำหนดส่ง (ไม่บังคับ)').fill(due);
  await page.getByRole('button', { name: 'มอบหมาย', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'มอบหมายให้ 1 คนแล้ว' })).toBeVisible();
  await expect(page.getByRole('link', { name: `ดูผู้ได้รับมอบหมายของ ${TITLE}` })).toBeVisible();
  await fitsTheScreen(page);
  await noSeriousViolations(page);

  // The member watched another course's teaser just now: the assigned course still comes first in the library,
  // with the organisation and the due date.
  const headers = { authorization: `Bearer ${member.access_token}` };
  const other = await (
    await request.get('/api/course/get-course-by-slug/stock-investing-basics', { headers })
  ).json();
  const outline = await (
    await request.post(`/api/course/${other.id}/get-episode-and-quiz`, { headers })
  ).json();
  const teaser = (outline.episodes as { id: string; isTeaser: boolean }[]).find((e) => e.isTeaser)!;
  const saved = await request.post('/api/users/on-going-episode', {
    headers,
    data: { course_id: other.id, episode_id: teaser.id, last_second: 3 },
  });
  expect(saved.status()).toBe(200);
  const memberContext = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const memberPage = await memberContext.newPage();
  await withTokens(memberPage, member);
  await memberPage.goto('/library');
  const mine = memberPage.getByRole('region', { name: 'คอร์สที่กำลังเรียน' });
  await expect(mine.getByText(`มอบหมายโดย ${orgName}`)).toBeVisible();
  await expect(mine.getByText(/^กำหนดส่ง /)).toBeVisible();
  await expect(mine.getByRole('heading', { level: 3 })).toHaveText([TITLE, other.title]);
  await fitsTheScreen(memberPage);
  await noSeriousViolations(memberPage);
  await memberContext.close();

  await complete(request, member);

  // The manager sees it completed.
  await page.getByRole('link', { name: `ดูผู้ได้รับมอบหมายของ ${TITLE}` }).click();
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
  const row = page.getByTestId('assignee').filter({ hasText: member.email });
  await expect(row.getByText('เรียนจบ', { exact: true })).toBeVisible();
  await expect(row.getByText('100%')).toBeVisible();
  await expect(row.getByText('ผ่าน', { exact: true })).toBeVisible();
  await fitsTheScreen(page);
  await noSeriousViolations(page);
});
