import { randomBytes, createHash } from 'node:crypto';

/** UUID version 7 (RFC 9562): 48-bit Unix milliseconds, then random bits. Sorts by creation time. */
export function uuidv7(now = Date.now()): string {
  const b = randomBytes(16);
  b.writeUIntBE(now, 0, 6);
  b[6] = (b[6]! & 0x0f) | 0x70;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** An unguessable opaque token (256 bits), URL-safe. */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** Tokens are stored as SHA-256: they are high-entropy, so a slow hash adds nothing. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
