import { hash, verify, type Options } from '@node-rs/argon2';
import { AppError } from './errors.js';

/** Set by `npm run mutation` (scripts/mutation.mjs) only: see argon2Options. */
export const CHEAP_HASH_ENV = 'RIANROO_MUTATION_CHEAP_HASH';

/**
 * Argon2id at OWASP's 19 MiB, two passes. Mutation runs hash thousands of passwords and set CHEAP_HASH_ENV
 * for the lowest cost (8 KiB, one pass); production refuses to start with it, so it cannot weaken real hashes.
 * (algorithm 2 is Argon2id: a const enum in the typings, which isolated modules cannot read.)
 */
// eslint-disable-next-line no-restricted-syntax -- a switch of the mutation harness, not a platform setting
export function argon2Options(env: NodeJS.ProcessEnv = process.env): Options {
  const cheap = env[CHEAP_HASH_ENV] === '1';
  if (cheap && env.NODE_ENV === 'production') {
    throw new Error(`${CHEAP_HASH_ENV} is for mutation testing only and is refused in production`);
  }
  return {
    algorithm: 2 as Options['algorithm'],
    memoryCost: cheap ? 8 : 19456,
    timeCost: cheap ? 1 : 2,
    parallelism: 1,
  };
}

const options = argon2Options();

export const hashPassword = (password: string) => hash(password, options);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check, so response times do not reveal which e-mails exist. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-just-for-timing');
  await verifyPassword(await dummyHash, password);
}

// The most common passwords of public breach corpora; a learner account protected by one of these is
// as good as open. Compared case-insensitively.
const COMMON = new Set(
  `123456 123456789 12345678 password qwerty123 qwerty 111111 12345 123123 1234567 1234567890 000000 abc123
  password1 iloveyou 1q2w3e4r 1q2w3e4r5t qwertyuiop 123321 654321 666666 987654321 123qwe 112233 121212
  dragon monkey 11111111 88888888 00000000 12341234 qwerty12 1qaz2wsx zaq12wsx passw0rd p@ssw0rd p@ssword
  password123 password12 admin123 administrator welcome welcome1 letmein sunshine princess football baseball
  superman batman trustno1 master shadow michael jennifer 1234qwer asdfghjk asdfasdf qazwsxedc 147258369
  123654789 5201314 7777777 77777777 99999999 11223344 12344321 abcd1234 abcdefg abcdefgh aa123456
  a1234567 a12345678 iloveyou1 lovelove loveyou123 changeme changeme1 secret123 test1234 testtest
  computer internet starwars whatever freedom qwer1234 asd12345 zxcvbnm zxcvbnm1 q1w2e3r4 1qazxsw2
  rianroo rianroo123 learning thailand thailand1 bangkok bangkok1 12345678910 0123456789 987654321a`
    .split(/\s+/)
    .filter(Boolean),
);

/** Throws 400 when the new password is too weak or the confirmation differs. */
export function assertNewPassword(password: string, confirmation?: string): void {
  if (confirmation !== undefined && password !== confirmation) {
    throw new AppError('PASSWORD_MISMATCH', 400, 'Passwords do not match', [
      { path: 'passwordConfirmation', message: 'Passwords do not match' },
    ]);
  }
  if (COMMON.has(password.toLowerCase()) || /^(.)\1+$/.test(password)) {
    throw new AppError('WEAK_PASSWORD', 400, 'This password is too common; choose another', [
      { path: 'password', message: 'This password is too common; choose another' },
    ]);
  }
}
