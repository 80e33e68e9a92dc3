import type { ByteRange } from '../../lib/storage.js';

/**
 * The one byte range of a `Range` header (RFC 9110): `bytes=a-b`, `bytes=a-`, `bytes=-n`. Undefined for no
 * header, another unit or several ranges (the whole file is sent then, which the RFC allows);
 * `unsatisfiable` when the range lies outside the file.
 */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
