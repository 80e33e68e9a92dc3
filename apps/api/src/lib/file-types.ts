/**
 * Media types told by their first bytes (magic numbers), never by the name or the declared type.
 * `HEAD_BYTES` is how many bytes the checks need.
 */
export const HEAD_BYTES = 189;

const ascii = (b: Buffer, at: number, s: string) => b.subarray(at, at + s.length).toString('latin1') === s;

/** A video container ffmpeg reads: MP4/MOV/3GP (ftyp), Matroska/WebM, AVI, MPEG-PS, MPEG-TS, FLV. */
export function videoContainer(head: Buffer): string | null {
  if (head.length >= 8 && ascii(head, 4, 'ftyp')) return 'mp4';
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return 'matroska';
  if (head.length >= 12 && ascii(head, 0, 'RIFF') && ascii(head, 8, 'AVI ')) return 'avi';
  if (head.length >= 4 && head.readUInt32BE(0) === 0x000001ba) return 'mpeg';
  if (head.length >= 3 && ascii(head, 0, 'FLV')) return 'flv';
  // MPEG-TS: a sync byte at the start of two 188-byte packets ('G' alone would let a GIF through).
  if (head.length >= 189 && head[0] === 0x47 && head[188] === 0x47) return 'mpegts';
  return null;
}

/** A cover image: JPEG, PNG or WebP, with the extension it is stored under. */
export function imageType(head: Buffer): { ext: 'jpg' | 'png' | 'webp'; mime: string } | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff)
    return { ext: 'jpg', mime: 'image/jpeg' };
  if (head.length >= 8 && head.readUInt32BE(0) === 0x89504e47 && head.readUInt32BE(4) === 0x0d0a1a0a)
    return { ext: 'png', mime: 'image/png' };
  if (head.length >= 12 && ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP'))
    return { ext: 'webp', mime: 'image/webp' };
  return null;
}
