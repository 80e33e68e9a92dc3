import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../src/lib/ids.js';
import { seedCatalogue, watchThrough } from './courses-fixture.js';
import { bearer, createTestApp, register, type TestApp } from './helpers.js';

/**
 * Groups and course assignments of the organisation console (issue 35): assigning to members and groups, once
 * per member and course, never to another organisation's people; each assignee's progress; the library showing
 * assigned courses first; reminders before the due date and once overdue, and the weekly digest, each sent once
 * with the clock moved.
 */
let t: TestApp;
let cat: Awaited<ReturnType<typeof seedCatalogue>>;
let orgId = '';
let otherOrgId = '';
let manager = { token: '', email: '' };
type Member = { id: string; token: string; email: string };
let m1: Member;
let m2: Member;
let m3: Member;
let outsider: Member;
let otherGroup = '';
const DAY = 86_400_000;

async function organisation(name: string) {
  const id = uuidv7();
  await t.db.execute(sql`insert into organizations (id, name) values (${id}, ${name})`);
  return id;
}
async function member(org: string, locale: 'th' | 'en' = 'th'): Promise<Member> {
  const u = await register(t.app);
  await t.db.execute(
    sql`update users set organization_id = ${org}, locale = ${locale}, organization_joined_at = now() where id = ${u.user.id}`,
  );
  return { id: u.user.id, token: u.access_token, email: u.user.email };
}
const call = (method: string, path: string, payload?: object, token = manager.token) =>
  t.app.inject({
    method: method as 'GET',
    url: `/api/org/${orgId}${path}`,
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  });
const rows = async (q: ReturnType<typeof sql>) => (await t.db.execute(q)).rows;
const mailsTo = async (to: string, subject: RegExp) => {
  const found = await rows(sql`select subject from dev_mail where "to" = ${to}`);
  return found.map((r) => String(r.subject)).filter((s) => subject.test(s));
};
/** Waits for the mail jobs the run queued to be delivered to the development outbox. */
async function delivered(to: string, subject: RegExp, count: number) {
  for (let i = 0; i < 300; i++) {
    if ((await mailsTo(to, subject)).length >= count) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return (await mailsTo(to, subject)).length;
}

beforeAll(async () => {
  t = await createTestApp();
  cat = await seedCatalogue(t);
  orgId = await organisation('โรงพยาบาลทดสอบ');
  otherOrgId = await organisation('โรงเรียนอื่น');
  const boss = await member(orgId);
  await t.db.execute(
    sql`insert into organization_managers (organization_id, user_id) values (${orgId}, ${boss.id})`,
  );
  manager = { token: boss.token, email: boss.email };
  m1 = await member(orgId);
  m2 = await member(orgId, 'en');
  m3 = await member(orgId);
  outsider = await member(otherOrgId);
  otherGroup = uuidv7();
  await t.db.execute(
    sql`insert into organization_groups (id, organization_id, name) values (${otherGroup}, ${otherOrgId}, 'อื่น')`,
  );
});
afterAll(() => t?.close());

let ward = '';

describe('groups', () => {
  it('creates a group once per name whatever the case, adds only this organisation’s members, removes one', async () => {
    const made = await call('POST', '/groups', { name: ' หอผู้ป่วย 1 ' });
    expect(made.statusCode).toBe(201);
    ward = made.json().id;
    expect(made.json()).toMatchObject({ name: 'หอผู้ป่วย 1', memberCount: 0 });
    const again = await call('POST', '/groups', { name: 'หอผู้ป่วย 1'.toUpperCase() });
    expect([again.statusCode, again.json().code]).toEqual([409, 'VALUE_TAKEN']);
    expect((await call('POST', '/groups', { name: '   ' })).statusCode).toBe(400);

    // Someone of another organisation: 404 like an unknown id, and nobody is added.
    const foreign = await call('POST', `/groups/${ward}/members`, { userIds: [m2.id, outsider.id] });
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'NOT_FOUND']);
    expect(foreign.body).not.toContain(outsider.email);
    expect((await call('GET', `/groups/${ward}/members`)).json()).toEqual([]);

    const added = await call('POST', `/groups/${ward}/members`, { userIds: [m2.id, m3.id, m1.id, m2.id] });
    expect(added.statusCode).toBe(200);
    expect(
      added
        .json()
        .map((p: { id: string }) => p.id)
        .sort(),
    ).toEqual([m1.id, m2.id, m3.id].sort());
    expect((await call('DELETE', `/groups/${ward}/members/${m1.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/groups/${ward}/members/${m1.id}`)).statusCode).toBe(404);
    const list = (await call('GET', '/groups')).json();
    expect(list).toEqual([expect.objectContaining({ id: ward, memberCount: 2 })]);

    // Another organisation's group is not found, for reading, renaming, deleting or adding to.
    expect((await call('GET', `/groups/${otherGroup}/members`)).statusCode).toBe(404);
    expect((await call('PATCH', `/groups/${otherGroup}`, { name: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', `/groups/${otherGroup}`)).statusCode).toBe(404);
    expect((await call('POST', `/groups/${otherGroup}/members`, { userIds: [m1.id] })).statusCode).toBe(404);

    const renamed = await call('PATCH', `/groups/${ward}`, { name: 'หอผู้ป่วยใน' });
    expect(renamed.json()).toMatchObject({ id: ward, name: 'หอผู้ป่วยใน', memberCount: 2 });
    // The picker finds this organisation's members only.
    const people = (await call('GET', `/people?q=${encodeURIComponent(outsider.email)}`)).json();
    expect(people).toEqual([]);
    expect((await call('GET', '/people?q=a%00b')).statusCode).toBe(400);
    expect((await call('GET', `/people?q=${encodeURIComponent(m3.email)}`)).json()).toEqual([
      expect.objectContaining({ id: m3.id, email: m3.email }),
    ]);
    const audit = await rows(sql`select action from audit_log where entity_id = ${ward} order by at`);
    expect(audit.map((r) => r.action)).toEqual([
      'organization_group.create',
      'organization_group.add_members',
      'organization_group.remove_member',
      'organization_group.rename',
    ]);
  });
});

describe('assignments', () => {
  const due = () => new Date(Date.now() + 10 * DAY).toISOString();

  it('assigns a course to members and a group once per member; assigning again (20 at once) sets the date', async () => {
    const first = await call('POST', '/assignments', {
      courseId: cat.free,
      userIds: [m1.id, m2.id],
      groupIds: [ward],
      dueAt: due(),
    });
    expect(first.json()).toEqual({ courseId: cat.free, assigned: 3 });
    const later = new Date(Date.now() + 12 * DAY).toISOString();
    const again = await Promise.all(
      Array.from({ length: 20 }, () =>
        call('POST', '/assignments', {
          courseId: cat.free,
          groupIds: [ward],
          userIds: [m1.id],
          dueAt: later,
        }),
      ),
    );
    expect(again.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const kept = await rows(
      sql`select user_id, due_at, group_id from course_assignments where course_id = ${cat.free} order by user_id`,
    );
    expect(kept).toHaveLength(3);
    for (const r of kept) expect(new Date(String(r.due_at)).toISOString()).toBe(later);
    // Named directly wins over the group it is also in.
    expect(kept.find((r) => r.user_id === m1.id)!.group_id).toBeNull();
    expect(kept.find((r) => r.user_id === m3.id)!.group_id).toBe(ward);
  });

  it('refuses another organisation’s member or group, a past date, a draft course, and changes nothing', async () => {
    const before = await rows(sql`select count(*)::int as n from course_assignments`);
    const cases: [object, number][] = [
      [{ courseId: cat.paid, userIds: [outsider.id] }, 404],
      [{ courseId: cat.paid, groupIds: [otherGroup] }, 404],
      [{ courseId: cat.paid, userIds: [m1.id, outsider.id] }, 404],
      [{ courseId: cat.paid, userIds: [m1.id], dueAt: new Date(Date.now() - DAY).toISOString() }, 400],
      [{ courseId: cat.draft, userIds: [m1.id] }, 404],
      [{ courseId: cat.paid }, 400],
    ];
    for (const [body, status] of cases)
      expect((await call('POST', '/assignments', body)).statusCode).toBe(status);
    expect(await rows(sql`select count(*)::int as n from course_assignments`)).toEqual(before);
    // Another organisation's manager (the gate): not found.
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/org/${otherOrgId}/assignments`,
      headers: bearer(manager.token),
    });
    expect(res.statusCode).toBe(404);
  });

  it('shows each assignee’s progress, access and completion after a member watches the course through', async () => {
    const watched = await watchThrough(t, bearer(m1.token), cat.free, cat.freeEpisodes);
    expect(watched.statusCode).toBe(200);
    // A paid course assigned grants nothing: the console says who cannot watch it.
    await call('POST', '/assignments', { courseId: cat.paid, userIds: [m1.id] });
    const paid = (await call('GET', `/assignments/${cat.paid}`)).json();
    expect(paid.assignees).toEqual([
      expect.objectContaining({ canAccess: false, dueAt: null, overdue: false }),
    ]);

    const res = await call('GET', `/assignments/${cat.free}`);
    expect(res.statusCode).toBe(200);
    const byId = Object.fromEntries(
      res.json().assignees.map((a: { user: { id: string } }) => [a.user.id, a]),
    );
    expect(Object.keys(byId).sort()).toEqual([m1.id, m2.id, m3.id].sort());
    expect(byId[m1.id]).toMatchObject({
      percent: 100,
      completed: true,
      canAccess: true,
      overdue: false,
      group: null,
    });
    expect(byId[m2.id]).toMatchObject({
      percent: 0,
      completed: false,
      completedAt: null,
      certificateCode: null,
    });
    expect(byId[m3.id]).toMatchObject({ group: { id: ward, name: 'หอผู้ป่วยใน' }, completed: false });
    const summary = (await call('GET', '/assignments')).json();
    expect(summary).toContainEqual(
      expect.objectContaining({
        course: expect.objectContaining({ id: cat.free }),
        assignees: 3,
        completed: 1,
      }),
    );
  });

  it('the library lists the assigned course first with its due date and organisation, even before it is started', async () => {
    // m2 started the paid course (a teaser) more recently than anything else.
    await t.app.inject({
      method: 'POST',
      url: '/api/users/on-going-episode',
      headers: bearer(m2.token),
      payload: { course_id: cat.paid, episode_id: cat.paidEpisodes[0]!.id, last_second: 5 },
    });
    const mine = (
      await t.app.inject({ method: 'GET', url: '/api/users/my-course', headers: bearer(m2.token) })
    ).json();
    expect(mine.map((c: { id: string }) => c.id)).toEqual([cat.free, cat.paid]);
    expect(mine[0]).toMatchObject({
      lastWatchedAt: null,
      assignment: { organization: 'โรงพยาบาลทดสอบ', overdue: false, dueAt: expect.any(String) },
    });
    expect(mine[1].assignment).toBeNull();
    // Someone of another organisation sees nothing of it.
    const theirs = await t.app.inject({
      method: 'GET',
      url: '/api/users/my-course',
      headers: bearer(outsider.token),
    });
    expect(theirs.json()).toEqual([]);
  });

  it('mails a reminder before the due date and one once overdue, once each, to those not done (clock moved)', async () => {
    const jobs = t.app.orgAssignJobs;
    const dueAt = new Date(
      String(
        (
          await rows(
            sql`select due_at from course_assignments where user_id = ${m2.id} and course_id = ${cat.free}`,
          )
        )[0]!.due_at,
      ),
    );
    expect(await jobs.remindDue(new Date(dueAt.getTime() - 4 * DAY))).toBe(0);
    // Three days before: m2 and m3 (m1 completed it).
    expect(await jobs.remindDue(new Date(dueAt.getTime() - 2 * DAY))).toBe(2);
    expect(await jobs.remindDue(new Date(dueAt.getTime() - DAY))).toBe(0);
    expect(await delivered(m2.email, /Due soon/, 1)).toBe(1); // m2 reads English
    expect(await delivered(m3.email, /ใกล้ถึงกำหนด/, 1)).toBe(1);
    // Overdue, once; and 20 runs at once still send each once.
    const late = new Date(dueAt.getTime() + DAY);
    const runs = await Promise.all(Array.from({ length: 20 }, () => jobs.remindDue(late)));
    expect(runs.reduce((a, b) => a + b, 0)).toBe(2);
    expect(await jobs.remindDue(new Date(dueAt.getTime() + 5 * DAY))).toBe(0);
    expect(await delivered(m3.email, /เลยกำหนด/, 1)).toBe(1);
    expect(await mailsTo(m1.email, /.*/)).toEqual(
      expect.not.arrayContaining([expect.stringMatching(/กำหนด/)]),
    );
    // A new date starts its reminders over.
    const newDue = new Date(Date.now() + 20 * DAY).toISOString();
    await call('POST', '/assignments', { courseId: cat.free, userIds: [m3.id], dueAt: newDue });
    expect(await jobs.remindDue(new Date(Date.parse(newDue) - 2 * DAY))).toBe(1);
  });

  it('mails the weekly digest to the managers once per organisation and week', async () => {
    const jobs = t.app.orgAssignJobs;
    const monday = new Date(Date.now() + 7 * DAY);
    const runs = await Promise.all(Array.from({ length: 5 }, () => jobs.digestDue(monday)));
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1); // one manager, one organisation with managers
    expect(await jobs.digestDue(new Date(monday.getTime() + 60_000))).toBe(0);
    expect(await jobs.digestDue(new Date(monday.getTime() + 7 * DAY))).toBe(1);
    expect(await delivered(manager.email, /สรุปประจำสัปดาห์/, 2)).toBe(2);
    // The first: the past week's joins (the manager and three members) and the one completion; none overdue yet.
    const [first] = await rows(
      sql`select text from dev_mail where "to" = ${manager.email} and subject like 'สรุป%' order by created_at limit 1`,
    );
    expect(String(first!.text)).toContain('สมาชิกใหม่ 4 คน · เรียนจบคอร์สที่มอบหมาย 1 ครั้ง · งานที่เลยกำหนด 0 รายการ');
  });

  it('withdraws an assignment once', async () => {
    expect((await call('DELETE', `/assignments/${cat.free}/users/${m3.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/assignments/${cat.free}/users/${m3.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/assignments/${cat.free}/users/${outsider.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/assignments/${cat.free}`)).json().assignees).toHaveLength(2);
  });
});
