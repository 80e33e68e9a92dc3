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
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export class MemoryStore implements LimiterStore {
  private readonly counters = new Map<string, { count: number; resetAt: number }>();
  private readonly sweeper = setInterval(() => this.sweep(), 60_000).unref();

  private live(key: string) {
    const c = this.counters.get(key);
    if (c && c.resetAt <= Date.now()) {
      this.counters.delete(key);
      return undefined;
    }
    return c;
  }
  private sweep() {
    const now = Date.now();
    for (const [k, c] of this.counters) if (c.resetAt <= now) this.counters.delete(k);
  }
  async peek(key: string): Promise<Hit> {
    const c = this.live(key);
    return { count: c?.count ?? 0, retryAfter: c ? Math.ceil((c.resetAt - Date.now()) / 1000) : 0 };
  }
  async hit(key: string, windowSeconds: number): Promise<Hit> {
    const c = this.live(key) ?? { count: 0, resetAt: Date.now() + windowSeconds * 1000 };
    c.count += 1;
    this.counters.set(key, c);
    return { count: c.count, retryAfter: Math.ceil((c.resetAt - Date.now()) / 1000) };
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
  async reset(key: string) {
    await this.redis.del(`rl:${key}`);
  }
  async close() {
    await this.redis.quit();
  }
}

export class Limiter {
  constructor(readonly store: LimiterStore) {}

  /** Throws 429 RATE_LIMITED with Retry-After when the key has reached max in its window. */
  async check(key: string, max: number): Promise<void> {
    const { count, retryAfter } = await this.store.peek(key);
    if (count >= max) throw tooMany(retryAfter);
  }
  /** Counts one event; throws 429 when this event goes over max. */
  async consume(key: string, max: number, windowSeconds: number): Promise<void> {
    const { count, retryAfter } = await this.store.hit(key, windowSeconds);
    if (count > max) throw tooMany(retryAfter);
  }
  record(key: string, windowSeconds: number) {
    return this.store.hit(key, windowSeconds);
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
  async (app: FastifyInstance) => {
    const store = app.config.redisUrl
      ? new RedisStore(new Redis(app.config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false }))
      : new MemoryStore();
    app.decorate('limiter', new Limiter(store));
    app.addHook('onClose', () => store.close());
  },
  { name: 'rate-limit' },
);
