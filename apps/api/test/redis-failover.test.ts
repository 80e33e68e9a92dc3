import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FailoverStore, limiterRedis, MemoryStore } from '../src/plugins/rate-limit.js';
import { createTestApp } from './helpers.js';
import { redisAvailable, redisRequired, startRedis } from './redis-server.js';

/**
 * The counters' own connection against a real redis-server that stops answering without going away (the
 * process frozen: the connection stays open, no command is answered). The outage of a stopped server, and
 * the way back, are test/redis-limiter.test.ts; the failover rules one by one, rate-limit-failover.test.ts.
 */
let redis: Awaited<ReturnType<typeof startRedis>> | undefined;

beforeAll(async () => {
  if (!redisAvailable && !redisRequired) return;
  redis = await startRedis();
});
afterAll(() => redis?.stop());
// A test that failed while the server was frozen does not leave it frozen for the next.
afterEach(() => redis?.resume());

const ready = (r: Redis) =>
  vi.waitFor(() => expect(r.status).toBe('ready'), { timeout: 10_000, interval: 20 });

describe.skipIf(!redisAvailable && !redisRequired)('a Redis that stops answering', () => {
  it('the counters’ connection gives up on a command it gets no answer to, instead of waiting for Redis', async () => {
    const conn = limiterRedis(redis!.url);
    await ready(conn);
    redis!.pause();
    try {
      await expect(conn.get('rl:anything')).rejects.toThrow(/timed out/i);
    } finally {
      redis!.resume();
      conn.disconnect();
    }
  });

  it('a request meeting a silent Redis is counted by this process and answered, with one warning', async () => {
    const log = { warn: vi.fn(), info: vi.fn() };
    const conn = limiterRedis(redis!.url);
    const store = new FailoverStore(conn, log as unknown as FastifyBaseLogger);
    await ready(conn);
    const key = `silent-${Date.now()}`;
    expect((await store.hit(key, 60)).count).toBe(1);
    expect(store.shared).toBe(true);
    redis!.pause();
    try {
      // Counted here, from zero: the shared count (1) is out of reach.
      expect((await store.hit(key, 60)).count).toBe(1);
      expect((await store.hit(key, 60)).count).toBe(2);
      expect(store.shared).toBe(false);
      expect(log.warn).toHaveBeenCalledTimes(1);
    } finally {
      redis!.resume();
      await store.close();
    }
  });

  it('a process closing closes its connection to Redis', async () => {
    const admin = new Redis(redis!.url);
    const clients = async () =>
      String(await admin.client('LIST'))
        .trim()
        .split('\n').length;
    try {
      const t = await createTestApp({ REDIS_URL: redis!.url });
      await vi.waitFor(async () => expect(await clients()).toBe(2), { timeout: 10_000 });
      await t.close();
      await vi.waitFor(async () => expect(await clients()).toBe(1), { timeout: 10_000 });
    } finally {
      await admin.quit();
    }
  });
});

describe('without REDIS_URL', () => {
  it('each process counts alone and publishes no rate_limit_shared gauge', async () => {
    const t = await createTestApp();
    try {
      expect(t.app.limiter.store).toBeInstanceOf(MemoryStore);
      const res = await t.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toMatch(/# HELP http_requests_total/);
      expect(res.body).not.toMatch(/rate_limit_shared/);
    } finally {
      await t.close();
    }
  });
});
