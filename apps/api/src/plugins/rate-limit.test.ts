import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../lib/errors.js';
import { Limiter, MemoryStore } from './rate-limit.js';

const clock = () => {
  let t = 1_700_000_000_000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
};

describe('Limiter with the in-process store', () => {
  it('counts within a window, refuses over the limit with Retry-After, forgets after the window', async () => {
    const c = clock();
    const limiter = new Limiter(new MemoryStore(c.now));
    await limiter.consume('k', 2, 10);
    await limiter.consume('k', 2, 10);
    const err = await limiter.consume('k', 2, 10).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).statusCode).toBe(429);
    expect((err as AppError).headers?.['retry-after']).toBe('10');
    await expect(limiter.consume('other', 2, 10)).resolves.toBeUndefined();
    c.advance(9_000);
    await expect(limiter.consume('k', 2, 10)).rejects.toBeInstanceOf(AppError);
    c.advance(1_000);
    await expect(limiter.consume('k', 2, 10)).resolves.toBeUndefined();
    await limiter.store.close();
  });

  it('reserves before the work: of 200 attempts at once no more than the limit get through', async () => {
    const limiter = new Limiter(new MemoryStore(clock().now));
    const keys = [
      { key: 'ip', max: 30, windowSeconds: 60 },
      { key: 'pair', max: 10, windowSeconds: 60 },
    ];
    const results = await Promise.allSettled(Array.from({ length: 200 }, () => limiter.reserve(keys)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    // Refused attempts gave their reservation on the first key back.
    expect((await limiter.store.peek('ip')).count).toBe(10);
    await limiter.store.close();
  });

  it('a reset forgets the key at once', async () => {
    const limiter = new Limiter(new MemoryStore(clock().now));
    await limiter.consume('k', 1, 60);
    await expect(limiter.consume('k', 1, 60)).rejects.toBeInstanceOf(AppError);
    await limiter.reset('k');
    await expect(limiter.consume('k', 1, 60)).resolves.toBeUndefined();
    expect((await limiter.store.peek('k')).count).toBe(1);
    await limiter.store.close();
  });

  it('a released reservation makes room for one more, and only for one', async () => {
    const limiter = new Limiter(new MemoryStore(clock().now));
    const key = [{ key: 'k', max: 2, windowSeconds: 60 }];
    const first = await limiter.reserve(key);
    await limiter.reserve(key);
    await expect(limiter.reserve(key)).rejects.toBeInstanceOf(AppError);
    await first.release();
    await limiter.reserve(key);
    await expect(limiter.reserve(key)).rejects.toBeInstanceOf(AppError);
    await limiter.store.close();
  });

  it('peeks at a window: its count and the whole seconds left, nothing for an unknown key', async () => {
    const c = clock();
    const store = new MemoryStore(c.now);
    expect(await store.peek('k')).toEqual({ count: 0, retryAfter: 0 });
    await store.hit('k', 10);
    c.advance(2_500);
    expect(await store.peek('k')).toEqual({ count: 1, retryAfter: 8 });
    await store.close();
  });

  it('a release never goes below zero, and releasing an unknown key does nothing', async () => {
    const store = new MemoryStore(clock().now);
    await store.release('nothing');
    expect(await store.peek('nothing')).toEqual({ count: 0, retryAfter: 0 });
    await store.hit('k', 60);
    await store.release('k');
    await store.release('k');
    expect((await store.peek('k')).count).toBe(0);
    expect((await store.hit('k', 60)).count).toBe(1);
    await store.close();
  });

  it('refuses in the one error shape with its message', async () => {
    const limiter = new Limiter(new MemoryStore(clock().now));
    await expect(limiter.consume('k', 0, 60)).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      statusCode: 429,
      message: 'Too many attempts; please wait and try again',
    });
    await limiter.store.close();
  });
});

describe('the in-process store over time', () => {
  afterEach(() => vi.useRealTimers());

  it('its minutely sweep keeps live windows, and closing it stops its timer', async () => {
    vi.useFakeTimers();
    const c = clock();
    const store = new MemoryStore(c.now);
    expect(vi.getTimerCount()).toBe(1);
    await store.hit('live', 600);
    c.advance(60_000);
    vi.advanceTimersByTime(60_000);
    expect(await store.peek('live')).toEqual({ count: 1, retryAfter: 540 });
    await store.close();
    expect(vi.getTimerCount()).toBe(0);
  });
});
