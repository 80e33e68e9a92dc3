import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';

/** The keyword of the iTXt chunk that carries a baked Open Badges 3.0 credential (the compact JWT). */
export const BAKED_KEYWORD = 'openbadgecredential';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC-32 of PNG chunks (ISO 3309, as in the PNG specification's sample code). */
export function crc32(buf: Buffer) {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** An uncompressed international text chunk: keyword, no language, no translated keyword, UTF-8 text. */
function iTXt(keyword: string, text: string) {
  return chunk(
    'iTXt',
    Buffer.concat([Buffer.from(`${keyword}\0\0\0\0\0`, 'latin1'), Buffer.from(text, 'utf8')]),
  );
}

const SIZE = 256;
type Rgb = [number, number, number];

/** The badge's two colours, from the course id: each course has its own, always the same. */
function colours(seed: string): { main: Rgb; light: Rgb } {
  const h = createHash('sha256').update(seed).digest();
  const hue = (h[0]! / 255) * 360;
  const hsl = (l: number): Rgb => {
    const s = 0.55;
    const a = s * Math.min(l, 1 - l);
    const f = (n: number) => {
      const k = (n + hue / 30) % 12;
      return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
    };
    return [f(0), f(8), f(4)];
  };
  return { main: hsl(0.35), light: hsl(0.9) };
}

/** Distance from point p to the segment a-b. */
function toSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - ax - t * dx, py - ay - t * dy);
}

/** A rosette: two ribbon tails, a coloured ring, a light face and a check mark; transparent around it. */
function pixel(x: number, y: number, c: { main: Rgb; light: Rgb }): [...Rgb, number] {
  const cx = SIZE / 2;
  const cy = 108;
  const r = Math.hypot(x - cx, y - cy);
  const white: Rgb = [255, 255, 255];
  if (r <= 92) {
    if (r > 80) return [...c.main, 255];
    if (r > 74) return [...white, 255];
    const check = Math.min(toSegment(x, y, 88, 110, 116, 138), toSegment(x, y, 116, 138, 170, 82));
    return check < 9 ? [...c.main, 255] : [...c.light, 255];
  }
  // Tails: two slanted bands below the ring, cut with a notch.
  const inTail = (x0: number, dir: number) => {
    const u = (x - x0 - dir * (y - 170) * 0.35) * dir;
    return y > 160 && y < 246 && u > -22 && u < 22 && !(y > 226 && Math.abs(u) < 246 - y);
  };
  if (inTail(cx - 34, -1) || inTail(cx + 34, 1)) return [...c.main, 255];
  return [0, 0, 0, 0];
}

/** A PNG badge of a course with the compact JWT baked in (Open Badges 3.0, section "Baking"). */
export function bakedBadgePng(courseId: string, jwt: string): Buffer {
  const c = colours(courseId);
  const raw = Buffer.alloc((SIZE * 4 + 1) * SIZE);
  for (let y = 0; y < SIZE; y++) {
    const row = y * (SIZE * 4 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < SIZE; x++) Buffer.from(pixel(x, y, c)).copy(raw, row + 1 + x * 4);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(SIZE, 0);
  ihdr.writeUInt32BE(SIZE, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, adaptive filtering, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    iTXt(BAKED_KEYWORD, jwt),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
