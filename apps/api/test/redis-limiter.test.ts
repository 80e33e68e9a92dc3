import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '../src/lib/errors.js';
import { freePort } from '../src/lib/net.js';
import { Limiter, RedisStore } from '../src/plugins/rate-limit.js';
import { createTestApp, device, register } from './helpers.js';
import { redisAvailable, redisRequired, startRedis } from './redis-server.js';

/** The shared rate-limit store against a real redis-server, which this test starts itself. */
let redis: Awaited<ReturnType<typeof startRedis>> | undefined;
let url: string;

beforeAll(async () => {
  if (!redisAvailable && !redisRequired) return;
  redis = await startRedis();
  url = redis.url;
});
afterAll(() => redis?.stop());

describe.skipIf(!redisAvailable && !redisRequired)('rate limits shared through Redis', () => {
  it('two limiters on one Redis share their counters and windows', async () => {
    const a = new Limiter(new RedisStore(new Redis(url)));
    const b = new Limiter(new RedisStore(new Redis(url)));
    await a.consume('shared', 3, 1);
    await b.consume('shared', 3, 1);
    await a.consume('shared', 3, 1);
    const err = await b.consume('shared', 3, 1).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(Number((err as AppError).headers?.['retry-after'])).toBeGreaterThanOrEqual(1);
    // The window ends on Redis's own clock: then the key is gone, for both.
    await expect.poll(() => a.store.peek('shared'), { timeout: 10_000 }).toEqual({ count: 0, retryAfter: 0 });
    await expect(a.consume('shared', 3, 1)).resolves.toBeUndefined();
    await a.store.close();
    await b.store.close();
  });

  it('the store peeks, counts with the window in whole seconds, releases only live windows, resets and closes', async () => {
    const store = new RedisStore(new Redis(url));
    const key = `store-${Date.now()}`;
    expect(await store.peek(key)).toEqual({ count: 0, retryAfter: 0 });
    expect(await store.hit(key, 60)).toEqual({ count: 1, retryAfter: 60 });
    expect(await store.peek(key)).toEqual({ count: 1, retryAfter: 60 });
    await store.release(key);
    expect((await store.peek(key)).count).toBe(0);
    await store.reset(key);
    expect(await store.peek(key)).toEqual({ count: 0, retryAfter: 0 });
    // No window, nothing to give back: a release never leaves a key without an expiry.
    await store.release(key);
    expect(await store.peek(key)).toEqual({ count: 0, retryAfter: 0 });
    await new Limiter(store).reset(key);
    await store.close();
  });

  it('reservations are atomic across processes: of 60 at once on two stores, exactly the limit get through', async () => {
    const a = new Limiter(new RedisStore(new Redis(url)));
    const b = new Limiter(new RedisStore(new Redis(url)));
    const key = { key: `burst-${Date.now()}`, max: 10, windowSeconds: 60 };
    const results = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) => (i % 2 ? a : b).reserve([key])),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    // A success gives its reservation back: one more fits, and no more than that.
    const first = results.find((r) => r.status === 'fulfilled')!;
    await (first as PromiseFulfilledResult<{ release: () => Promise<unknown> }>).value.release();
    await expect(a.reserve([key])).resolves.toBeDefined();
    await expect(b.reserve([key])).rejects.toBeInstanceOf(AppError);
    await a.store.close();
    await b.store.close();
  });

  it('login throttling of two API processes adds up when REDIS_URL is set', async () => {
    const env = { REDIS_URL: url, LOGIN_MAX_FAILURES_ACCOUNT: '4' };
    const one = await createTestApp(env);
    const two = await createTestApp(env, one);
    try {
      const u = await register(one.app);
      const attempt = (t: typeof one) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth',
          payload: { email: u.email, password: 'wrong-password', device: device() },
        });
      expect((await attempt(one)).statusCode).toBe(401);
      expect((await attempt(two)).statusCode).toBe(401);
      expect((await attempt(one)).statusCode).toBe(401);
      expect((await attempt(two)).statusCode).toBe(401);
      expect((await attempt(one)).statusCode).toBe(429);
      expect((await attempt(two)).statusCode).toBe(429);
    } finally {
      await two.close();
      await one.close();
    }
  });

  it('when Redis goes down mid-run, sign-in, sign-up and reset links go on with each process counting alone: never a 500, one warning per outage, shared again when it returns', async () => {
    const own = await startRedis(); // this test stops it
    const lines: string[] = [];
    const printed = vi.spyOn(console, 'error');
    const t = await createTestApp(
      { REDIS_URL: own.url, LOG_LEVEL: 'info', LOGIN_MAX_FAILURES_ACCOUNT: '4' },
      undefined,
      { logStream: { write: (line) => void lines.push(line) } },
    );
    const logged = (msg: RegExp) => lines.map((l) => JSON.parse(l)).filter((l) => msg.test(l.msg));
    const shared = async () => {
      const res = await t.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' });
      return Number(/^rate_limit_shared (\d)/m.exec(res.body)?.[1]);
    };
    try {
      const users = await Promise.all(
        Array.from({ length: 6 }, (_, i) => register(t.app, {}, `198.51.100.${60 + i}`)),
      );
      expect(await shared()).toBe(1);
      await own.stop();

      // Many at once, each kind of request the limits guard.
      const answers = await Promise.all([
        ...users.map((u, i) =>
          t.app.inject({
            method: 'POST',
            url: '/api/auth',
            payload: { email: u.email, password: u.password, device: device() },
            remoteAddress: `198.51.100.${70 + i}`,
          }),
        ),
        ...users.map((u, i) =>
          t.app.inject({
            method: 'POST',
            url: '/api/users/forgot-password',
            payload: { email: u.email },
            remoteAddress: `198.51.100.${80 + i}`,
          }),
        ),
        ...users.map((_, i) =>
          t.app
            .inject({
              method: 'POST',
              url: '/api/users',
              payload: {
                email: `outage.${i}.${Date.now()}@example.com`,
                password: 'correct-horse-battery',
                firstName: 'ทดสอบ',
                lastName: 'ระบบ',
                acceptTerms: true,
                device: device(),
              },
              remoteAddress: `198.51.100.${90 + i}`,
            })
            .then((r) => ({ ...r, statusCode: r.statusCode === 201 ? 200 : r.statusCode })),
        ),
      ]);
      expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));

      // No request waits on the dead Redis: with the outage known, a hit is counted in this process without a
      // command sent to Redis (none to wait for, not even its REDIS_COMMAND_TIMEOUT_MS) ...
      const sent = vi.spyOn(Redis.prototype, 'sendCommand');
      try {
        expect(await t.app.limiter.store.hit(`outage-${Date.now()}`, 60)).toEqual({
          count: 1,
          retryAfter: 60,
        });
        expect(sent).not.toHaveBeenCalled();
      } finally {
        sent.mockRestore();
      }
      // ... and the limits still hold, counted by this process: of 6 wrong passwords at once, 4 are judged.
      const wrong = await Promise.all(
        Array.from({ length: 6 }, () =>
          t.app.inject({
            method: 'POST',
            url: '/api/auth',
            payload: { email: users[0]!.email, password: 'wrong-password', device: device() },
          }),
        ),
      );
      expect(wrong.map((r) => r.statusCode).sort()).toEqual([401, 401, 401, 401, 429, 429]);
      expect(await shared()).toBe(0);

      // Back on the same address: shared again, by itself.
      const again = await startRedis(own.port);
      try {
        await vi.waitFor(() => expect(logged(/Redis answers again/)).toHaveLength(1), { timeout: 10_000 });
        const key = `after-outage-${Date.now()}`;
        await t.app.limiter.store.hit(key, 60);
        const other = new RedisStore(new Redis(again.url));
        expect((await other.peek(key)).count).toBe(1);
        await other.close();
        expect(await shared()).toBe(1);
      } finally {
        await t.close();
        await again.stop();
      }
      // One JSON line for the whole outage, however many requests met it; nothing printed by ioredis itself.
      const warnings = logged(/Redis unreachable/);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatchObject({ level: 40 });
      expect(printed.mock.calls.filter((c) => String(c[0]).includes('ioredis'))).toEqual([]);
    } finally {
      printed.mockRestore();
    }
  }, 60_000);

  it('a process started while Redis is unreachable signs learners in with its own counters and says so once', async () => {
    const lines: string[] = [];
    const t = await createTestApp(
      { REDIS_URL: `redis://127.0.0.1:${await freePort()}`, LOG_LEVEL: 'warn' },
      undefined,
      { logStream: { write: (line) => void lines.push(line) } },
    );
    try {
      const u = await register(t.app, {}, '198.51.100.99');
      const logins = await Promise.all(
        Array.from({ length: 2 }, (_, i) =>
          t.app.inject({
            method: 'POST',
            url: '/api/auth',
            payload: { email: u.email, password: u.password, device: device(i) },
          }),
        ),
      );
      expect(logins.map((r) => r.statusCode)).toEqual([200, 200]);
      await vi.waitFor(() => expect(lines.join('')).toMatch(/Redis unreachable/));
      expect(lines.filter((l) => /Redis unreachable/.test(l))).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});
