import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoot } from '../src/config.js';
import { rootClusterDir } from '../src/db/embedded.js';
import { DEMO_PASSWORD } from '../src/startup/seed.js';
import { createDb, type Db } from '../src/db/client.js';
import { seedCatalogue } from './courses-fixture.js';
import { freePort } from './global-setup.js';
import { createTestDatabase, type TestApp } from './helpers.js';

/** The built server, as `npm start` runs it, on an empty DATA_DIR inside a 0700 temp folder. */
let dataDir: string;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  // npm test builds the platform once before its runners start (RIANROO_TEST_BUILT); run alone, build the API.
  if (process.env.RIANROO_TEST_BUILT !== '1')
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
    // A tenth of the warm-up npm start runs (lib/warm-up.ts, covered by warm.test.ts): these starts are many.
    WARM_UP_REQUESTS: '300',
    // The demo videos the start queues are drawn once per machine (the browser tests share this cache).
    VIDEO_CACHE_DIR: path.join(apiRoot(), '..', '..', '.data', 'video-cache'),
  };
}, 60_000);

afterAll(async () => {
  await fs.rm(path.dirname(dataDir), { recursive: true, force: true });
  await fs.rm(rootClusterDir(dataDir), { recursive: true, force: true });
});

async function start(
  over: NodeJS.ProcessEnv = {},
): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, [path.join(apiRoot(), 'dist', 'server.js')], {
    env: { ...env, ...over },
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

describe('start-up with a DATABASE_URL that cannot be reached', () => {
  it('stops with one line naming DATABASE_URL, its host, port and error code: no stack trace, no password', async () => {
    const port = await freePort(); // nothing listens there
    const child = spawn(process.execPath, [path.join(apiRoot(), 'dist', 'server.js')], {
      env: {
        ...env,
        DATABASE_URL: `postgres://app:s3cret-pw@127.0.0.1:${port}/rianroo`,
        CMS_ENABLED: 'false',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (out += d));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).not.toBe(0);
    expect(out.trim().split('\n')).toEqual([
      `[rianroo] failed to start: cannot connect to the database of DATABASE_URL at 127.0.0.1:${port}: connect ECONNREFUSED 127.0.0.1:${port}`,
    ]);
    expect(out).not.toContain('s3cret-pw');
  }, 60_000);
});

describe('a kill -9 under progress load', () => {
  it('loses no acknowledged save: every learner reads back at least the last position the server confirmed', async () => {
    const database = await createTestDatabase();
    const t = { db: createDb(database.url, 2) } as unknown as TestApp;
    const over = {
      DATABASE_URL: database.url,
      PORT: String(await freePort()),
      SEED_DEMO: 'false',
      CMS_ENABLED: 'false',
      REGISTER_MAX_PER_HOUR: '500',
    };
    let server = await start(over);
    try {
      const cat = await seedCatalogue(t);
      const episode = cat.freeEpisodes[0]!.id;
      const post = (url: string, body: unknown, token?: string) =>
        fetch(`${server.url}/api${url}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: JSON.stringify(body),
        });
      const learners = await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          const res = await post('/users', {
            email: `killed-${i}-${Date.now()}@example.com`,
            password: 'correct-horse-battery',
            firstName: 'ทดสอบ',
            lastName: 'ระบบ',
            acceptTerms: true,
            device: { id: `kill-device-${i}`, name: 'test' },
          });
          return ((await res.json()) as { access_token: string }).access_token;
        }),
      );
      // Each learner saves one position after another; what the server confirmed is noted.
      const confirmed = learners.map(() => 0);
      let acknowledged = 0;
      let killed = false;
      const watch = async (n: number) => {
        for (let second = 1; !killed; second++) {
          const res = await post(
            '/users/on-going-episode',
            { course_id: cat.free, episode_id: episode, last_second: second, episodeCompletionPercentage: 1 },
            learners[n],
          ).catch(() => undefined);
          if (res?.status !== 200) return;
          confirmed[n] = second;
          acknowledged++;
        }
      };
      const viewers = learners.map((_, n) => watch(n));
      while (acknowledged < 400) await new Promise((r) => setTimeout(r, 5));
      server.child.kill('SIGKILL');
      killed = true;
      await Promise.all(viewers);
      server = await start(over);
      for (const [n, token] of learners.entries()) {
        const res = await fetch(`${server.url}/api/users/on-going-episode?course=${cat.free}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        const [row] = (await res.json()) as { last_second: number }[];
        // A save in flight at the kill may or may not have landed: never less than the confirmed one.
        expect(row!.last_second).toBeGreaterThanOrEqual(confirmed[n]!);
        expect(row!.last_second).toBeLessThanOrEqual(confirmed[n]! + 1);
      }
    } finally {
      await stop(server.child);
      await (t.db as Db).$client.end();
      await database.drop();
    }
  }, 120_000);
});
