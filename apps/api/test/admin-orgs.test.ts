import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../src/lib/ids.js';
import { adminUser, auditOf } from './admin-fixture.js';
import { bearer, createTestApp, device, register, type TestApp } from './helpers.js';
import { resetByMail } from './mail-helpers.js';

/** Organisations in the console: keys (unique), edits (versioned), courses, members; every write audited. */
let t: TestApp;
let admin: { token: string; id: string };
let n = 0;

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api/admin${url}`, headers: bearer(admin.token), payload: payload as object });
const tag = () => `t${Date.now().toString(36)}${++n}`;
const body = (over: Record<string, unknown> = {}) => ({
  name: `องค์กร ${tag()}`,
  requiresContact: false,
  inviteCode: null,
  ssoProvider: null,
  emailDomains: [],
  ...over,
});
const create = async (over: Record<string, unknown> = {}) => {
  const res = await api('POST', '/organizations', body(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
const audit = (entityId: string) => auditOf(t, entityId);
const course = async (title: string) => {
  const id = uuidv7();
  await t.db.$client.query(`insert into courses (id, slug, title) values ($1, $2, $3)`, [
    id,
    `c-${id}`,
    title,
  ]);
  return id;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminUser(t);
});
afterAll(() => t?.close());

describe('organisations list and create', () => {
  it('creates one (audited), and finds it by name, invite code or domain, paged and sorted', async () => {
    const k = tag();
    const a = await create({
      name: `Alpha ${k}`,
      inviteCode: `INV-${k}`,
      emailDomains: ['Alpha-Corp.co.th'],
    });
    expect(a).toMatchObject({ emailDomains: ['alpha-corp.co.th'], members: 0, grants: [], picks: [] });
    await create({ name: `Beta ${k}` });
    const page = (qs: string) => api('GET', `/organizations?${qs}`).then((r) => r.json());
    const byName = await page(`q=${k}&sort=name&order=asc&pageSize=1`);
    expect({ total: byName.total, names: byName.items.map((o: { name: string }) => o.name) }).toEqual({
      total: 2,
      names: [`Alpha ${k}`],
    });
    expect((await page(`q=${k}&sort=name&order=asc&pageSize=1&page=2`)).items[0].name).toBe(`Beta ${k}`);
    expect((await page(`q=inv-${k}`)).items.map((o: { id: string }) => o.id)).toEqual([a.id]);
    expect((await page('q=alpha-corp.co')).items.map((o: { id: string }) => o.id)).toEqual([a.id]);
    expect((await page(`q=${k}&page=5`)).total).toBe(2);
    expect((await audit(a.id)).map((e) => [e.action, e.actor_id, e.before])).toEqual([
      ['organization.create', admin.id, null],
    ]);
  });

  it('refuses a malformed domain, code or name with 400 in the one error shape', async () => {
    for (const over of [
      { emailDomains: ['not a domain'] },
      { emailDomains: ['@gmail.com'] },
      { emailDomains: ['nodot'] },
      { inviteCode: 'a b' },
      { ssoProvider: 'Bad Provider' },
      { name: 'x' },
    ]) {
      const res = await api('POST', '/organizations', body(over));
      expect({ over, status: res.statusCode, code: res.json().code }).toEqual({
        over,
        status: 400,
        code: 'VALIDATION_ERROR',
      });
    }
  });

  it("refuses another organisation's invite code (any case), provider or domain with 409 VALUE_TAKEN", async () => {
    const k = tag();
    await create({ inviteCode: `Code-${k}`, ssoProvider: `sso-${k}`, emailDomains: [`${k}.ac.th`] });
    for (const [over, path] of [
      [{ inviteCode: `CODE-${k}` }, 'inviteCode'],
      [{ ssoProvider: `sso-${k}` }, 'ssoProvider'],
      [{ emailDomains: ['other.ac.th', `${k}.AC.TH`] }, 'emailDomains.1'],
    ] as const) {
      const res = await api('POST', '/organizations', body(over));
      expect({ status: res.statusCode, code: res.json().code, path: res.json().details?.[0]?.path }).toEqual({
        status: 409,
        code: 'VALUE_TAKEN',
        path,
      });
    }
  });

  it('of many creates with one invite code at once, exactly one succeeds', async () => {
    const code = `RACE-${tag()}`;
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        api('POST', '/organizations', body({ inviteCode: i % 2 ? code : code.toLowerCase() })),
      ),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, ...Array(11).fill(409)]);
    expect(results.filter((r) => r.statusCode === 409).every((r) => r.json().code === 'VALUE_TAKEN')).toBe(
      true,
    );
    const { rows } = await t.db.$client.query(
      'select count(*)::int as n from organizations where upper(invite_code) = upper($1)',
      [code],
    );
    expect(rows[0].n).toBe(1);
  });
});

describe('editing an organisation', () => {
  it('saves name, domains, provider and contact requirement with the version read, audited before/after', async () => {
    const o = await create({ name: 'Before' });
    const k = tag();
    const res = await api('PUT', `/organizations/${o.id}`, {
      ...body({ name: 'After', requiresContact: true, ssoProvider: `p-${k}`, emailDomains: [`${k}.com`] }),
      version: o.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'After', requiresContact: true, ssoProvider: `p-${k}` });
    expect(res.json().version).not.toBe(o.version);
    const [, update] = await audit(o.id);
    expect(update).toMatchObject({
      action: 'organization.update',
      actor_id: admin.id,
      before: { name: 'Before', requiresContact: false, ssoProvider: null, emailDomains: [] },
      after: { name: 'After', requiresContact: true, ssoProvider: `p-${k}`, emailDomains: [`${k}.com`] },
    });
    // The contact guard now asks this organisation's members for their details.
    const m = await register(t.app);
    await api('POST', `/organizations/${o.id}/members`, { email: m.user.email });
    const guard = await t.app.inject({ url: '/api/users/contact-guard', headers: bearer(m.access_token) });
    expect(guard.json().required).toBe(true);
  });

  it('an edit based on an old version is refused with 409 EDIT_CONFLICT and changes nothing', async () => {
    const o = await create({ name: 'First' });
    const ok = await api('PUT', `/organizations/${o.id}`, {
      ...body({ name: 'Second' }),
      version: o.version,
    });
    expect(ok.statusCode).toBe(200);
    const stale = await api('PUT', `/organizations/${o.id}`, {
      ...body({ name: 'Third' }),
      version: o.version,
    });
    expect({ status: stale.statusCode, code: stale.json().code }).toEqual({
      status: 409,
      code: 'EDIT_CONFLICT',
    });
    expect((await api('GET', `/organizations/${o.id}`)).json().name).toBe('Second');
    const missing = await api('PUT', `/organizations/${uuidv7()}`, { ...body(), version: o.version });
    expect(missing.statusCode).toBe(404);
  });

  it('of many edits from one version at once, exactly one is saved and audited; the others get EDIT_CONFLICT', async () => {
    const o = await create({ name: 'Race' });
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        api('PUT', `/organizations/${o.id}`, { ...body({ name: `Editor ${i}` }), version: o.version }),
      ),
    );
    const won = results.filter((r) => r.statusCode === 200);
    expect(won).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409 && r.json().code === 'EDIT_CONFLICT')).toHaveLength(15);
    const now = (await api('GET', `/organizations/${o.id}`)).json();
    expect(now.name).toBe(won[0]!.json().name);
    expect((await audit(o.id)).filter((e) => e.action === 'organization.update')).toHaveLength(1);
  });
});

describe('granted and picked courses', () => {
  it('sets both lists in their order (audited), and refuses an unknown course with 400', async () => {
    const o = await create();
    const [c1, c2, c3] = [await course('ข'), await course('ก'), await course('ค')];
    const res = await api('PUT', `/organizations/${o.id}/courses`, { grants: [c1, c2], picks: [c3, c1] });
    expect(res.statusCode, res.body).toBe(200);
    expect({
      grants: res.json().grants.map((c: { id: string }) => c.id),
      picks: res.json().picks.map((c: { id: string }) => c.id),
    }).toEqual({ grants: [c1, c2], picks: [c3, c1] });
    const again = await api('PUT', `/organizations/${o.id}/courses`, { grants: [c2], picks: [] });
    expect(again.json().grants.map((c: { id: string }) => c.id)).toEqual([c2]);
    expect(
      (await audit(o.id)).filter((e) => e.action === 'organization.courses').map((e) => e.after),
    ).toEqual([
      { grants: [c1, c2], picks: [c3, c1] },
      { grants: [c2], picks: [] },
    ]);
    const bad = await api('PUT', `/organizations/${o.id}/courses`, { grants: [c1, uuidv7()], picks: [] });
    expect({ status: bad.statusCode, code: bad.json().code, path: bad.json().details[0].path }).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
      path: 'grants.1',
    });
    expect(
      (await api('GET', `/organizations/${o.id}`)).json().grants.map((c: { id: string }) => c.id),
    ).toEqual([c2]);
    const options = (await api('GET', '/organizations/course-options')).json();
    expect(options.map((c: { id: string }) => c.id)).toEqual(expect.arrayContaining([c1, c2, c3]));
  });
});

describe('members', () => {
  it('adds a user by e-mail, lists the members, and takes one out (each audited)', async () => {
    const o = await create();
    const [a, b] = [
      await register(t.app, { firstName: 'Anna' }),
      await register(t.app, { firstName: 'Ben' }),
    ];
    for (const u of [a, b]) {
      const res = await api('POST', `/organizations/${o.id}/members`, { email: u.user.email.toUpperCase() });
      expect(res.statusCode, res.body).toBe(204);
    }
    const list = (await api('GET', `/organizations/${o.id}/members?sort=email&order=asc`)).json();
    expect(list.items.map((m: { id: string }) => m.id).sort()).toEqual([a.user.id, b.user.id].sort());
    expect((await api('GET', `/organizations/${o.id}`)).json().members).toBe(2);
    const removed = await api('DELETE', `/organizations/${o.id}/members/${a.user.id}`);
    expect(removed.statusCode).toBe(204);
    const again = await api('DELETE', `/organizations/${o.id}/members/${a.user.id}`);
    expect({ status: again.statusCode, code: again.json().code }).toEqual({ status: 404, code: 'NOT_FOUND' });
    const left = (await api('GET', `/organizations/${o.id}/members`)).json();
    expect(left.items.map((m: { id: string }) => m.id)).toEqual([b.user.id]);
    const me = await t.app.inject({ url: '/api/users/organization', headers: bearer(a.access_token) });
    expect(me.json().organization).toBeNull();
    expect(
      (await audit(o.id)).filter((e) => e.action.startsWith('organization.member')).map((e) => e.action),
    ).toEqual(['organization.member.add', 'organization.member.add', 'organization.member.remove']);
    const nobody = await api('POST', `/organizations/${o.id}/members`, { email: 'nobody@example.invalid' });
    expect(nobody.statusCode).toBe(404);
  });

  it("adding a member records their membership before and after under the organisation's id, not the user's", async () => {
    const [first, second] = [await create(), await create()];
    const u = await register(t.app);
    const add = async (orgId: string) => {
      const res = await api('POST', `/organizations/${orgId}/members`, { email: u.user.email });
      expect(res.statusCode, res.body).toBe(204);
    };
    const members = async (orgId: string) =>
      (await audit(orgId)).filter((e) => e.action.startsWith('organization.member'));
    const entry = (orgId: string, from: string | null) => ({
      action: 'organization.member.add',
      actor_id: admin.id,
      entity: 'organization',
      entity_id: orgId,
      before: { userId: u.user.id, organizationId: from },
      after: { userId: u.user.id, organizationId: orgId },
    });
    await add(first.id);
    expect(await members(first.id)).toEqual([entry(first.id, null)]);
    // Moved from one organisation into another: recorded under the one they join.
    await add(second.id);
    expect(await members(second.id)).toEqual([entry(second.id, first.id)]);
    expect(await members(first.id)).toEqual([entry(first.id, null)]);
    expect(await audit(u.user.id)).toEqual([]);
    expect(await audit(u.user.email)).toEqual([]);
  });

  it("taking a member out records them in it before and in none after, under the organisation's id", async () => {
    const o = await create();
    const u = await register(t.app);
    expect((await api('POST', `/organizations/${o.id}/members`, { email: u.user.email })).statusCode).toBe(
      204,
    );
    expect((await api('DELETE', `/organizations/${o.id}/members/${u.user.id}`)).statusCode).toBe(204);
    const removals = (await audit(o.id)).filter((e) => e.action === 'organization.member.remove');
    expect(removals).toEqual([
      {
        action: 'organization.member.remove',
        actor_id: admin.id,
        entity: 'organization',
        entity_id: o.id,
        before: { userId: u.user.id, organizationId: o.id },
        after: { userId: u.user.id, organizationId: null },
      },
    ]);
    expect(await audit(u.user.id)).toEqual([]);
  });

  it('adding a user already in the organisation is answered 204 and records no audit entry', async () => {
    const o = await create();
    const u = await register(t.app);
    for (let i = 0; i < 3; i++) {
      const res = await api('POST', `/organizations/${o.id}/members`, { email: u.user.email });
      expect(res.statusCode, res.body).toBe(204);
    }
    expect(
      (await audit(o.id)).filter((e) => e.action.startsWith('organization.member')).map((e) => e.action),
    ).toEqual(['organization.member.add']);
    expect((await api('GET', `/organizations/${o.id}`)).json().members).toBe(1);
  });

  it('a member taken out is not put back by their e-mail domain at the next reset; adding them again does', async () => {
    const domain = `${tag()}.hospital.test`;
    const o = await create({ emailDomains: [domain] });
    const email = `nurse.${tag()}@${domain}`;
    const u = await register(t.app, { email }, '10.66.0.1');
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
    const organization = async (token: string) =>
      (await t.app.inject({ url: '/api/users/organization', headers: bearer(token) })).json().organization;
    /** A password reset by the mailed link: it confirms the address, which joins by domain. */
    const reset = async (password: string) => {
      await resetByMail(t, email, password);
      const login = await post('/api/auth', { email, password, device: device(password) });
      expect(login.statusCode, login.body).toBe(200);
      return login.json().access_token as string;
    };
    expect((await organization(await reset('first-pass-123')))?.id).toBe(o.id);
    expect((await api('DELETE', `/organizations/${o.id}/members/${u.user.id}`)).statusCode).toBe(204);
    expect(await organization(await reset('second-pass-456'))).toBeNull();
    // The administrator's own act puts them back, and the removal after it holds as the first did.
    expect((await api('POST', `/organizations/${o.id}/members`, { email })).statusCode).toBe(204);
    const back = await reset('third-pass-789');
    expect((await organization(back))?.id).toBe(o.id);
    expect((await api('DELETE', `/organizations/${o.id}/members/${u.user.id}`)).statusCode).toBe(204);
    expect(await organization(await reset('fourth-pass-012'))).toBeNull();
  });
});
