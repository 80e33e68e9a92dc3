import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { freePort, stopChild, waitForLine } from './lib.js';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The built platform with its demo content, started on its own data folder (made afresh), on 127.0.0.1. */
export async function startPlatform(name: string) {
  const dataDir = path.join(root, '.data', name);
  rmSync(dataDir, { recursive: true, force: true });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const api = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      EMBEDDED_PG_PORT: String(await freePort()),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      SMTP_URL: 'smtp://127.0.0.1:1',
      VIDEO_CACHE_DIR: path.join(root, '.data', 'video-cache'),
    },
  });
  try {
    await waitForLine(api, /ready at/, 300_000);
  } catch (err) {
    await stopChild(api);
    throw err;
  }
  return { base, stop: () => stopChild(api) };
}

export const launchChromium = () =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'],
  });
