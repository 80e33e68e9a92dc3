import { randomInt } from 'node:crypto';
import { gzipSync } from 'node:zlib';

/** Entries of one Bitstring Status List: 131,072 bits (16 KB), the specification's minimum and default. */
export const STATUS_LIST_SIZE = 131_072;
/**
 * Certificates placed in one list before the next list opens: half of it, so a random free bit is found in a
 * few draws however full the list gets.
 */
export const STATUS_LIST_FILL = STATUS_LIST_SIZE / 2;

/** A random bit: the specification asks for random positions, so a position tells nothing of its time. */
export const randomStatusIndex = () => randomInt(STATUS_LIST_SIZE);

/**
 * The `encodedList` of a list whose `set` bits are revoked: the bitstring (index 0 is the left-most bit of the
 * first byte), GZIP-compressed, base64url without padding, with the Multibase prefix `u`.
 */
export function encodeStatusList(set: Iterable<number>): string {
  const bits = Buffer.alloc(STATUS_LIST_SIZE / 8);
  for (const i of set) {
    if (!Number.isInteger(i) || i < 0 || i >= STATUS_LIST_SIZE) throw new RangeError(`status index ${i}`);
    bits[i >> 3]! |= 0x80 >> (i & 7);
  }
  // mtime 0 (zlib's default header): the same bits always give the same text, so the ETag can follow it.
  return `u${gzipSync(bits).toString('base64url')}`;
}
