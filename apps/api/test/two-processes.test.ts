import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from './courses-fixture.js';
import { roundRobin } from './round-robin.js';
import { createTestApp, device, PASSWORD, uniqueEmail, type TestApp } from './helpers.js';
import { redisAvailable, redisRequired, startRedis } from './redis-server.js';
import { startSmtpPeer } from './smtp-peer.js';

/**
 * Two API processes on one PostgreSQL and one Redis, behind a small round-robin proxy, used as a learner
 * would use the one platform: every request goes to the next process in turn.
 */
let a: TestApp;
let b: TestApp;
let proxy: Awaited<ReturnType<typeof roundRobin>>;
let base: string;
let redis: Awaited<ReturnType<typeof startRedis>> | undefined;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;

const skip = !redisAvailable && !redisRequired;

beforeAll(async () => {
  if (skip) return;
  redis = await startRedis();
  smtp = await startSmtpPeer();
  // The session cache is on (30 s): only the database's notifications can end a session at once elsewhere.
  const env = {
    REDIS_URL: redis.url,
    SMTP_URL: smtp.url,
    SESSION_CACHE_SECONDS: '30',
    MAIL_RETRY_DELAY_SECONDS: '1',
    LOGIN_MAX_FAILURES_ACCOUNT: '4',
  };
  a = await createTestApp(env);
  b = await createTestApp(env, a);
  const ports: number[] = [];
  for (const t of [a, b]) {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    ports.push((t.app.server.address() as AddressInfo).port);
  }
  proxy = await roundRobin(ports);
  base = proxy.base;
}, 60_000);
afterAll(async () => {
  if (skip) return;
  await proxy.close();
  await b.close();
  await a.close();
  await smtp.close();
  redis?.stop();
});

const call = async (method: string, path: string, body?: unknown, token?: string) => {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as Record<string, any>) : {} }; // eslint-disable-line @typescript-eslint/no-explicit-any
};

const signUp = async (tag: string) => {
  const email = uniqueEmail(tag);
  const res = await call('POST', '/users', {
    email,
    password: PASSWORD,
    firstName: 'สอง',
    lastName: 'โปรเซส',
    acceptTerms: true,
    device: device(tag),
  });
  expect(res.status).toBe(201);
  return { email, token: res.json.access_token as string, id: res.json.user.id as string };
};

describe.skipIf(skip)('two API processes behind a load balancer behave as one', () => {
  it('requests really alternate between the two processes', async () => {
    const before = proxy.servedBy.length;
    await call('GET', '/health');
    await call('GET', '/health');
    expect(new Set(proxy.servedBy.slice(before)).size).toBe(2);
  });

  it('a session ended through one process is refused at once by the other (cache on)', async () => {
    const u = await signUp('two-sessions');
    // Both processes have checked (and cached) the session.
    expect((await call('GET', '/auth', undefined, u.token)).status).toBe(200);
    expect((await call('GET', '/auth', undefined, u.token)).status).toBe(200);
    expect((await call('POST', '/auth/save-logout-user', {}, u.token)).status).toBe(200);
    expect((await call('GET', '/auth', undefined, u.token)).status).toBe(401);
    expect((await call('GET', '/auth', undefined, u.token)).status).toBe(401);
  });

  it('progress saved through either process reads back as the latest save', async () => {
    const catalogue = await seedCatalogue(a);
    const u = await signUp('two-progress');
    const episode = catalogue.freeEpisodes[0]!;
    for (let second = 1; second <= 10; second++) {
      const saved = await call(
        'POST',
        '/users/on-going-episode',
        {
          course_id: catalogue.free,
          episode_id: episode.id,
          last_second: second,
          episodeCompletionPercentage: 2 * second,
        },
        u.token,
      );
      expect(saved.status).toBe(200);
    }
    for (let i = 0; i < 2; i++) {
      const read = await call('GET', `/users/on-going-episode?course=${catalogue.free}`, undefined, u.token);
      expect(read.json).toEqual(expect.arrayContaining([expect.objectContaining({ last_second: 10 })]));
    }
  });

  it('a reset e-mail asked for through the proxy is sent once, though both processes work the queue', async () => {
    const u = await signUp('two-mail');
    expect((await call('POST', '/users/forgot-password', { email: u.email })).status).toBe(200);
    await smtp.waitFor(u.email, /รหัสผ่าน/);
    // Wait until the queue has nothing left for this learner, then count what arrived.
    await expect
      .poll(
        async () =>
          (
            await a.db.execute<{ n: number }>(
              sql`select count(*)::int as n from pgboss.job where name = 'mail.send' and data->>'to' = ${u.email} and state <> 'completed'`,
            )
          ).rows[0]!.n,
        { timeout: 30_000 },
      )
      .toBe(0);
    const resets = smtp.received.filter(
      (m) => JSON.stringify(m.to).includes(u.email) && /รหัสผ่าน/.test(m.subject ?? ''),
    );
    expect(resets).toHaveLength(1);
  });

  it('login limits are shared: the account is throttled after its limit, whichever process answers', async () => {
    const u = await signUp('two-limits');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await call('POST', '/auth', { email: u.email, password: 'wrong-password-1', device: device('x') }))
          .status,
      );
    }
    // 4 failures allowed for the pair (LOGIN_MAX_FAILURES_ACCOUNT) across both processes, then 429.
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
  });
});
