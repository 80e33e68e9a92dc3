import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, device, register, type TestApp } from './helpers.js';
import { linkCode } from './mail-helpers.js';
import { startSmtpPeer } from './smtp-peer.js';

let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Rianroo <no-reply@rianroo.test>',
    MAIL_RETRY_DELAY_SECONDS: '1',
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const waitFor = (to: string, subject: RegExp) => smtp.waitFor(to, subject);

describe('e-mail over SMTP', () => {
  it('sends the Thai reset e-mail to a real SMTP server, and its link resets the password', async () => {
    const u = await register(t.app);
    await t.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email: u.email } });
    const mail = await waitFor(u.email, /รหัสผ่าน/);
    expect(mail.from?.text).toContain('no-reply@rianroo.test');
    expect(mail.text).toContain('http://rianroo.test/reset-password?code=');
    expect(mail.html).toContain('ตั้งรหัสผ่านใหม่');
    // One-click unsubscribe (RFC 8058) travels as real headers.
    const header = (key: string) => mail.headerLines.find((h) => h.key === key)?.line ?? '';
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(header('list-unsubscribe').replace(/\r?\n\s+/g, '')).toMatch(
      /^List-Unsubscribe: ?<http:\/\/rianroo\.test\/api\/unsubscribe\?token=[\w.-]+>$/,
    );
    const code = linkCode(mail.text ?? '');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/users/reset-password',
      payload: {
        verificationString: code,
        password: 'smtp-new-pass-1',
        passwordConfirmation: 'smtp-new-pass-1',
      },
    });
    expect(reset.statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { email: u.email, password: 'smtp-new-pass-1', device: device() },
    });
    expect(login.statusCode).toBe(200);
  });

  it('writes in English to a learner who chose English', async () => {
    const u = await register(t.app);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${u.user.id}`,
      headers: { authorization: `Bearer ${u.access_token}` },
      payload: { locale: 'en' },
    });
    await t.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email: u.email } });
    const mail = await waitFor(u.email, /Reset your Rianroo password/);
    expect(mail.text).toContain('expires in 30 minutes');
  });

  it('retries a delivery the SMTP server refused for the moment, until it goes through', async () => {
    const u = await register(t.app);
    await waitFor(u.email, /ยินดีต้อนรับ/); // the welcome e-mail is out of the way
    smtp.refuseOnce.add(u.email);
    await t.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email: u.email } });
    const mail = await waitFor(u.email, /รหัสผ่าน/);
    expect(smtp.refuseOnce.has(u.email)).toBe(false);
    expect(mail.text).toContain('/reset-password?code=');
  });

  it('a password link queued behind a burst of welcomes leaves next, not last', async () => {
    const burst = Array.from({ length: 150 }, (_, i) => `burst-${i}-${Date.now()}@example.com`);
    const bulk = (to: string) => ({ to, subject: 'Burst', text: 'hello', html: '<p>hello</p>', bulk: true });
    const from = smtp.received.length;
    // The server is slow: the first batch of the burst is stuck on the wire while the link is queued.
    smtp.hold();
    await t.db.transaction(async (tx) => {
      for (const to of burst) await t.app.mail.send(bulk(to), tx);
    });
    await until(
      () =>
        t.db.execute<{ n: number }>(sql`select count(*)::int as n from pgboss.job
      where name = 'mail.send' and state = 'active' and data->>'subject' = 'Burst'`),
      (r) => r.rows[0]!.n > 0,
    );
    const u = await register(t.app);
    await t.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email: u.email } });
    await until(
      () =>
        t.db.execute<{ n: number }>(sql`select count(*)::int as n from pgboss.job
      where name = 'mail.send' and data->>'to' = ${u.email} and data->>'subject' ~ 'รหัสผ่าน'`),
      (r) => r.rows[0]!.n > 0,
    );
    smtp.release();
    await waitFor(u.email, /รหัสผ่าน/);
    const order = smtp.received.slice(from).map((m) => m.subject ?? '');
    const link = order.findIndex((s) => /รหัสผ่าน/.test(s));
    // Only the batch already on the wire (MAIL_CONCURRENCY * 2 = 10) went before it; 140 welcomes wait.
    expect(link).toBeLessThanOrEqual(10);
    expect(order.filter((s) => s === 'Burst').length).toBeLessThan(burst.length);
  });
  it('two processes drain one queue: every mail of a burst once, also when one stops in the middle', async () => {
    const second = await createTestApp(
      { SMTP_URL: smtp.url, MAIL_FROM: 'Rianroo <no-reply@rianroo.test>', MAIL_RETRY_DELAY_SECONDS: '1' },
      t,
    );
    const tag = `shared-${Date.now()}`;
    const burst = Array.from({ length: 200 }, (_, i) => `${tag}-${i}@example.com`);
    const mine = () => smtp.received.filter((m) => m.subject === tag);
    await t.db.transaction(async (tx) => {
      for (const to of burst)
        await t.app.mail.send({ to, subject: tag, text: 'x', html: '<p>x</p>', bulk: true }, tx);
    });
    await until(
      async () => mine().length,
      (n) => n >= 20,
    );
    // One process is stopped (a deploy): what it holds is finished, the rest goes out through the other.
    await second.close();
    await until(
      async () => mine().length,
      (n) => n >= burst.length,
      30_000,
    );
    await until(
      () =>
        t.db.execute<{ n: number }>(sql`select count(*)::int as n from pgboss.job
        where name = 'mail.send' and data->>'subject' = ${tag} and state <> 'completed'`),
      (r) => r.rows[0]!.n === 0,
    );
    const counts = new Map<string, number>();
    for (const m of mine()) {
      const to = (Array.isArray(m.to) ? m.to[0] : m.to)!.value[0]!.address!;
      counts.set(to, (counts.get(to) ?? 0) + 1);
    }
    expect(counts.size).toBe(burst.length);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
  });
});

/** Reads until the answer satisfies the check (bounded). */
async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}
