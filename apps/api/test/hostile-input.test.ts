import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../src/plugins/mail.js';
import { bearer, createTestApp, device, PASSWORD, register, uniqueEmail, type TestApp } from './helpers.js';

let t: TestApp;
const sent: MailMessage[] = [];
beforeAll(async () => {
  t = await createTestApp({ REGISTER_MAX_PER_HOUR: '500' });
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
    payload: { email, password: PASSWORD, firstName: 'ก', lastName: 'ข', device: d },
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
