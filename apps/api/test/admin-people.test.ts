import { auditOf } from './admin-fixture.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../src/lib/ids.js';
import { periodEnd } from '../src/modules/billing/periods.js';
import { bearer, createTestApp, register, type TestApp } from './helpers.js';

/** The console's users: search, role changes (never the last administrator), sessions, subscriptions, certificates. */
let t: TestApp;
let admin: Awaited<ReturnType<typeof register>>;

const promote = (id: string) => t.db.$client.query(`update users set role = 'admin' where id = $1`, [id]);
const as = (token: string) => bearer(token);
const audit = (entityId: string) => auditOf(t, entityId);

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

  it('setting a user to the role they already have changes nothing and records no audit entry', async () => {
    const u = await register(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${u.user.id}/role`,
      headers: as(admin.access_token),
      payload: { role: 'learner' },
    });
    expect([res.statusCode, res.json().role]).toEqual([200, 'learner']);
    expect(await audit(u.user.id)).toEqual([]);
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

  it("ending a session records it under the session's id: live before, ended by the administrator after", async () => {
    const u = await register(t.app);
    const [session] = (
      await t.app.inject({ url: `/api/admin/users/${u.user.id}`, headers: as(admin.access_token) })
    ).json().sessions as { id: string }[];
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${u.user.id}/sessions/${session!.id}`,
      headers: as(admin.access_token),
    });
    expect(res.statusCode).toBe(204);
    const { rows } = await t.db.$client.query<{ revoked_at: Date }>(
      'select revoked_at from sessions where id = $1',
      [session!.id],
    );
    expect(await audit(session!.id)).toEqual([
      {
        action: 'session.revoke',
        actor_id: admin.user.id,
        entity: 'session',
        entity_id: session!.id,
        before: { ...session, userId: u.user.id, revokedAt: null, revokeReason: null },
        after: {
          ...session,
          userId: u.user.id,
          revokedAt: rows[0]!.revoked_at.toISOString(),
          revokeReason: 'ended-by-admin',
        },
      },
    ]);
  });

  it("ending another user's session or an unknown one is 404 NOT_FOUND and ends nothing", async () => {
    const [a, b] = [await register(t.app), await register(t.app)];
    const [sid] = (
      await t.app.inject({ url: `/api/admin/users/${b.user.id}`, headers: as(admin.access_token) })
    ).json().sessions as { id: string }[];
    for (const sessionId of [sid!.id, uuidv7()]) {
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/users/${a.user.id}/sessions/${sessionId}`,
        headers: as(admin.access_token),
      });
      expect([res.statusCode, res.json().code]).toEqual([404, 'NOT_FOUND']);
    }
    expect((await t.app.inject({ url: '/api/auth', headers: as(b.access_token) })).statusCode).toBe(200);
    expect(await audit(sid!.id)).toEqual([]);
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

  it('ending a subscription records it under its id with its learner: as it was before, expired after', async () => {
    const u = await register(t.app);
    const id = uuidv7();
    await t.db.$client.query(
      `insert into subscriptions (id, user_id, plan_id, status, current_period_start, current_period_end, auto_renew)
       select $1, $2, p.id, 'active', now() - interval '1 day', now() + interval '20 days', true from plans p where p.code = 'monthly'`,
      [id, u.user.id],
    );
    const [before] = (
      await t.app.inject({ url: `/api/admin/users/${u.user.id}`, headers: as(admin.access_token) })
    ).json().subscriptions;
    expect(before).toMatchObject({ id, status: 'active', autoRenew: true });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${u.user.id}/subscriptions/${id}/end`,
      headers: as(admin.access_token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json();
    expect(after).toMatchObject({ id, status: 'expired', autoRenew: false });
    expect(await audit(id)).toEqual([
      {
        action: 'subscription.end',
        actor_id: admin.user.id,
        entity: 'subscription',
        entity_id: id,
        before: { ...before, userId: u.user.id },
        after: { ...after, userId: u.user.id },
      },
    ]);
  });

  it('revoking a certificate records it under its id: unrevoked before, revoked with the reason after', async () => {
    const u = await register(t.app);
    const course = await t.db.$client.query<{ id: string }>(
      `insert into courses (id, slug, title, status) values (gen_random_uuid(), 'admin-cert-audit-course', 'คอร์ส', 'published') returning id`,
    );
    const certId = uuidv7();
    await t.db.$client.query(
      `insert into certificates (id, user_id, course_id, code, learner_name, course_title)
       values ($1, $2, $3, 'ADMREVOKE002', 'ทดสอบ ระบบ', 'คอร์ส')`,
      [certId, u.user.id, course.rows[0]!.id],
    );
    const [before] = (
      await t.app.inject({ url: `/api/admin/users/${u.user.id}`, headers: as(admin.access_token) })
    ).json().certificates;
    expect(before).toMatchObject({ id: certId, revokedAt: null, revokeReason: null });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/certificates/${certId}/revoke`,
      headers: as(admin.access_token),
      payload: { reason: 'ผลสอบไม่ถูกต้อง' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json();
    expect(after).toEqual({ ...before, revokedAt: expect.any(String), revokeReason: 'ผลสอบไม่ถูกต้อง' });
    expect(await audit(certId)).toEqual([
      {
        action: 'certificate.revoke',
        actor_id: admin.user.id,
        entity: 'certificate',
        entity_id: certId,
        before,
        after,
      },
    ]);
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

describe('granting a subscription', () => {
  const MONTHLY = '01930000-0000-7000-8000-000000000002';
  const TRIAL = '01930000-0000-7000-8000-000000000001';
  const grant = (userId: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${userId}/subscriptions`,
      headers: as(admin.access_token),
      payload,
    });
  let courseId = '';
  beforeAll(async () => {
    const { rows } = await t.db.$client.query<{ id: string }>(
      `insert into courses (id, slug, title, status, free) values (gen_random_uuid(), 'admin-grant-course', 'คอร์สสมาชิก', 'published', false)
       returning id`,
    );
    courseId = rows[0]!.id;
  });
  const access = async (token: string) =>
    (await t.app.inject({ url: `/api/users/check/course/${courseId}`, headers: as(token) })).json();

  it('grants one period of the plan (the billing rule), no renewal, audited with the reason; access at once', async () => {
    const u = await register(t.app);
    expect((await access(u.access_token)).canAccess).toBe(false);
    const res = await grant(u.user.id, { planId: MONTHLY, reason: 'ของขวัญจากทีมซัพพอร์ต' });
    expect(res.statusCode).toBe(201);
    const sub = res.json();
    expect(sub).toMatchObject({ planCode: 'monthly', status: 'active', autoRenew: false, provider: 'admin' });
    expect(sub.currentPeriodEnd).toBe(periodEnd(new Date(sub.currentPeriodStart), 'month', 1).toISOString());
    expect(await access(u.access_token)).toMatchObject({ canAccess: true, reason: 'subscription' });
    const mine = (await t.app.inject({ url: '/api/my-subscription', headers: as(u.access_token) })).json();
    expect(mine).toMatchObject({ id: sub.id, givesAccess: true });
    const entries = await audit(sub.id);
    expect(entries.map((e) => [e.action, e.actor_id, e.before])).toEqual([
      ['subscription.grant', admin.user.id, null],
    ]);
    expect(entries[0]!.after).toMatchObject({ userId: u.user.id, reason: 'ของขวัญจากทีมซัพพอร์ต', id: sub.id });
  });

  it('a grant records no before, and after the subscription as answered with its learner and the reason', async () => {
    const u = await register(t.app);
    const endsAt = new Date(Date.now() + 10 * 86_400_000);
    endsAt.setUTCMilliseconds(0);
    const res = await grant(u.user.id, {
      planId: MONTHLY,
      reason: 'ชดเชยระบบล่ม',
      endsAt: endsAt.toISOString(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const sub = res.json();
    expect(sub).toMatchObject({
      currentPeriodEnd: endsAt.toISOString(),
      provider: 'admin',
      autoRenew: false,
    });
    expect(await audit(sub.id)).toEqual([
      {
        action: 'subscription.grant',
        actor_id: admin.user.id,
        entity: 'subscription',
        entity_id: sub.id,
        before: null,
        after: { ...sub, userId: u.user.id, reason: 'ชดเชยระบบล่ม' },
      },
    ]);
  });

  it('grants until a given date; a past date, a short reason, a trial plan, an unknown plan or user are refused', async () => {
    const u = await register(t.app);
    const endsAt = new Date(Date.now() + 45 * 86_400_000);
    endsAt.setUTCMilliseconds(0);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ planId: MONTHLY, reason: 'x' }, 400, 'VALIDATION_ERROR'],
      [
        { planId: MONTHLY, reason: 'partner', endsAt: new Date(Date.now() - 60_000).toISOString() },
        400,
        'VALIDATION_ERROR',
      ],
      [{ planId: MONTHLY, reason: 'partner', endsAt: 'next week' }, 400, 'VALIDATION_ERROR'],
      [{ planId: TRIAL, reason: 'partner' }, 409, 'PLAN_UNAVAILABLE'],
      [{ planId: uuidv7(), reason: 'partner' }, 404, 'NOT_FOUND'],
    ];
    for (const [payload, status, code] of cases) {
      const res = await grant(u.user.id, payload);
      expect({ payload, status: res.statusCode, code: res.json().code }).toEqual({ payload, status, code });
    }
    const nobody = await grant(uuidv7(), { planId: MONTHLY, reason: 'partner' });
    expect([nobody.statusCode, nobody.json().code]).toEqual([404, 'NOT_FOUND']);
    const res = await grant(u.user.id, { planId: MONTHLY, reason: 'partner', endsAt: endsAt.toISOString() });
    expect(res.statusCode).toBe(201);
    expect(res.json().currentPeriodEnd).toBe(endsAt.toISOString());
  });

  it('a learner with a current subscription is refused (SUBSCRIPTION_EXISTS); one whose period is over is not', async () => {
    const u = await register(t.app);
    const first = await grant(u.user.id, { planId: MONTHLY, reason: 'first' });
    expect(first.statusCode).toBe(201);
    const again = await grant(u.user.id, { planId: MONTHLY, reason: 'second' });
    expect([again.statusCode, again.json().code]).toEqual([409, 'SUBSCRIPTION_EXISTS']);
    // The clock ends it (not yet recorded as expired): a new grant records that and starts a new one.
    await t.db.$client.query(
      `update subscriptions set current_period_start = now() - interval '40 days', current_period_end = now() - interval '1 second'
       where id = $1`,
      [first.json().id],
    );
    const later = await grant(u.user.id, { planId: MONTHLY, reason: 'after it ended' });
    expect(later.statusCode).toBe(201);
    const { rows } = await t.db.$client.query<{ id: string; status: string }>(
      `select id, status from subscriptions where user_id = $1 order by created_at`,
      [u.user.id],
    );
    expect(rows).toEqual([
      { id: first.json().id, status: 'expired' },
      { id: later.json().id, status: 'active' },
    ]);
  });

  it('twenty grants at once give exactly one subscription; the others are SUBSCRIPTION_EXISTS', async () => {
    const u = await register(t.app);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => grant(u.user.id, { planId: MONTHLY, reason: `grant ${i}` })),
    );
    const outcomes = results.map((r) =>
      `${r.statusCode} ${r.statusCode === 201 ? '' : r.json().code}`.trim(),
    );
    expect(outcomes.filter((o) => o === '201')).toHaveLength(1);
    expect(outcomes.filter((o) => o !== '201')).toEqual(Array(19).fill('409 SUBSCRIPTION_EXISTS'));
    const { rows } = await t.db.$client.query<{ id: string }>(
      `select id from subscriptions where user_id = $1`,
      [u.user.id],
    );
    expect(rows).toHaveLength(1);
    expect((await audit(rows[0]!.id)).map((a) => a.action)).toEqual(['subscription.grant']);
  });
});
