import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FailoverStore } from './rate-limit.js';

/**
 * The failover rules of the shared counters (issue 28), without a Redis server: a stand-in connection whose
 * status, events and failures the test sets. The real connection going down and coming back is
 * test/redis-limiter.test.ts; here every rule is stated on its own, with the clocks held still.
 */
class FakeRedis extends EventEmitter {
  status = 'ready';
  /** Every command fails (a timeout on a connection that still looks open) while set. */
  failing = false;
  /** Commands that reached this connection. */
  asked = 0;
  quitFails = false;
  readonly calls: string[] = [];
  readonly counts = new Map<string, number>();

  private answer<T>(name: string, value: () => T): Promise<T> {
    this.asked += 1;
    this.calls.push(name);
    return this.failing ? Promise.reject(new Error('Command timed out')) : Promise.resolve(value());
  }
  get(k: string) {
    return this.answer('get', () => (this.counts.has(k) ? String(this.counts.get(k)) : null));
  }
  pttl(k: string) {
    return this.answer('pttl', () => (this.counts.has(k) ? 60_000 : -2));
  }
  multi() {
    let key = '';
    const chain = {
      set: (k: string) => ((key = k), chain),
      incr: () => chain,
      pttl: () => chain,
      exec: () =>
        this.answer('multi', () => {
          const n = (this.counts.get(key) ?? 0) + 1;
          this.counts.set(key, n);
          return [
            [null, 'OK'],
            [null, n],
            [null, 60_000],
          ];
        }),
    };
    return chain;
  }
  eval(_script: string, _n: number, k: string) {
    return this.answer('eval', () => {
      const n = this.counts.get(k);
      if (n === undefined) return 0;
      this.counts.set(k, n - 1);
      return n - 1;
    });
  }
  del(k: string) {
    return this.answer('del', () => Number(this.counts.delete(k)));
  }
  quit() {
    this.calls.push('quit');
    return this.quitFails ? Promise.reject(new Error('Connection is closed.')) : Promise.resolve('OK');
  }
  disconnect() {
    this.calls.push('disconnect');
  }
}

const clock = () => {
  let t = 1_700_000_000_000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
};

function setUp(now?: () => number) {
  const redis = new FakeRedis();
  const log = { warn: vi.fn(), info: vi.fn() };
  const store = new FailoverStore(redis as unknown as Redis, log as unknown as FastifyBaseLogger, now);
  const warnings = () => log.warn.mock.calls.map((c) => c[1] as string);
  const notes = () => log.info.mock.calls.map((c) => c[0] as string);
  return { redis, log, store, warnings, notes };
}

describe('the shared counters fail over to this process and back', () => {
  // The retry delay is read from Date.now(): it is moved by hand, no test waits.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_800_000_000_000);
  });
  afterEach(() => vi.useRealTimers());

  it('while Redis answers, every count is the shared one in Redis and nothing is counted here', async () => {
    const { redis, store, warnings } = setUp();
    expect(await store.hit('k', 60)).toEqual({ count: 1, retryAfter: 60 });
    expect(await store.hit('k', 60)).toEqual({ count: 2, retryAfter: 60 });
    expect(redis.counts.get('rl:k')).toBe(2);
    expect(await store.peek('k')).toEqual({ count: 2, retryAfter: 60 });
    await store.release('k');
    expect(redis.counts.get('rl:k')).toBe(1);
    expect(store.shared).toBe(true);
    // Redis going away now shows that nothing was counted in this process meanwhile.
    redis.failing = true;
    expect(await store.peek('k')).toEqual({ count: 0, retryAfter: 0 });
    expect(warnings()).toHaveLength(1);
    await store.close();
  });

  it('a command that fails counts that request here instead, never fails it, and warns once for the outage', async () => {
    const { redis, store, log, warnings } = setUp();
    redis.failing = true;
    expect(await store.hit('k', 60)).toEqual({ count: 1, retryAfter: 60 });
    expect(store.shared).toBe(false);
    expect(warnings()).toEqual([
      'Redis unreachable: rate limits count in each process alone until it answers again',
    ]);
    expect(log.warn.mock.calls[0]![0]).toEqual({ err: new Error('Command timed out') });
    // More failures in the same outage: still counted here, no second warning.
    vi.setSystemTime(Date.now() + 5_000);
    expect(await store.hit('k', 60)).toEqual({ count: 2, retryAfter: 55 });
    redis.emit('error', new Error('connect ECONNREFUSED'));
    expect(warnings()).toHaveLength(1);
    await store.close();
  });

  it('after a failed command Redis is not asked again for 5 seconds, then asked at once', async () => {
    const { redis, store } = setUp();
    redis.failing = true;
    await store.hit('k', 60);
    expect(redis.asked).toBe(1);
    redis.failing = false; // answers again, but the store does not know it yet
    vi.setSystemTime(Date.now() + 4_999);
    expect(await store.hit('k', 60)).toEqual({ count: 2, retryAfter: 56 });
    expect(await store.peek('k')).toEqual({ count: 2, retryAfter: 56 });
    await store.release('k');
    expect(redis.asked).toBe(1);
    vi.setSystemTime(Date.now() + 1);
    expect(await store.hit('k', 60)).toEqual({ count: 1, retryAfter: 60 });
    expect(redis.asked).toBe(2);
    await store.close();
  });

  it('a failure while already down pushes the next try 5 seconds further', async () => {
    const { redis, store } = setUp();
    redis.failing = true;
    await store.hit('k', 60);
    vi.setSystemTime(Date.now() + 5_000);
    await store.hit('k', 60); // asked, failed again
    expect(redis.asked).toBe(2);
    redis.failing = false;
    vi.setSystemTime(Date.now() + 4_999);
    await store.hit('k', 60);
    expect(redis.asked).toBe(2);
    vi.setSystemTime(Date.now() + 1);
    await store.hit('k', 60);
    expect(redis.asked).toBe(3);
    await store.close();
  });

  it('the first answer after an outage makes the counters shared again and says so once', async () => {
    const { redis, store, notes, warnings } = setUp();
    redis.failing = true;
    await store.hit('k', 60);
    redis.failing = false;
    vi.setSystemTime(Date.now() + 5_000);
    expect(await store.peek('k')).toEqual({ count: 0, retryAfter: 0 });
    expect(store.shared).toBe(true);
    expect(notes()).toEqual(['Redis answers again: rate limits are shared again']);
    await store.hit('k', 60);
    await store.peek('k');
    expect(notes()).toHaveLength(1);
    // A second outage is a second warning.
    redis.failing = true;
    await store.hit('k', 60);
    expect(warnings()).toHaveLength(2);
    await store.close();
  });

  it('while the connection is not ready, Redis is not asked and the counts are this process’s own', async () => {
    const { redis, store } = setUp();
    redis.status = 'reconnecting';
    expect(store.shared).toBe(false);
    expect(await store.hit('k', 60)).toEqual({ count: 1, retryAfter: 60 });
    expect(await store.hit('k', 60)).toEqual({ count: 2, retryAfter: 60 });
    await store.release('k');
    expect(await store.peek('k')).toEqual({ count: 1, retryAfter: 60 });
    await store.reset('k');
    expect(await store.peek('k')).toEqual({ count: 0, retryAfter: 0 });
    expect(redis.asked).toBe(0);
    await store.close();
  });

  it('counting here follows the clock it is given: a window counted during an outage ends on time', async () => {
    const c = clock();
    const { redis, store } = setUp(c.now);
    redis.status = 'reconnecting';
    await store.hit('k', 10);
    c.advance(4_000);
    expect(await store.peek('k')).toEqual({ count: 1, retryAfter: 6 });
    c.advance(6_000);
    expect(await store.peek('k')).toEqual({ count: 0, retryAfter: 0 });
    await store.close();
  });

  it('the connection’s own events: an error or a lost connection is an outage (one warning), ready ends it at once', async () => {
    const { redis, store, warnings, notes, log } = setUp();
    redis.emit('close');
    expect(store.shared).toBe(false);
    expect(log.warn.mock.calls[0]![0]).toEqual({ err: new Error('connection to Redis closed') });
    redis.emit('error', new Error('read ECONNRESET'));
    redis.emit('close');
    expect(warnings()).toHaveLength(1);
    // The connection is back: asked at once, without waiting out the delay a failure set.
    redis.emit('ready');
    expect(store.shared).toBe(true);
    expect(notes()).toHaveLength(1);
    expect(await store.hit('k', 60)).toEqual({ count: 1, retryAfter: 60 });
    expect(redis.asked).toBe(1);
    // An error event alone (no failed command) also holds Redis off for 5 seconds.
    redis.emit('error', new Error('read ECONNRESET'));
    expect(warnings()).toHaveLength(2);
    vi.setSystemTime(Date.now() + 4_999);
    await store.hit('k', 60);
    expect(redis.asked).toBe(1);
    await store.close();
  });

  it('a ready connection that was never down says nothing', async () => {
    const { redis, store, notes } = setUp();
    redis.emit('ready');
    await store.hit('k', 60);
    expect(notes()).toEqual([]);
    await store.close();
  });

  it('a reset clears the window in Redis and the one counted here during an outage', async () => {
    const { redis, store } = setUp();
    redis.failing = true;
    await store.hit('k', 60);
    await store.hit('k', 60);
    redis.failing = false;
    vi.setSystemTime(Date.now() + 5_000);
    await store.hit('k', 60);
    await store.reset('k');
    expect(redis.counts.has('rl:k')).toBe(false);
    // Down again: the window counted here before is gone too.
    redis.status = 'reconnecting';
    expect(await store.peek('k')).toEqual({ count: 0, retryAfter: 0 });
    await store.close();
  });

  it('a reset during an outage clears the window counted here', async () => {
    const { redis, store } = setUp();
    redis.failing = true;
    await store.hit('k', 60);
    await store.reset('k');
    expect(await store.peek('k')).toEqual({ count: 0, retryAfter: 0 });
    await store.close();
  });

  it('closing quits a ready connection, drops one that is not, and a closing connection is no outage', async () => {
    const a = setUp();
    await a.store.close();
    a.redis.emit('close');
    a.redis.emit('error', new Error('Connection is closed.'));
    expect(a.redis.calls).toEqual(['quit']);
    expect(a.warnings()).toEqual([]);

    const b = setUp();
    b.redis.status = 'reconnecting';
    await b.store.close();
    expect(b.redis.calls).toEqual(['disconnect']);

    const c = setUp();
    c.redis.quitFails = true;
    await c.store.close();
    expect(c.redis.calls).toEqual(['quit', 'disconnect']);
  });
});
