import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoot } from '../src/config.js';
import { rootClusterDir } from '../src/db/embedded.js';
import { DEMO_PASSWORD } from '../src/db/seed.js';
import { freePort } from './global-setup.js';

/** The built server, as `npm start` runs it, on an empty DATA_DIR inside a 0700 temp folder. */
let dataDir: string;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  execFileSync(process.execPath, ['build.mjs'], { cwd: apiRoot() });
  dataDir = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'rianroo-start-')), 'data');
  env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    EMBEDDED_PG_PORT: String(await freePort()),
    // The content service starts with it, as under npm start, on a port of its own.
    CMS_PORT: String(await freePort()),
    LOG_LEVEL: 'warn',
    // The demo videos the start queues are drawn once per machine (the browser tests share this cache).
    VIDEO_CACHE_DIR: path.join(apiRoot(), '..', '..', '.data', 'video-cache'),
  };
}, 60_000);

afterAll(async () => {
  await fs.rm(path.dirname(dataDir), { recursive: true, force: true });
  await fs.rm(rootClusterDir(dataDir), { recursive: true, force: true });
});

async function start(): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, [path.join(apiRoot(), 'dist', 'server.js')], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ready line within 90 s:\n${out}`)), 90_000);
    child.stdout!.on('data', () => {
      const m = /ready at (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited (${code}):\n${out}`)));
  });
  return { child, url, output: () => out };
}

async function stop(child: ChildProcess): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  return exited;
}

describe('start-up of the built server', () => {
  it('starts on an empty DATA_DIR, answers ready, stops cleanly, and starts again on the same data', async () => {
    const first = await start();
    expect(await (await fetch(`${first.url}/api/ready`)).json()).toEqual({ status: 'ready', database: 'up' });
    const login = await fetch(`${first.url}/api/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'learner@rianroo.dev',
        password: DEMO_PASSWORD,
        device: { id: 'startup-device-1', name: 'test' },
      }),
    });
    expect(login.status).toBe(200);
    expect(await stop(first.child)).toBe(0);
    expect(first.output()).toContain('stopped');

    const second = await start();
    expect((await fetch(`${second.url}/api/ready`)).status).toBe(200);
    // The session made before the restart is still there: the data was reused, not re-initialised.
    const { access_token } = (await login.json()) as { access_token: string };
    const me = await fetch(`${second.url}/api/auth`, {
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(me.status).toBe(200);
    expect(await stop(second.child)).toBe(0);

    // A new clone in the same place: DATA_DIR is gone but, as root, the old cluster is still in the temp folder.
    await fs.rm(dataDir, { recursive: true, force: true });
    const third = await start();
    expect((await fetch(`${third.url}/api/ready`)).status).toBe(200);
    const after = await fetch(`${third.url}/api/auth`, {
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(after.status).toBe(401); // a new, empty database: the old session does not exist there
    expect(await stop(third.child)).toBe(0);
  }, 240_000);
});
