import { describe, expect, it } from 'vitest';
import { randomToken, sha256, uuidv7 } from './ids.js';
import { assertNewPassword } from './passwords.js';

describe('ids', () => {
  it('uuidv7 is a valid version-7 UUID that sorts by time', () => {
    const a = uuidv7(1_700_000_000_000);
    const b = uuidv7(1_700_000_000_001);
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a < b).toBe(true);
    expect(new Set(Array.from({ length: 1000 }, () => uuidv7())).size).toBe(1000);
  });

  it('tokens are long and random; hashes are stable', () => {
    expect(randomToken()).toHaveLength(43);
    expect(randomToken()).not.toBe(randomToken());
    expect(sha256('a')).toBe(sha256('a'));
  });

  it('refuses common and repeated passwords', () => {
    expect(() => assertNewPassword('Password123')).toThrow(/too common/);
    expect(() => assertNewPassword('aaaaaaaaaa')).toThrow(/too common/);
    expect(() => assertNewPassword('a-fine-passphrase', 'different')).toThrow(/do not match/);
    expect(() => assertNewPassword('a-fine-passphrase', 'a-fine-passphrase')).not.toThrow();
  });
});
