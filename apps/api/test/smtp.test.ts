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

  it('keeps password links sealed in the queue: no code in clear in the job tables after delivery, and a retried delivery still carries a working link', async () => {
    const learners = await Promise.all(
      Array.from({ length: 4 }, (_, i) => register(t.app, {}, `198.51.100.${120 + i}`)),
    );
    await Promise.all(learners.map((u) => waitFor(u.email, /ยินดีต้อนรับ/)));
    smtp.refuseOnce.add(learners[0]!.email); // its first delivery fails: the job waits for a retry
    await Promise.all(
      learners.map((u, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/users/forgot-password',
          payload: { email: u.email },
          remoteAddress: `198.51.100.${130 + i}`,
        }),
      ),
    );
    const codes = await Promise.all(
      learners.map(async (u) => linkCode((await waitFor(u.email, /รหัสผ่าน/)).text ?? '')),
    );
    expect(smtp.refuseOnce.has(learners[0]!.email)).toBe(false);
    const emails = learners.map((u) => u.email);
    await until(
      () =>
        t.db.execute<{ n: number }>(sql`select count(*)::int as n from pgboss.job where name = 'mail.send'
          and data->>'to' = any(${`{${emails.join(',')}}`}::text[]) and data->>'subject' ~ 'รหัสผ่าน'
          and state = 'completed'`),
      (r) => r.rows[0]!.n === learners.length,
    );
    for (const code of codes) {
      const { rows } = await t.db.execute<{ n: number }>(sql`select
        (select count(*) from pgboss.job where data::text like ${`%${code}%`} or output::text like ${`%${code}%`})::int
        + (select count(*) from pgboss.archive where data::text like ${`%${code}%`})::int as n`);
      expect(rows[0]!.n).toBe(0);
    }
    const resets = await Promise.all(
      codes.map((code) =>
        t.app.inject({
          method: 'POST',
          url: '/api/users/reset-password',
          payload: {
            verificationString: code,
            password: 'sealed-pass-01',
            passwordConfirmation: 'sealed-pass-01',
          },
        }),
      ),
    );
    expect(resets.map((r) => r.statusCode)).toEqual(codes.map(() => 200));
  });

  it('a transactional mail tries for hours; when its last try fails it is given up loudly: logged and counted in mail_given_up_total', async () => {
    const lines: { msg: string; queue?: string; job?: string }[] = [];
    const own = await createTestApp(
      { SMTP_URL: smtp.url, MAIL_RETRY_DELAY_SECONDS: '1', LOG_LEVEL: 'warn' },
      undefined,
      { logStream: { write: (line) => void lines.push(JSON.parse(line)) } },
    );
    const to = `given-up-${Date.now()}@example.com`;
    const job = () =>
      own.db.execute<{ id: string; state: string; retry_limit: number }>(
        sql`select id, state, retry_limit from pgboss.job where name = 'mail.send' and data->>'to' = ${to}`,
      );
    try {
      smtp.refuseOnce.add(to);
      await own.app.mail.send({ to, subject: 'Receipt', text: 'x', html: '<p>x</p>' });
      const first = await until(job, (r) => r.rows[0]?.state === 'retry');
      // 12 retries with backoff: at the default 10 s delay, 11 hours or more before it gives up.
      expect(first.rows[0]!.retry_limit).toBe(12);
      // Its tries but the last are spent (as after a relay's night-long outage); the last is refused too.
      smtp.refuseOnce.add(to);
      await own.db.execute(sql`update pgboss.job set retry_count = retry_limit - 1, start_after = now()
        where id = ${first.rows[0]!.id}`);
      await own.db.execute(sql`select pg_notify('job_queued', 'mail.send')`);
      await until(job, (r) => r.rows[0]?.state === 'failed');
      const scrape = async () => (await own.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' })).body;
      await until(scrape, (body) => /^mail_given_up_total 1$/m.test(body));
      expect(lines.filter((l) => l.msg === 'job failed for good; it will not be retried')).toMatchObject([
        { queue: 'mail.send', job: first.rows[0]!.id },
      ]);
      expect(smtp.received.filter((m) => JSON.stringify(m.to).includes(to))).toHaveLength(0);
    } finally {
      smtp.refuseOnce.delete(to);
      await own.close();
    }
  });

  it('cuts a send to a relay that stops answering well before the mail job expires (2 minutes), so no other process takes it while it is still on the wire', async () => {
    const own = await createTestApp({ SMTP_URL: smtp.url, MAIL_RETRY_DELAY_SECONDS: '60' });
    const subject = `stalled-${Date.now()}`;
    const state = () =>
      own.db.execute<{ state: string; output: { message?: string } | null }>(
        sql`select state, output from pgboss.job where name = 'mail.send' and data->>'subject' = ${subject}`,
      );
    try {
      smtp.hold(); // the relay takes the message in and never answers
      await own.app.mail.send({ to: 'stalled@example.com', subject, text: 'x', html: '<p>x</p>' });
      await until(state, (r) => r.rows[0]?.state === 'active');
      const onTheWire = Date.now();
      const failed = await until(state, (r) => r.rows[0]?.state === 'retry', 100_000);
      expect(Date.now() - onTheWire).toBeLessThan(60_000);
      expect(failed.rows[0]!.output?.message).toMatch(/timeout|abort/i);
    } finally {
      smtp.release();
      await own.close();
    }
  }, 120_000);

  it('a stop with a batch on the wire sends all of it before the SMTP pool closes: none failed, none left for a retry', async () => {
    // MAIL_CONCURRENCY 5 (default): a batch of 10 is taken, 5 on the wire at a time.
    const own = await createTestApp({ SMTP_URL: smtp.url, MAIL_RETRY_DELAY_SECONDS: '30' });
    const tag = `stop-${Date.now()}`;
    try {
      smtp.hold(); // a slow relay: the first five are on the wire when the stop comes
      await own.db.transaction(async (tx) => {
        for (let i = 0; i < 10; i++)
          await own.app.mail.send(
            { to: `${tag}-${i}@example.com`, subject: tag, text: 'x', html: '<p>x</p>', bulk: true },
            tx,
          );
      });
      await until(
        async () => smtp.waiting,
        (n) => n >= 5,
      );
      // The relay answers once the stop has begun: when the queue is asked to stop; were the pool closed
      // before that, the answer would come anyway a few seconds later, to a closed pool.
      const stop = own.app.jobs.stop;
      own.app.jobs.stop = () => {
        smtp.release();
        return stop();
      };
      const late = setTimeout(() => smtp.release(), 5_000);
      await own.app.close(); // what SIGTERM does (server.ts)
      clearTimeout(late);
      const states = await own.db.execute<{ state: string; n: number }>(
        sql`select state, count(*)::int as n from pgboss.job where name = 'mail.send' and data->>'subject' = ${tag} group by state order by state`,
      );
      expect(states.rows).toEqual([{ state: 'completed', n: 10 }]);
      expect(smtp.received.filter((m) => m.subject === tag)).toHaveLength(10);
    } finally {
      smtp.release();
      await own.close();
    }
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
