import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** An inclusive byte range of a stored object. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObject {
  size: number;
  modified: Date;
}

/**
 * Where media lives: keys are slash-separated relative paths ("videos/<id>/360p/seg_000.ts").
 * A local folder by default, S3-compatible storage when configured; callers never know which.
 */
export interface Storage {
  put(key: string, body: Buffer | string): Promise<void>;
  /** Copies a local file in (the transcoder writes to a temporary folder first). */
  putFile(key: string, file: string): Promise<void>;
  stat(key: string): Promise<StoredObject | undefined>;
  /** The object's bytes, or the given inclusive range of them. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  readAll(key: string): Promise<Buffer | undefined>;
  /** Removes every object whose key starts with the prefix. */
  removePrefix(prefix: string): Promise<void>;
}

const SAFE_KEY = /^(?!.*\.\.)[A-Za-z0-9][A-Za-z0-9._/-]*$/;

export function assertKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.includes('//')) throw new Error(`Unsafe storage key: ${key}`);
  return key;
}

export class LocalStorage implements Storage {
  constructor(private readonly root: string) {}

  private file(key: string) {
    return path.join(this.root, assertKey(key));
  }

  async put(key: string, body: Buffer | string) {
    const file = this.file(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
    await fs.writeFile(tmp, body);
    await fs.rename(tmp, file);
  }

  async putFile(key: string, source: string) {
    const file = this.file(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
    await fs.copyFile(source, tmp);
    await fs.rename(tmp, file);
  }

  async stat(key: string) {
    const s = await fs.stat(this.file(key)).catch(() => undefined);
    return s?.isFile() ? { size: s.size, modified: s.mtime } : undefined;
  }

  async read(key: string, range?: ByteRange) {
    return createReadStream(this.file(key), range ? { start: range.start, end: range.end } : {});
  }

  async readAll(key: string) {
    return fs.readFile(this.file(key)).catch(() => undefined);
  }

  async removePrefix(prefix: string) {
    await fs.rm(this.file(prefix.replace(/\/$/, '')), { recursive: true, force: true });
  }
}
