import fs from 'node:fs/promises';
import path from 'node:path';
import type { TranscodeResult } from './transcode.js';

/**
 * Moves a demo video drawn into `work` to its place `dir` in the video cache, and answers the result to use.
 * Another process sharing the cache (a second API process, the tests' servers) may have put the same video there
 * meanwhile and may be copying from it: its copy is kept and used, never removed under it. A folder there without
 * meta.json is an interrupted draw, and is replaced.
 */
export async function publishDrawn(
  work: string,
  dir: string,
  result: TranscodeResult,
): Promise<TranscodeResult> {
  for (let tries = 0; ; tries++) {
    try {
      await fs.rename(work, dir);
      return result;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if ((code !== 'ENOTEMPTY' && code !== 'EEXIST') || tries >= 2) throw err;
    }
    const theirs = await fs.readFile(path.join(dir, 'meta.json'), 'utf8').catch(() => undefined);
    if (theirs) {
      await fs.rm(work, { recursive: true, force: true });
      return JSON.parse(theirs) as TranscodeResult;
    }
    await fs.rm(dir, { recursive: true, force: true });
  }
}
