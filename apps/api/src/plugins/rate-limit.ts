import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { AppError } from '../lib/errors.js';

export interface Hit {
  count: number;
  /** Seconds until the window of this key ends. */
  retryAfter: number;
}

/** Fixed-window counters. Several API processes share them through Redis when REDIS_URL is set. */
export interface LimiterStore {
  peek(key: string): Promise<Hit>;
  hit(key: string, windowSeconds: number): Promise<Hit>;
  /** Gives back one hit of a live window (a reserved attempt that succeeded or was refused). */
  release(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export class MemoryStore implements LimiterStore {
  /** `now` is the clock (tests move it instead of waiting). */
  constructor(private readonly now: () => number = () => Date.now()) {}
  private readonly counters = new Map<string, { count: number; resetAt: number }>();
  private readonly sweeper = setInterval(() => this.sweep(), 60_000).unref();

  private live(key: string) {
    const c = this.counters.get(key);
    if (c && c.resetAt <= this.now()) {
      this.counters.delete(key);
      return undefined;
    }
    return c;
  }
  private sweep() {
    const now = this.now();
    for (const [k, c] of this.counters) if (c.resetAt <= now) this.counters.delete(k);
  }
  async peek(key: string): Promise<Hit> {
    const c = this.live(key);
    return { count: c?.count ?? 0, retryAfter: c ? Math.ceil((c.resetAt - this.now()) / 1000) : 0 };
  }
  async hit(key: string, windowSeconds: number): Promise<Hit> {
    const c = this.live(key) ?? { count: 0, resetAt: this.now() + windowSeconds * 1000 };
    c.count += 1;
    this.counters.set(key, c);
    return { count: c.count, retryAfter: Math.ceil((c.resetAt - this.now()) / 1000) };
  }
  async release(key: string) {
    const c = this.live(key);
    if (c && c.count > 0) c.count -= 1;
  }
  async reset(key: string) {
    this.counters.delete(key);
  }
  async close() {
    clearInterval(this.sweeper);
  }
}

export class RedisStore implements LimiterStore {
  constructor(private readonly redis: Redis) {}
  async peek(key: string): Promise<Hit> {
    const [count, ttl] = await Promise.all([this.redis.get(`rl:${key}`), this.redis.pttl(`rl:${key}`)]);
    return { count: Number(count ?? 0), retryAfter: ttl > 0 ? Math.ceil(ttl / 1000) : 0 };
  }
  async hit(key: string, windowSeconds: number): Promise<Hit> {
    const k = `rl:${key}`;
    const res = await this.redis.multi().set(k, 0, 'EX', windowSeconds, 'NX').incr(k).pttl(k).exec();
    const count = Number(res?.[1]?.[1] ?? 1);
    const ttl = Number(res?.[2]?.[1] ?? windowSeconds * 1000);
    return { count, retryAfter: Math.max(1, Math.ceil(ttl / 1000)) };
  }
  async release(key: string) {
    // Only a live window is decremented: a DECR on an expired key would make one with no expiry.
    await this.redis.eval(
      "if redis.call('exists', KEYS[1]) == 1 then return redis.call('decr', KEYS[1]) end return 0",
      1,
      `rl:${key}`,
    );
  }
  async reset(key: string) {
    await this.redis.del(`rl:${key}`);
  }
  async close() {
    await this.redis.quit();
  }
}

export class Limiter {
  constructor(readonly store: LimiterStore) {}

  /** Counts one event; throws 429 when this event goes over max. */
  async consume(key: string, max: number, windowSeconds: number): Promise<void> {
    const { count, retryAfter } = await this.store.hit(key, windowSeconds);
    if (count > max) throw tooMany(retryAfter);
  }
  /**
   * Reserves attempts on several keys at once, atomically per key, before the guarded work runs: however
   * many requests arrive together, no more than each key's max ever get through in its window (the check
   * and the count are one increment, never a check now and a record later). Throws 429 when any key is
   * full, giving back what it had reserved. The answer's `release` returns the reservations of keys
   * that should count only failures (call it when the attempt succeeded).
   */
  async reserve(keys: { key: string; max: number; windowSeconds: number }[]) {
    const taken: string[] = [];
    for (const { key, max, windowSeconds } of keys) {
      const { count, retryAfter } = await this.store.hit(key, windowSeconds);
      taken.push(key);
      if (count > max) {
        await Promise.all(taken.map((k) => this.store.release(k)));
        throw tooMany(retryAfter);
      }
    }
    return { release: (which: string[] = taken) => Promise.all(which.map((k) => this.store.release(k))) };
  }
  reset(key: string) {
    return this.store.reset(key);
  }
}

const tooMany = (retryAfter: number) =>
  new AppError('RATE_LIMITED', 429, 'Too many attempts; please wait and try again', undefined, undefined, {
    'retry-after': String(Math.max(1, retryAfter)),
  });

export const rateLimitPlugin = fp(
  async (app: FastifyInstance, opts: { now?: () => number }) => {
    const store = app.config.redisUrl
      ? new RedisStore(new Redis(app.config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false }))
      : new MemoryStore(opts.now);
    app.decorate('limiter', new Limiter(store));
    app.addHook('onClose', () => store.close());
  },
  { name: 'rate-limit' },
);
