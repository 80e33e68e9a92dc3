import { ZipArchive } from 'archiver';
import { createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';

/**
 * A ZIP written to a file as it is made (archiver): entries go in one at a time, each written out before the
 * next is opened, so only one entry's bytes are ever in memory, never the whole archive.
 */
export class ZipWriter {
  private readonly archive = new ZipArchive({ zlib: { level: 6 } });
  private readonly written: Promise<void>;
  private failure: Error | undefined;

  constructor(file: string) {
    const out = createWriteStream(file);
    this.written = new Promise<void>((resolve, reject) => {
      out.on('close', resolve);
      out.on('error', reject);
      this.archive.on('error', reject);
    });
    // Remembered for add() and finish(); never an unhandled rejection while nobody waits.
    this.written.catch((err: Error) => (this.failure = err));
    this.archive.pipe(out);
  }

  /** Adds one entry and resolves once it is in the archive. */
  add(name: string, source: Buffer | string | Readable): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise<void>((resolve, reject) => {
      const done = () => {
        this.archive.off('error', failed);
        resolve();
      };
      const failed = (err: Error) => {
        this.archive.off('entry', done);
        reject(err);
      };
      this.archive.once('entry', done);
      this.archive.once('error', failed);
      this.archive.append(source, { name, date: new Date() });
    });
  }

  /** Writes the archive's directory and resolves when the file is complete on disk. */
  async finish(): Promise<void> {
    await this.archive.finalize();
    await this.written;
  }

  /** Stops writing (a failed build); the caller removes the file. */
  abort() {
    this.archive.abort();
  }
}
