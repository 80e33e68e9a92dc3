import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser } from './admin-fixture.js';
import { freePort } from './global-setup.js';
import { bearer, createTestApp, device, PASSWORD, register, uniqueEmail, type TestApp } from './helpers.js';

/** Terms and privacy notice in versions, their acceptance, and the consent history (PDPA, issue 34). */
const CLIENT_ID = 'rianroo-terms.apps.googleusercontent.com';
let t: TestApp;
let jwks: Server;
let googleKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
let admin: { token: string; id: string };

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  googleKey = pair.privateKey;
  const publicJwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const port = await freePort();
  jwks = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [publicJwk] }));
  });
  await new Promise<void>((resolve) => jwks.listen(port, '127.0.0.1', resolve));
  t = await createTestApp({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/certs` });
  admin = await adminUser(t);
});
afterAll(async () => {
  await t.close();
  await new Promise((r) => jwks.close(r));
});

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const send = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

type Pending = { kind: string; version: number; renewal: boolean };
const pendingOf = async (token: string) =>
  ((await get('/api/users/legal-status', token)).json() as { pending: Pending[] }).pending;

/**
 * Every table of the schema with its number of rows (the list read from information_schema, not written here).
 * The development outbox counts only the mails to `mailTo`: earlier steps' mails (the administrator's welcome)
 * arrive from the job queue whenever it runs.
 */
async function rowCounts(mailTo: string) {
  const { rows } = await t.db.$client.query<{ table_name: string }>(
    `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const counts: Record<string, number> = {};
  for (const { table_name } of rows) {
    const r =
      table_name === 'dev_mail'
        ? await t.db.$client.query<{ n: number }>(`select count(*)::int as n from dev_mail where "to" = $1`, [
            mailTo,
          ])
        : await t.db.$client.query<{ n: number }>(`select count(*)::int as n from "${table_name}"`);
    counts[table_name] = r.rows[0]!.n;
  }
  return counts;
}

const newVersion = (kind: 'terms' | 'privacy', extra: object = {}) =>
  send('POST', '/api/admin/legal-documents', admin.token, {
    kind,
    titleTh: 'ข้อกำหนดการใช้งาน ฉบับใหม่',
    titleEn: 'Terms of use, new version',
    bodyTh: 'ข้อความใหม่\n\n## 1. บัญชี\n\nย่อหน้า',
    bodyEn: 'New text\n\n## 1. Account\n\nA paragraph',
    changesTh: 'เพิ่มเรื่องบัญชี',
    changesEn: 'Added the account section',
    ...extra,
  });

describe('registration and acceptance', () => {
  it('refuses a registration without acceptance (400, the error shape) and writes no row in any table', async () => {
    const email = uniqueEmail('no-terms');
    const tables = await rowCounts(email);
    expect(Object.keys(tables)).toEqual(expect.arrayContaining(['users', 'sessions', 'legal_acceptances']));
    const base = { email, password: PASSWORD, firstName: 'ไม่', lastName: 'ยอมรับ', device: device() };
    for (const payload of [base, { ...base, acceptTerms: false }, { ...base, acceptTerms: 'true' }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/users', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
      expect(res.json().details).toContainEqual(expect.objectContaining({ path: 'acceptTerms' }));
    }
    expect(await rowCounts(email)).toEqual(tables);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { email, password: PASSWORD, device: device() },
    });
    expect(login.statusCode).toBe(401);
  });

  it('records the acceptance of the versions in effect with the time, the address and the browser', async () => {
    const before = new Date();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      remoteAddress: '203.0.113.7',
      headers: { 'user-agent': 'TermsTest/1.0' },
      payload: {
        email: uniqueEmail('terms'),
        password: PASSWORD,
        firstName: 'ยอม',
        lastName: 'รับ',
        acceptTerms: true,
        device: device(),
      },
    });
    expect(res.statusCode).toBe(201);
    const { rows } = await t.db.$client.query<{
      kind: string;
      version: number;
      accepted_at: Date;
      ip: string;
      user_agent: string;
    }>(
      `select d.kind, d.version, a.accepted_at, a.ip, a.user_agent from legal_acceptances a
         join legal_documents d on d.id = a.document_id where a.user_id = $1 order by d.kind`,
      [res.json().user.id],
    );
    const current = await Promise.all(
      ['privacy', 'terms'].map(async (k) => (await get(`/api/legal/${k}`)).json().version as number),
    );
    expect(rows.map((r) => [r.kind, r.version, r.ip, r.user_agent])).toEqual([
      ['privacy', current[0], '203.0.113.7', 'TermsTest/1.0'],
      ['terms', current[1], '203.0.113.7', 'TermsTest/1.0'],
    ]);
    for (const r of rows) expect(r.accepted_at.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    expect(await pendingOf(res.json().access_token)).toEqual([]);
  });
});

describe('the documents', () => {
  it('answers the version in effect with the list of versions, an earlier one by number, 404 for none', async () => {
    const terms = (await get('/api/legal/terms?version=1')).json();
    expect(terms).toMatchObject({
      kind: 'terms',
      version: 1,
      titleTh: 'ข้อกำหนดการใช้งาน',
      titleEn: 'Terms of use',
    });
    expect(terms.bodyTh).toContain('## 1. บัญชีผู้ใช้');
    expect(terms.effectiveAt).toBe('2026-01-01T00:00:00.000Z');
    expect((await get('/api/legal/privacy')).json().versions.at(-1)).toMatchObject({ version: 1 });
    expect((await get('/api/legal/terms?version=999')).statusCode).toBe(404);
    expect((await get('/api/legal/cookies')).statusCode).toBe(400);
  });

  it('keeps a version still to come out of the public pages until its date', async () => {
    const later = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const created = await newVersion('privacy', { effectiveAt: later });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ state: 'scheduled', acceptances: 0 });
    const { version } = created.json();
    expect((await get(`/api/legal/privacy?version=${version}`)).statusCode).toBe(404);
    expect((await get('/api/legal/privacy')).json().version).toBeLessThan(version);
    // A version to come may be changed and removed; gone, its number is free again.
    const id = created.json().id;
    const changed = await send('PATCH', `/api/admin/legal-documents/${id}`, admin.token, {
      effectiveAt: later,
      titleTh: 'ประกาศความเป็นส่วนตัว (แก้ไข)',
      titleEn: 'Privacy notice (edited)',
      bodyTh: 'ก',
      bodyEn: 'a',
      changesTh: '',
      changesEn: '',
    });
    expect(changed.json()).toMatchObject({ titleEn: 'Privacy notice (edited)', state: 'scheduled' });
    expect((await send('DELETE', `/api/admin/legal-documents/${id}`, admin.token)).statusCode).toBe(204);
    const actions = await t.db.$client.query<{ action: string }>(
      `select action from audit_log where entity_id = $1 order by at`,
      [id],
    );
    expect(actions.rows.map((r) => r.action)).toEqual([
      'legal_document.create',
      'legal_document.update',
      'legal_document.delete',
    ]);
  });
});

describe('a new version', () => {
  it('asks each learner again, keeps the old acceptance, and takes an acceptance of the current version only', async () => {
    const learner = await register(t.app);
    expect(await pendingOf(learner.access_token)).toEqual([]);
    const created = await newVersion('terms');
    expect(created.statusCode).toBe(201);
    const v = created.json().version as number;
    expect(created.json()).toMatchObject({ kind: 'terms', state: 'current' });

    expect(await pendingOf(learner.access_token)).toEqual([
      expect.objectContaining({
        kind: 'terms',
        version: v,
        renewal: true,
        changesEn: 'Added the account section',
      }),
    ]);
    const old = await send('POST', '/api/users/legal-acceptances', learner.access_token, {
      documents: [{ kind: 'terms', version: v - 1 }],
    });
    expect(old.statusCode).toBe(409);
    expect(old.json().code).toBe('LEGAL_VERSION_NOT_CURRENT');

    const accepted = await send('POST', '/api/users/legal-acceptances', learner.access_token, {
      documents: [{ kind: 'terms', version: v }],
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ pending: [] });
    const { rows } = await t.db.$client.query<{ version: number }>(
      `select d.version from legal_acceptances a join legal_documents d on d.id = a.document_id
         where a.user_id = $1 and d.kind = 'terms' order by d.version`,
      [learner.user.id],
    );
    expect(rows.map((r) => r.version)).toEqual([v - 1, v]);
  });

  it('makes one row of 20 acceptances sent at once', async () => {
    const learner = await register(t.app);
    const v = (await newVersion('privacy')).json().version as number;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        send('POST', '/api/users/legal-acceptances', learner.access_token, {
          documents: [{ kind: 'privacy', version: v }],
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array<number>(20).fill(200));
    const { rows } = await t.db.$client.query<{ n: number }>(
      `select count(*)::int as n from legal_acceptances a join legal_documents d on d.id = a.document_id
         where a.user_id = $1 and d.kind = 'privacy' and d.version = $2`,
      [learner.user.id, v],
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('is created by administrators only, audited, never with a past date, and a version in effect stays', async () => {
    const learner = await register(t.app);
    expect((await send('POST', '/api/admin/legal-documents', learner.access_token, {})).statusCode).toBe(403);
    expect((await get('/api/admin/legal-documents', learner.access_token)).statusCode).toBe(403);
    const past = await newVersion('terms', { effectiveAt: '2020-01-01T00:00:00Z' });
    expect(past.statusCode).toBe(400);
    expect(past.json().details).toEqual([expect.objectContaining({ path: 'effectiveAt' })]);
    const empty = await newVersion('terms', { titleTh: '  ', bodyEn: '' });
    expect(empty.statusCode).toBe(400);

    const created = (await newVersion('terms')).json();
    const { rows } = await t.db.$client.query<{ actor_id: string; after: { version: number } }>(
      `select actor_id, after from audit_log where action = 'legal_document.create' and entity_id = $1`,
      [created.id],
    );
    expect(rows).toEqual([expect.objectContaining({ actor_id: admin.id })]);
    expect(rows[0]!.after.version).toBe(created.version);
    const edit = await send('PATCH', `/api/admin/legal-documents/${created.id}`, admin.token, {
      titleTh: 'ก',
      titleEn: 'a',
      bodyTh: 'ก',
      bodyEn: 'a',
      changesTh: '',
      changesEn: '',
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().code).toBe('LEGAL_VERSION_IN_EFFECT');
    expect((await send('DELETE', `/api/admin/legal-documents/${created.id}`, admin.token)).statusCode).toBe(
      409,
    );
    const list = (await get('/api/admin/legal-documents', admin.token)).json().items as {
      id: string;
      state: string;
    }[];
    expect(list.find((d) => d.id === created.id)?.state).toBe('current');
    expect(list.filter((d) => d.state === 'current')).toHaveLength(2);
  });
});

describe('a first social sign-in', () => {
  it('creates the account without acceptance: both documents are pending', async () => {
    const email = uniqueEmail('google-terms');
    const credential = await new SignJWT({ email, email_verified: true, given_name: 'ก', family_name: 'ข' })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer('https://accounts.google.com')
      .setAudience(CLIENT_ID)
      .setSubject('terms-1')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(googleKey);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/google-auth',
      payload: { credential, device: device('google') },
    });
    expect(res.statusCode).toBe(200);
    const pending = await pendingOf(res.json().access_token);
    expect(pending.map((p) => [p.kind, p.renewal]).sort()).toEqual([
      ['privacy', false],
      ['terms', false],
    ]);
    const consents = (await get('/api/users/consents', res.json().access_token)).json();
    expect(consents.history.map((h: { source: string }) => h.source)).toEqual([
      'registration',
      'registration',
      'registration',
    ]);
  });
});

describe('consent history', () => {
  it('keeps each change of the mail kinds and the analytics choice, with its source, newest first', async () => {
    const learner = await register(t.app);
    const tok = learner.access_token;
    const start = (await get('/api/users/consents', tok)).json();
    expect(start).toMatchObject({
      marketing: { news: true, promotions: false, reminders: true },
      analytics: null,
    });
    expect(start.history).toHaveLength(3);

    const patch = (marketing: object) => send('PATCH', `/api/users/${learner.user.id}`, tok, { marketing });
    expect((await patch({ promotions: true, news: true })).statusCode).toBe(200);
    await patch({ promotions: true });
    const analytics = (granted: boolean, source = 'banner') =>
      send('PUT', '/api/users/consents/analytics', tok, { granted, source });
    expect((await analytics(true)).json().analytics).toBe(true);
    await analytics(true);
    await analytics(false, 'account');
    const token = await t.app.signer.signUnsubscribe({ sub: learner.user.id, kind: 'news' });
    expect((await t.app.inject({ method: 'POST', url: `/api/unsubscribe?token=${token}` })).statusCode).toBe(
      200,
    );

    const after = (await get('/api/users/consents', tok)).json();
    expect(after).toMatchObject({
      marketing: { news: false, promotions: true, reminders: true },
      analytics: false,
    });
    const changes = after.history.map((h: { purpose: string; granted: boolean; source: string }) => [
      h.purpose,
      h.granted,
      h.source,
    ]);
    expect(changes.slice(0, 4)).toEqual([
      ['news', false, 'unsubscribe'],
      ['analytics', false, 'account'],
      ['analytics', true, 'banner'],
      ['promotions', true, 'account'],
    ]);
    expect(changes).toHaveLength(7);
    const times = after.history.map((h: { at: string }) => Date.parse(h.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('shows a learner only their own history', async () => {
    const a = await register(t.app);
    const b = await register(t.app);
    await send('PUT', '/api/users/consents/analytics', a.access_token, { granted: true, source: 'banner' });
    expect((await get('/api/users/consents', b.access_token)).json().analytics).toBeNull();
    expect((await get('/api/users/consents')).statusCode).toBe(401);
    const bad = await send('PUT', '/api/users/consents/analytics', a.access_token, { granted: 'yes' });
    expect(bad.statusCode).toBe(400);
  });
});
