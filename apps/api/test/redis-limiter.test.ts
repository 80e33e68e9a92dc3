import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/lib/errors.js';
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
    await new Promise((r) => setTimeout(r, 1100)); // Redis expires keys on its own clock
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
});
