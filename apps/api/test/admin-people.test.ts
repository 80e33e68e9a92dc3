import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../src/lib/ids.js';
import { bearer, createTestApp, register, type TestApp } from './helpers.js';

/** The console's users: search, role changes (never the last administrator), sessions, subscriptions, certificates. */
let t: TestApp;
let admin: Awaited<ReturnType<typeof register>>;

const promote = (id: string) => t.db.$client.query(`update users set role = 'admin' where id = $1`, [id]);
const as = (token: string) => bearer(token);
const audit = async (entityId: string) =>
  (
    await t.db.$client.query<{ action: string; actor_id: string; before: unknown; after: unknown }>(
      'select action, actor_id, before, after from audit_log where entity_id = $1 order by at',
      [entityId],
    )
  ).rows;

beforeAll(async () => {
  t = await createTestApp();
  admin = await register(t.app, { firstName: 'Ada', lastName: 'Admin' });
  await promote(admin.user.id);
});
afterAll(() => t?.close());

describe('users list', () => {
  it('searches by e-mail or name, filters by role, pages and sorts on the server', async () => {
    const tag = `zz${Date.now().toString(36)}`;
    for (const name of ['Charlie', 'Alice', 'Bob']) await register(t.app, { firstName: name, lastName: tag });
    const page = (qs: string) =>
      t.app.inject({ url: `/api/admin/users?${qs}`, headers: as(admin.access_token) }).then((r) => r.json());
    const byName = await page(`q=${tag}&sort=name&order=asc&pageSize=2`);
    expect(byName.total).toBe(3);
    expect(byName.items.map((u: { name: string }) => u.name)).toEqual([`Alice ${tag}`, `Bob ${tag}`]);
    const second = await page(`q=${tag}&sort=name&order=asc&pageSize=2&page=2`);
    expect(second.items.map((u: { name: string }) => u.name)).toEqual([`Charlie ${tag}`]);
    const past = await page(`q=${tag}&pageSize=2&page=9`);
    expect({ items: past.items, total: past.total }).toEqual({ items: [], total: 3 });
    const admins = await page('role=admin');
    expect(admins.items.map((u: { id: string }) => u.id)).toContain(admin.user.id);
    expect(admins.items.every((u: { role: string }) => u.role === 'admin')).toBe(true);
    // A % in the search is a character to find, not a wildcard.
    expect((await page('q=%25')).total).toBe(0);
  });

  it('refuses a bad sort or page size with 400 in the one error shape', async () => {
    for (const qs of ['sort=password', 'pageSize=1000', 'role=root']) {
      const res = await t.app.inject({ url: `/api/admin/users?${qs}`, headers: as(admin.access_token) });
      expect({ qs, status: res.statusCode, code: res.json().code }).toEqual({
        qs,
        status: 400,
        code: 'VALIDATION_ERROR',
      });
    }
  });
});

describe('roles', () => {
  it('promotes a learner and demotes them, each audited with before and after', async () => {
    const u = await register(t.app);
    const put = (role: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/users/${u.user.id}/role`,
        headers: as(admin.access_token),
        payload: { role },
      });
    expect((await put('instructor')).json().role).toBe('instructor');
    // The user's next request already runs with the new role.
    const me = await t.app.inject({ url: '/api/auth', headers: as(u.access_token) });
    expect(me.json().role).toBe('instructor');
    await put('learner');
    expect((await audit(u.user.id)).map((a) => [a.action, a.actor_id, a.before, a.after])).toEqual([
      ['user.role', admin.user.id, { role: 'learner' }, { role: 'instructor' }],
      ['user.role', admin.user.id, { role: 'instructor' }, { role: 'learner' }],
    ]);
  });

  it('an administrator cannot change their own role (OWN_ROLE)', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${admin.user.id}/role`,
      headers: as(admin.access_token),
      payload: { role: 'learner' },
    });
    expect([res.statusCode, res.json().code]).toEqual([409, 'OWN_ROLE']);
  });

  it('two administrators demoting each other at once leave one administrator (LAST_ADMIN for the other)', async () => {
    // Only these two are administrators in a database of their own.
    const own = await createTestApp();
    try {
      const a = await register(own.app);
      const b = await register(own.app);
      await own.db.$client.query(`update users set role = 'admin' where id = any($1)`, [
        [a.user.id, b.user.id],
      ]);
      const demote = (actor: typeof a, target: typeof a) =>
        own.app.inject({
          method: 'PUT',
          url: `/api/admin/users/${target.user.id}/role`,
          headers: bearer(actor.access_token),
          payload: { role: 'learner' },
        });
      const answers = await Promise.all([demote(a, b), demote(b, a)]);
      const statuses = answers.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([200, 409]);
      expect(answers.find((r) => r.statusCode === 409)!.json().code).toMatch(/LAST_ADMIN|FORBIDDEN/);
      const { rows } = await own.db.$client.query(`select id from users where role = 'admin'`);
      expect(rows).toHaveLength(1);
    } finally {
      await own.close();
    }
  });

  it('an unknown user is 404, an unknown role 400', async () => {
    const unknown = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${uuidv7()}/role`,
      headers: as(admin.access_token),
      payload: { role: 'learner' },
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${admin.user.id}/role`,
      headers: as(admin.access_token),
      payload: { role: 'owner' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('sessions', () => {
  it('ending a session refuses it at once, is audited, and a second end is ALREADY_REVOKED', async () => {
    const u = await register(t.app);
    const detail = (
      await t.app.inject({ url: `/api/admin/users/${u.user.id}`, headers: as(admin.access_token) })
    ).json();
    expect(detail.sessions).toHaveLength(1);
    const sid = detail.sessions[0].id;
    // The learner's session is live and cached.
    expect((await t.app.inject({ url: '/api/auth', headers: as(u.access_token) })).statusCode).toBe(200);
    const end = () =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/admin/users/${u.user.id}/sessions/${sid}`,
        headers: as(admin.access_token),
      });
    const [first, second] = await Promise.all([end(), end()]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([204, 409]);
    const after = await t.app.inject({ url: '/api/auth', headers: as(u.access_token) });
    expect([after.statusCode, after.json().code]).toEqual([401, 'SESSION_REVOKED']);
    const entries = await audit(sid);
    expect(entries.map((e) => e.action)).toEqual(['session.revoke']);
    expect(entries[0]!.after).toMatchObject({ userId: u.user.id, revokeReason: 'ended-by-admin' });
  });
});

describe('subscriptions and certificates', () => {
  it('ends a subscription now: access stops, renewal off, audited; a second end is ALREADY_REVOKED', async () => {
    const u = await register(t.app);
    const id = uuidv7();
    await t.db.$client.query(
      `insert into subscriptions (id, user_id, plan_id, status, current_period_start, current_period_end)
       select $1, $2, p.id, 'active', now() - interval '1 day', now() + interval '20 days' from plans p where p.code = 'monthly'`,
      [id, u.user.id],
    );
    const end = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/users/${u.user.id}/subscriptions/${id}/end`,
        headers: as(admin.access_token),
      });
    const res = await end();
    expect(res.json()).toMatchObject({ status: 'expired', autoRenew: false });
    const mine = await t.app.inject({ url: '/api/my-subscription', headers: as(u.access_token) });
    expect(mine.json()).toBeNull();
    expect((await end()).json().code).toBe('ALREADY_REVOKED');
    expect((await audit(id)).map((a) => a.action)).toEqual(['subscription.end']);
  });

  it('revokes a certificate with a reason: the public verify page says revoked; a short reason is 400', async () => {
    const u = await register(t.app);
    const course = await t.db.$client.query<{ id: string }>(
      `insert into courses (id, slug, title, status) values (gen_random_uuid(), 'admin-cert-course', 'คอร์ส', 'published') returning id`,
    );
    const certId = uuidv7();
    await t.db.$client.query(
      `insert into certificates (id, user_id, course_id, code, learner_name, course_title)
       values ($1, $2, $3, 'ADMREVOKE001', 'ทดสอบ ระบบ', 'คอร์ส')`,
      [certId, u.user.id, course.rows[0]!.id],
    );
    const revoke = (reason: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/certificates/${certId}/revoke`,
        headers: as(admin.access_token),
        payload: { reason },
      });
    expect((await revoke('x')).statusCode).toBe(400);
    expect((await t.app.inject('/api/certificates/verify/ADMREVOKE001')).json().status).toBe('valid');
    const [a, b] = await Promise.all([revoke('ผลสอบไม่ถูกต้อง'), revoke('ผลสอบไม่ถูกต้อง')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const verify = (await t.app.inject('/api/certificates/verify/ADMREVOKE001')).json();
    expect(verify.status).toBe('revoked');
    const detail = (
      await t.app.inject({ url: `/api/admin/users/${u.user.id}`, headers: as(admin.access_token) })
    ).json();
    expect(detail.certificates[0]).toMatchObject({ code: 'ADMREVOKE001', revokeReason: 'ผลสอบไม่ถูกต้อง' });
    expect((await audit(certId)).map((x) => x.action)).toEqual(['certificate.revoke']);
  });
});
