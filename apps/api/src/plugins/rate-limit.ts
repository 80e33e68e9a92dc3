import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { Gauge } from 'prom-client';
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

/** The longest a rate-limit command waits for Redis before the request counts in this process instead. */
export const REDIS_COMMAND_TIMEOUT_MS = 500;
/** After a command failed on a connection that still looks open, Redis is asked again this much later. */
const REDIS_RETRY_MS = 5000;

/** A connection to Redis for the counters: no command waits on a dead connection, none is queued while it is down. */
export function limiterRedis(url: string) {
  return new Redis(url, {
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: 2000,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
  });
}

/**
 * The shared counters in Redis, and this process's own while Redis cannot answer: as without REDIS_URL, each
 * process then counts alone (docs/deploy.md), so a dead Redis loosens the limits N times for a while but never
 * fails a request nor holds one longer than REDIS_COMMAND_TIMEOUT_MS. An outage is logged once, as a warning
 * when it begins, and its end once; `shared` says which counters are in use (the `rate_limit_shared` gauge).
 */
export class FailoverStore implements LimiterStore {
  private readonly redisStore: RedisStore;
  private readonly local: MemoryStore;
  private down = false;
  private retryAt = 0;
  private closing = false;

  constructor(
    private readonly redis: Redis,
    private readonly log: FastifyBaseLogger,
    now?: () => number,
  ) {
    this.redisStore = new RedisStore(redis);
    this.local = new MemoryStore(now);
    // Handled here, so ioredis never prints its "Unhandled error event" for each reconnection attempt.
    redis.on('error', (err: Error) => this.lost(err));
    redis.on('close', () => {
      if (!this.closing) this.lost(new Error('connection to Redis closed'));
    });
    redis.on('ready', () => this.back());
  }

  /** Whether the counters in use are the shared ones in Redis (else this process's own). */
  get shared() {
    return !this.down && this.redis.status === 'ready';
  }

  private lost(err: Error) {
    this.retryAt = Date.now() + REDIS_RETRY_MS;
    if (this.down || this.closing) return;
    this.down = true;
    this.log.warn(
      { err },
      'Redis unreachable: rate limits count in each process alone until it answers again',
    );
  }
  private back() {
    this.retryAt = 0;
    if (!this.down) return;
    this.down = false;
    this.log.info('Redis answers again: rate limits are shared again');
  }

  private async run<T>(op: (store: LimiterStore) => Promise<T>): Promise<T> {
    if (this.redis.status !== 'ready' || Date.now() < this.retryAt) return op(this.local);
    try {
      const result = await op(this.redisStore);
      this.back();
      return result;
    } catch (err) {
      this.lost(err as Error);
      return op(this.local);
    }
  }
  peek(key: string) {
    return this.run((s) => s.peek(key));
  }
  hit(key: string, windowSeconds: number) {
    return this.run((s) => s.hit(key, windowSeconds));
  }
  release(key: string) {
    return this.run((s) => s.release(key));
  }
  reset(key: string) {
    // Both: a window counted here during an outage must not outlive a successful sign-in either.
    return this.run(async (s) => {
      await s.reset(key);
      if (s !== this.local) await this.local.reset(key);
    });
  }
  async close() {
    this.closing = true;
    await this.local.close();
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => this.redis.disconnect());
    else this.redis.disconnect();
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
    const redisUrl = app.config.redisUrl;
    const store = redisUrl
      ? new FailoverStore(limiterRedis(redisUrl), app.log, opts.now)
      : new MemoryStore(opts.now);
    if (store instanceof FailoverStore && app.hasDecorator('metrics')) {
      new Gauge({
        name: 'rate_limit_shared',
        help: '1 while the rate limits count in Redis, shared by every process; 0 while Redis is unreachable and this process counts alone',
        registers: [app.metrics.registry],
        collect() {
          this.set(store.shared ? 1 : 0);
        },
      });
    }
    app.decorate('limiter', new Limiter(store));
    app.addHook('onClose', () => store.close());
  },
  { name: 'rate-limit' },
);
