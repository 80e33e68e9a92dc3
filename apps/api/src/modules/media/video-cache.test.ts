import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TranscodeResult } from './transcode.js';
import { publishDrawn } from './video-cache.js';

const mine: TranscodeResult = { durationSeconds: 10, renditions: [], hasPoster: true, captions: [] };
const theirs: TranscodeResult = { durationSeconds: 11, renditions: [], hasPoster: false, captions: [] };

let root: string;
let work: string;
let dir: string;
beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'rianroo-video-cache-'));
  work = path.join(root, 'key.tmp-1');
  dir = path.join(root, 'key');
  await fs.mkdir(work);
  await fs.writeFile(path.join(work, 'meta.json'), JSON.stringify(mine));
  await fs.writeFile(path.join(work, 'index.m3u8'), 'mine');
});
afterEach(() => fs.rm(root, { recursive: true, force: true }));

describe('a drawn demo video put into the shared cache', () => {
  it('takes its place when the cache has none', async () => {
    expect(await publishDrawn(work, dir, mine)).toEqual(mine);
    expect(await fs.readFile(path.join(dir, 'index.m3u8'), 'utf8')).toBe('mine');
    await expect(fs.access(work)).rejects.toThrow();
  });

  it("keeps another process's finished copy, which it may be reading, and uses it", async () => {
    await fs.mkdir(dir);
    await fs.writeFile(path.join(dir, 'meta.json'), JSON.stringify(theirs));
    await fs.writeFile(path.join(dir, 'index.m3u8'), 'theirs');
    const before = (await fs.stat(path.join(dir, 'index.m3u8'))).ino;
    expect(await publishDrawn(work, dir, mine)).toEqual(theirs);
    expect(await fs.readFile(path.join(dir, 'index.m3u8'), 'utf8')).toBe('theirs');
    expect((await fs.stat(path.join(dir, 'index.m3u8'))).ino).toBe(before);
    await expect(fs.access(work)).rejects.toThrow();
  });

  it('replaces an interrupted draw (a folder without meta.json)', async () => {
    await fs.mkdir(dir);
    await fs.writeFile(path.join(dir, 'index.m3u8'), 'half');
    expect(await publishDrawn(work, dir, mine)).toEqual(mine);
    expect(await fs.readFile(path.join(dir, 'index.m3u8'), 'utf8')).toBe('mine');
  });
});
