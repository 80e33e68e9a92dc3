import { describe, expect, it } from 'vitest';
import { argon2Options, CHEAP_HASH_ENV, hashPassword, verifyPassword } from './passwords.js';

describe('password hashing', () => {
  it('hashes with Argon2id at 19 MiB and two passes', async () => {
    const hash = await hashPassword('correct-horse-battery');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'correct-horse-battery')).toBe(true);
    expect(await verifyPassword(hash, 'correct-horse-batterY')).toBe(false);
  });

  it('keeps the full cost unless the mutation-only variable is exactly 1', () => {
    for (const env of [{}, { NODE_ENV: 'test' }, { [CHEAP_HASH_ENV]: 'true' }, { [CHEAP_HASH_ENV]: '0' }]) {
      expect(argon2Options(env)).toEqual({ algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });
    }
  });

  it('lowers the cost for mutation runs, outside production', () => {
    expect(argon2Options({ NODE_ENV: 'test', [CHEAP_HASH_ENV]: '1' })).toEqual({
      algorithm: 2,
      memoryCost: 8,
      timeCost: 1,
      parallelism: 1,
    });
  });

  it('refuses the mutation-only cheap hash in production', () => {
    expect(() => argon2Options({ NODE_ENV: 'production', [CHEAP_HASH_ENV]: '1' })).toThrow(
      'RIANROO_MUTATION_CHEAP_HASH is for mutation testing only and is refused in production',
    );
    expect(argon2Options({ NODE_ENV: 'production' }).memoryCost).toBe(19456);
  });
});
