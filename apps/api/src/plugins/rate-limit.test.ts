import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors.js';
import { Limiter, MemoryStore } from './rate-limit.js';

describe('Limiter with the in-process store', () => {
  it('counts within a window, refuses over the limit with Retry-After, forgets after the window', async () => {
    const limiter = new Limiter(new MemoryStore());
    await limiter.consume('k', 2, 1);
    await limiter.consume('k', 2, 1);
    const err = await limiter.consume('k', 2, 1).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).statusCode).toBe(429);
    expect(Number((err as AppError).headers?.['retry-after'])).toBeGreaterThanOrEqual(1);
    await expect(limiter.check('k', 2)).rejects.toBeInstanceOf(AppError);
    await expect(limiter.check('other', 2)).resolves.toBeUndefined();
    await new Promise((r) => setTimeout(r, 1050));
    await expect(limiter.check('k', 2)).resolves.toBeUndefined();
    await limiter.store.close();
  });
});
