import { spawn, spawnSync } from 'node:child_process';
import { accessSync, chmodSync, constants, statSync } from 'node:fs';
import { createRequire } from 'node:module';

let found: string | undefined;

/**
 * The ffmpeg to use: FFMPEG_PATH, else the system's, else the static build from npm
 * (`@ffmpeg-installer/ffmpeg`, ffmpeg 4.1: enough for H.264/AAC HLS, drawtext included).
 */
export function ffmpegPath(configured: string | null): string {
  if (configured) return configured;
  if (found) return found;
  const system = spawnSync('ffmpeg', ['-hide_banner', '-version'], { stdio: 'ignore' });
  if (system.status === 0) return (found = 'ffmpeg');
  const require = createRequire(import.meta.url);
  const { path } = require('@ffmpeg-installer/ffmpeg') as { path: string };
  try {
    accessSync(path, constants.X_OK);
  } catch {
    // npm may skip the package's postinstall chmod (install scripts not allowed): do it here.
    chmodSync(path, statSync(path).mode | 0o755);
  }
  return (found = path);
}

/** A source that is not a video ffmpeg can read: trying again will not help. */
export class UnreadableSource extends Error {}

const TIME = /time=(\d+):(\d+):(\d+(?:\.\d+)?)/g;

/**
 * Runs ffmpeg; resolves with stderr, rejects with its last lines when it fails. `onTime` hears the media
 * time ffmpeg has reached (its `time=` progress lines), in seconds.
 */
export function runFfmpeg(
  bin: string,
  args: string[],
  signal?: AbortSignal,
  onTime?: (seconds: number) => void,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, ['-hide_banner', '-nostdin', ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
      signal,
    });
    let err = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (d: string) => {
      err = (err + d).slice(-20_000);
      if (!onTime) return;
      let last: RegExpExecArray | undefined;
      for (const m of d.matchAll(TIME)) last = m;
      if (last) onTime(Number(last[1]) * 3600 + Number(last[2]) * 60 + Number(last[3]));
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(err);
      else
        reject(
          Object.assign(
            new Error(`ffmpeg exited with ${code}: ${err.trim().split('\n').slice(-5).join(' | ')}`),
            {
              stderr: err,
            },
          ),
        );
    });
  });
}

export interface SourceInfo {
  width: number;
  height: number;
  hasAudio: boolean;
  durationSeconds: number | null;
}

/** What ffmpeg says about a source file (it prints the streams, then complains there is no output). */
export async function probe(bin: string, file: string): Promise<SourceInfo> {
  const text = await runFfmpeg(bin, ['-i', file]).catch((e: Error & { stderr?: string }) => e.stderr ?? '');
  const video = /Stream #\d+:\d+.*?: Video: .*?, (\d{2,5})x(\d{2,5})/.exec(text);
  if (!video) throw new UnreadableSource('The file has no video stream ffmpeg can read');
  const d = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(text);
  return {
    width: Number(video[1]),
    height: Number(video[2]),
    hasAudio: /Stream #\d+:\d+.*?: Audio: /.test(text),
    durationSeconds: d ? Number(d[1]) * 3600 + Number(d[2]) * 60 + Number(d[3]) : null,
  };
}
