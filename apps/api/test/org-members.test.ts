import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../src/lib/ids.js';
import { adminUser } from './admin-fixture.js';
import { seedCatalogue } from './courses-fixture.js';
import { bearer, createTestApp, register, type TestApp } from './helpers.js';

/**
 * The organisation console's members, managers and settings: a manager sees their organisation's members with
 * their learning (assigned courses, progress, tests, certificates) and nothing else: no other organisation's
 * member, no order or receipt, contact details only where the organisation requires them.
 */
let t: TestApp;
let orgA = '';
let orgB = '';
let manager = { token: '', id: '' };
let done = { id: '', email: '' };
let late = { id: '', email: '' };
let outsider = { id: '', email: '' };
let cat: Awaited<ReturnType<typeof seedCatalogue>>;

const q = (text: string, values: unknown[] = []) => t.db.$client.query(text, values);
async function organisation(name: string) {
  const id = uuidv7();
  await q('insert into organizations (id, name) values ($1, $2)', [id, name]);
  return id;
}
async function member(org: string, firstName: string, joinedBy = 'invite_code') {
  const u = await register(t.app, { firstName });
  await q(
    `update users set organization_id = $2, organization_joined_at = now(), organization_joined_by = $3
      where id = $1`,
    [u.user.id, org, joinedBy],
  );
  return { id: u.user.id, email: u.email, token: u.access_token };
}
const get = (url: string, token = manager.token) =>
  t.app.inject({ method: 'GET', url, headers: bearer(token) });
const members = async (query = '') => {
  const res = await get(`/api/org/${orgA}/members${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: Record<string, unknown>[]; total: number };
};

beforeAll(async () => {
  t = await createTestApp();
  cat = await seedCatalogue(t);
  orgA = await organisation('บริษัทเอ');
  orgB = await organisation('บริษัทบี');
  const m = await register(t.app, { firstName: 'ผู้จัดการ' });
  manager = { token: m.access_token, id: m.user.id };
  await q('insert into organization_managers (organization_id, user_id) values ($1, $2)', [orgA, m.user.id]);
  done = await member(orgA, 'สมชาย');
  late = await member(orgA, 'สมหญิง', 'email_domain');
  outsider = await member(orgB, 'คนนอก');
  // Both of A's members and B's member are assigned the free course (two episodes); `done` finishes it.
  for (const [u, org, due] of [
    [done.id, orgA, null],
    [late.id, orgA, '2020-01-01T00:00:00Z'],
    [outsider.id, orgB, null],
  ] as const)
    await q(
      `insert into course_assignments (id, organization_id, course_id, user_id, due_at) values ($1, $2, $3, $4, $5)`,
      [uuidv7(), org, cat.free, u, due],
    );
  const watch = (u: string, ep: string) =>
    q(
      `insert into episode_progress (user_id, episode_id, course_id, watched_at, completion_percentage, updated_at)
       values ($1, $2, $3, now(), 100, now())`,
      [u, ep, cat.free],
    );
  await watch(done.id, cat.freeEpisodes[0]!.id);
  await watch(done.id, cat.freeEpisodes[1]!.id);
  await watch(late.id, cat.freeEpisodes[0]!.id);
  await q(
    `insert into certificates (id, user_id, course_id, code, learner_name, course_title)
     values ($1, $2, $3, 'ORG-CERT-1', 'สมชาย', 'ออมเงิน')`,
    [uuidv7(), done.id, cat.free],
  );
  // Contact details the finished member gave, shown only where the organisation requires them.
  await q(
    `insert into contacts (id, user_id, phone, organization, position, province, consented_at)
           values ($1, $2, '0812345678', 'บริษัทเอ', 'พยาบาล', 'เชียงใหม่', now())`,
    [uuidv7(), done.id],
  );
});
afterAll(() => t?.close());

describe('the members list', () => {
  it('shows each member of the organisation with progress per assigned course, certificates and how they joined', async () => {
    const page = await members('?sort=name&order=asc');
    expect(page.total).toBe(2);
    const byId = Object.fromEntries(page.items.map((m) => [m.id, m]));
    expect(byId[done.id]).toMatchObject({
      email: done.email,
      joinedBy: 'invite_code',
      certificates: 1,
      isManager: false,
      courses: [{ courseId: cat.free, progress: 100, completed: true, overdue: false, dueAt: null }],
    });
    expect(byId[done.id]!.lastActivityAt).toEqual(expect.any(String));
    expect(byId[late.id]).toMatchObject({
      joinedBy: 'email_domain',
      certificates: 0,
      courses: [{ courseId: cat.free, progress: 50, completed: false, overdue: true }],
    });
  });

  it('never shows another organisation’s member, an order, a receipt or contact details not required', async () => {
    const res = await get(`/api/org/${orgA}/members?pageSize=100`);
    expect(res.body).not.toContain(outsider.email);
    expect(res.body).not.toContain(outsider.id);
    expect(res.body).not.toMatch(/receipt|order|payment|satang|phone|0812345678/i);
    for (const m of res.json().items)
      expect(Object.keys(m).sort()).toEqual(
        [
          'certificates',
          'courses',
          'email',
          'hasSeat',
          'id',
          'isManager',
          'joinedAt',
          'joinedBy',
          'lastActivityAt',
          'name',
          'testsPassed',
        ].sort(),
      );
  });

  it('shows contact details once the organisation requires them', async () => {
    await q('update organizations set requires_contact = true where id = $1', [orgA]);
    try {
      const byId = Object.fromEntries((await members()).items.map((m) => [m.id, m]));
      expect(byId[done.id]!.contact).toEqual({
        phone: '0812345678',
        position: 'พยาบาล',
        province: 'เชียงใหม่',
      });
      expect(byId[late.id]!.contact).toBeNull();
    } finally {
      await q('update organizations set requires_contact = false where id = $1', [orgA]);
    }
  });

  it('searches, filters by how they joined, overdue or all completed, and sorts', async () => {
    const ids = async (query: string) => (await members(query)).items.map((m) => m.id);
    expect(await ids(`?q=${encodeURIComponent(late.email)}`)).toEqual([late.id]);
    expect(await ids('?q=สมชาย')).toEqual([done.id]);
    expect(await ids('?joinedBy=email_domain')).toEqual([late.id]);
    expect(await ids('?status=overdue')).toEqual([late.id]);
    expect(await ids('?status=completed')).toEqual([done.id]);
    expect(await ids('?sort=lastActivity&order=desc')).toHaveLength(2);
    const byEmail = await ids('?sort=email&order=asc');
    expect(byEmail).toEqual([done, late].sort((a, b) => a.email.localeCompare(b.email)).map((m) => m.id));
    expect((await get(`/api/org/${orgA}/members?status=nonsense`)).statusCode).toBe(400);
  });

  it('counts completions of assigned courses by month for the chart', async () => {
    const res = await get(`/api/org/${orgA}/completions`);
    expect(res.statusCode).toBe(200);
    const months = res.json() as { month: string; completions: number }[];
    expect(months).toHaveLength(12);
    expect(months.at(-1)!.completions).toBe(1);
    expect(months.slice(0, -1).every((m) => m.completions === 0)).toBe(true);
  });
});

describe('removing a member', () => {
  it('takes them out with their assignments, for good; another organisation’s member is 404 and untouched', async () => {
    const other = await t.app.inject({
      method: 'DELETE',
      url: `/api/org/${orgA}/members/${outsider.id}`,
      headers: bearer(manager.token),
    });
    expect(other.statusCode).toBe(404);
    expect((await q('select organization_id from users where id = $1', [outsider.id])).rows[0]).toEqual({
      organization_id: orgB,
    });
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/org/${orgA}/members/${late.id}`,
      headers: bearer(manager.token),
    });
    expect(gone.statusCode, gone.body).toBe(204);
    expect((await members()).items.map((m) => m.id)).toEqual([done.id]);
    const row = await q(
      `select organization_id, organization_joined_by,
         exists (select 1 from organization_removals where user_id = $1 and organization_id = $2) as removed,
         (select count(*)::int from course_assignments where user_id = $1) as assignments
       from users where id = $1`,
      [late.id, orgA],
    );
    expect(row.rows[0]).toEqual({
      organization_id: null,
      organization_joined_by: null,
      removed: true,
      assignments: 0,
    });
  });
});

describe('managers', () => {
  it('an administrator adds a manager (audited); the last manager cannot be removed, even by two at once', async () => {
    const admin = await adminUser(t);
    const second = await register(t.app);
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/admin/organizations/${orgA}/managers`,
      headers: bearer(admin.token),
      payload: { email: second.email },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(
      added
        .json()
        .map((m: { id: string }) => m.id)
        .sort(),
    ).toEqual([manager.id, second.user.id].sort());
    const audit = await q(
      `select action from audit_log where entity_id = $1 and action = 'organization.manager.add'`,
      [orgA],
    );
    expect(audit.rowCount).toBe(1);
    const listed = await get(`/api/org/${orgA}/managers`, second.access_token);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toHaveLength(2);
    // The two managers remove each other, ten times each, at once: one manager stays.
    const removals = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const [by, whom] = i % 2 ? [manager.token, second.user.id] : [second.access_token, manager.id];
        return t.app.inject({
          method: 'DELETE',
          url: `/api/org/${orgA}/managers/${whom}`,
          headers: bearer(by),
        });
      }),
    );
    const left = await q('select count(*)::int as n from organization_managers where organization_id = $1', [
      orgA,
    ]);
    expect(left.rows[0]).toEqual({ n: 1 });
    expect(removals.filter((r) => r.statusCode === 204)).toHaveLength(1);
    const remaining = (
      await q('select user_id from organization_managers where organization_id = $1', [orgA])
    ).rows[0].user_id as string;
    const token = remaining === manager.id ? manager.token : second.access_token;
    const last = await t.app.inject({
      method: 'DELETE',
      url: `/api/org/${orgA}/managers/${remaining}`,
      headers: bearer(token),
    });
    expect(last.statusCode).toBe(409);
    expect(last.json().code).toBe('LAST_MANAGER');
    if (remaining !== manager.id)
      await q('insert into organization_managers (organization_id, user_id) values ($1, $2)', [
        orgA,
        manager.id,
      ]);
  });
});

describe('settings', () => {
  it('sets the e-mail domains and partner sign-in; a key of another organisation or a bad domain is refused', async () => {
    await q(
      `update organizations set email_domains = '{bee.co.th}', sso_provider = 'bee-sso' where id = $1`,
      [orgB],
    );
    const put = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/org/${orgA}/settings`,
        headers: bearer(manager.token),
        payload,
      });
    const ok = await put({ emailDomains: ['A.co.th', 'a.co.th'], ssoProvider: 'a-sso' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ emailDomains: ['a.co.th'], ssoProvider: 'a-sso', requiresContact: false });
    const domain = await put({ emailDomains: ['x.co.th', 'bee.co.th'], ssoProvider: '' });
    expect([domain.statusCode, domain.json().code, domain.json().details[0].path]).toEqual([
      409,
      'VALUE_TAKEN',
      'emailDomains.1',
    ]);
    const sso = await put({ emailDomains: [], ssoProvider: 'bee-sso' });
    expect([sso.statusCode, sso.json().code]).toEqual([409, 'VALUE_TAKEN']);
    expect((await put({ emailDomains: ['not a domain'], ssoProvider: null })).statusCode).toBe(400);
    expect((await get(`/api/org/${orgA}/settings`)).json()).toEqual(ok.json());
  });
});

describe('how a member joined', () => {
  it('is recorded when they join by the invite code or an administrator adds them', async () => {
    await q(`update organizations set invite_code = 'JOIN-A1' where id = $1`, [orgA]);
    const u = await register(t.app);
    const joined = await t.app.inject({
      method: 'POST',
      url: '/api/organizations/join',
      headers: bearer(u.access_token),
      payload: { code: 'join-a1' },
    });
    expect(joined.statusCode, joined.body).toBe(200);
    const admin = await adminUser(t);
    const v = await register(t.app);
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/admin/organizations/${orgA}/members`,
      headers: bearer(admin.token),
      payload: { email: v.email },
    });
    expect(added.statusCode, added.body).toBe(204);
    const rows = await q(
      `select id, organization_joined_by as by, organization_joined_at is not null as at from users
        where id = any($1::uuid[])`,
      [[u.user.id, v.user.id]],
    );
    const by = Object.fromEntries(rows.rows.map((r) => [r.id, [r.by, r.at]]));
    expect(by).toEqual({ [u.user.id]: ['invite_code', true], [v.user.id]: ['admin', true] });
  });
});
