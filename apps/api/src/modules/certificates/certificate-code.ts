import { CERTIFICATE_CODE_ALPHABET } from '@rianroo/contract';
import { randomInt } from 'node:crypto';

export const CODE_LENGTH = 12;

/** A random public code: 12 of 31 characters (about 59 bits), never sequential, no look-alike characters. */
export function certificateCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) {
    code += CERTIFICATE_CODE_ALPHABET[randomInt(CERTIFICATE_CODE_ALPHABET.length)];
  }
  return code;
}

/** The name on a certificate: the profile's first and last name, else its display name, else the address. */
export const nameOnCertificate = (u: {
  firstName: string;
  lastName: string;
  displayName: string | null;
  email: string;
}) => `${u.firstName} ${u.lastName}`.trim() || u.displayName?.trim() || u.email.split('@')[0]!;
