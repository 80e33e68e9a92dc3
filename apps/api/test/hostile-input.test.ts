import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../src/mail/message.js';
import { adminUser, draftCourse } from './admin-fixture.js';
import { bearer, createTestApp, device, PASSWORD, register, uniqueEmail, type TestApp } from './helpers.js';

let t: TestApp;
const sent: MailMessage[] = [];
beforeAll(async () => {
  t = await createTestApp({ REGISTER_MAX_PER_HOUR: '500', CORS_ORIGINS: 'https://app.rianroo.example' });
  const send = t.app.mail.send.bind(t.app.mail);
  t.app.mail.send = async (m, tx) => {
    sent.push(m);
    return send(m, tx);
  };
});
afterAll(() => t.close());

const countUsers = async (email: string) =>
  (await t.db.execute(sql`select count(*)::int as n from users where email = ${email}`)).rows[0]!.n;
const queuedMails = async (email: string) =>
  (
    await t.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = 'mail.send' and data->>'to' = ${email}`,
    )
  ).rows[0]!.n;

const signUp = (email: string, d: { id: string; name: string }, remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users',
    remoteAddress,
    payload: { email, password: PASSWORD, firstName: 'ก', lastName: 'ข', acceptTerms: true, device: d },
  });

describe('a NUL character in any text input', () => {
  it('is refused with 400 in the one error shape, with or without a login, in paths, queries and bodies', async () => {
    const u = await register(t.app);
    const cases: InjectOptions[] = [
      { method: 'GET', url: '/api/courses?q=%00' },
      { method: 'GET', url: '/api/courses/a%00b' },
      { method: 'GET', url: '/api/courses/a%00b/episodes' },
      { method: 'GET', url: '/api/users/set-password-old-user/a%00b%40example.com' },
      {
        method: 'POST',
        url: '/api/auth',
        payload: { email: 'a\u0000b@example.com', password: 'x', device: device() },
      },
      { method: 'POST', url: '/api/users/forgot-password', payload: { email: `${u.email}\u0000` } },
      { method: 'POST', url: '/api/auth/refresh', payload: { userId: u.user.id, refreshToken: 'a\u0000b' } },
      {
        method: 'PUT',
        url: `/api/users/${u.user.id}`,
        headers: bearer(u.access_token),
        payload: { firstName: 'a\u0000b' },
      },
      { method: 'GET', url: '/cms/api/courses?filters[slug][$eq]=a%00b' },
    ];
    for (const c of cases) {
      const res = await t.app.inject(c);
      expect(res.statusCode, `${c.method} ${c.url}`).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
    }
  });

  it('in the device id of a registration: 400, and no account, session or welcome mail is made', async () => {
    const email = uniqueEmail('nul');
    const res = await signUp(email, { id: 'a\u0000b', name: 'x' });
    expect(res.statusCode).toBe(400);
    expect(await countUsers(email)).toBe(0);
    expect(await queuedMails(email)).toBe(0);
  });
});

describe('registration', () => {
  it('is all or nothing: when the session cannot be made, neither the account nor the welcome mail is', async () => {
    // The database refuses this one device's session, as a failure halfway through would.
    await t.db.execute(
      sql.raw(`
      create function refuse_device() returns trigger language plpgsql as $$
      begin if new.device_id = 'refused-device' then raise exception 'refused'; end if; return new; end $$;
      create trigger refuse_device before insert on sessions for each row execute function refuse_device();`),
    );
    const email = uniqueEmail('atomic');
    const res = await signUp(email, { id: 'refused-device', name: 'x' });
    expect(res.statusCode).toBe(500);
    expect(await countUsers(email)).toBe(0);
    expect(await queuedMails(email)).toBe(0);
    // The same e-mail registers cleanly afterwards, with its welcome mail queued once.
    const ok = await register(t.app, { email });
    expect(ok.user.email).toBe(email);
    expect(await countUsers(email)).toBe(1);
    expect(await queuedMails(email)).toBe(1);
  });

  it('names in mails never become links: a URL as a first name is left out of the welcome mail', async () => {
    sent.length = 0;
    const u = await register(t.app, { firstName: 'http://evil.example/login', lastName: 'x' });
    const mail = sent.find((m) => m.to === u.email)!;
    expect(mail.text).not.toMatch(/evil/);
    expect(mail.html).not.toMatch(/evil/);
    const named = await register(t.app, { firstName: 'สมหญิง' });
    expect(sent.find((m) => m.to === named.email)!.text).toContain('สวัสดีคุณสมหญิง');
  });

  it('sign-ups from one address send a few welcome mails an hour, however many accounts they make', async () => {
    sent.length = 0;
    const ip = '10.9.9.9';
    const made: string[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await signUp(uniqueEmail('burst'), device(), ip);
      expect(res.statusCode).toBe(201);
      made.push(res.json().user.email as string);
    }
    expect(sent.filter((m) => made.includes(m.to))).toHaveLength(5);
  });
});

/** An answer in the one error shape, JSON, with the security headers every answer carries. */
function expectRefusal(res: LightMyRequestResponse, status: number, where: string) {
  expect(res.statusCode, `${where}: ${res.body}`).toBe(status);
  expect(res.headers['content-type'], where).toContain('application/json');
  expect(res.json(), where).toMatchObject({
    statusCode: status,
    code: expect.any(String),
    message: expect.any(String),
  });
  expect(res.headers['x-content-type-options'], where).toBe('nosniff');
  expect(res.headers['x-frame-options'], where).toBe('SAMEORIGIN');
  expect(res.headers['content-security-policy'], where).toContain("default-src 'self'");
}

describe('requests an upload route does not take', () => {
  const uploadsOnDisk = async () =>
    (await readdir(path.join(t.config.storageDir, 'uploads')).catch(() => [])).length;
  const tus = (token: string, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/uploads',
      headers: { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0', ...headers },
    });

  it('tus uploads in parts (Upload-Concat) or of a size given later: 400 in the one error shape, nothing stored', async () => {
    const admin = await adminUser(t);
    const { episodeIds } = await draftCourse(t, 1);
    const metadata = `episodeId ${Buffer.from(episodeIds[0]!).toString('base64')}`;
    const before = await uploadsOnDisk();
    for (const headers of [
      { 'upload-concat': 'partial', 'upload-length': '1000', 'upload-metadata': metadata },
      { 'upload-concat': 'final;/api/admin/uploads/a /api/admin/uploads/b', 'upload-metadata': metadata },
      { 'upload-defer-length': '1', 'upload-metadata': metadata },
    ] as Record<string, string>[]) {
      const res = await tus(admin.token, headers);
      expectRefusal(res, 400, JSON.stringify(headers));
      expect(res.json().code).toBe('BAD_REQUEST');
      expect(res.headers['tus-resumable']).toBe('1.0.0');
    }
    expect(await uploadsOnDisk()).toBe(before);
    // The same upload as one file is taken (and is what the count above would have seen).
    const one = await tus(admin.token, { 'upload-length': '1000', 'upload-metadata': metadata });
    expect(one.statusCode).toBe(201);
    expect(one.headers['x-content-type-options']).toBe('nosniff');
    expect(await uploadsOnDisk()).toBeGreaterThan(before);
  });

  it('tus answers allow the origins the API allows (CORS_ORIGINS), never any origin', async () => {
    const admin = await adminUser(t);
    for (const origin of ['https://evil.example', 'https://app.rianroo.example']) {
      const allowed = origin === 'https://app.rianroo.example';
      const api = await t.app.inject({ url: '/api/health', headers: { origin } });
      expect(api.headers['access-control-allow-origin']).toBe(allowed ? origin : undefined);
      const res = await tus(admin.token, { origin, 'upload-length': '1000' });
      expect(res.statusCode).toBe(400); // (no episode named: what matters here is who may read the answer)
      expect(res.headers['access-control-allow-origin'], origin).toBe(allowed ? origin : undefined);
    }
  });

  it("a cover sent as JSON, text or nothing at all: 400 in the one error shape, the course's cover unchanged", async () => {
    const admin = await adminUser(t);
    const { courseId } = await draftCourse(t, 0);
    const url = `/api/admin/courses/${courseId}/cover`;
    const auth = { authorization: `Bearer ${admin.token}` };
    const cases: InjectOptions[] = [
      ...['null', '5', '"abcdefghijkl"', '{}', '[1,2,3,4,5,6,7,8,9]', '{"length":9}'].map((payload) => ({
        payload,
        headers: { ...auth, 'content-type': 'application/json' },
      })),
      { payload: 'abcdefghijkl', headers: { ...auth, 'content-type': 'text/plain' } },
      { headers: auth },
    ];
    for (const c of cases) {
      const res = await t.app.inject({ method: 'PUT', url, ...c });
      expectRefusal(res, 400, `${String(c.payload)} ${String(c.headers?.['content-type'])}`);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'body' }] });
    }
    const course = await t.db.execute(sql`select cover_image from courses where id = ${courseId}`);
    expect(course.rows[0]!.cover_image).toBeNull();
    expect(await readdir(path.join(t.config.storageDir, 'covers', courseId)).catch(() => [])).toEqual([]);
  });
});
