// npm run bench: starts what it needs (PostgreSQL, the built API, the bare baseline) and measures.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { apiRoot, loadConfig } from '../apps/api/src/config.js';
import { openDatabase } from '../apps/api/src/db/bootstrap.js';
import { users, sessions } from '../apps/api/src/db/schema.js';
import { hashPassword } from '../apps/api/src/lib/passwords.js';
import { USER_BY_ID as USER_SQL } from '../apps/api/src/modules/users/users.repo.js';
import { uuidv7 } from '../apps/api/src/lib/ids.js';
import { TokenSigner } from '../apps/api/src/lib/tokens.js';
import {
  cpuSeconds,
  fmt,
  freePort,
  postgresCpu,
  load,
  startBaseline,
  startNode,
  stopChild,
  waitForLine,
  type Figures,
} from './lib.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const USERS = 2_000;
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';

/** Builds the web app and reads the first-page JavaScript size from its bundle report. */
function webBundle() {
  const root = path.join(here, '..');
  execFileSync('npm', ['run', 'build', '-w', 'apps/web', '--silent'], { cwd: root, stdio: 'ignore' });
  const report = execFileSync('npm', ['run', 'bundle-report', '-w', 'apps/web', '--silent'], {
    cwd: root,
  }).toString();
  console.log(`\nweb, first page:\n${report.trim()}`);
  const kb = Number(/first-page JavaScript: ([\d.]+) KB/.exec(report)?.[1]);
  return { gzipKb: kb, budgetKb: 150, pass: kb <= 150 };
}

async function main() {
  const dataDir = path.join(here, '..', '.data', 'bench');
  const config = loadConfig({
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(await freePort()),
    LOG_LEVEL: 'silent',
  });
  const database = await openDatabase(config, (l) => console.log(`[bench] ${l}`));
  const results: Record<string, unknown> = {
    date: new Date().toISOString(),
    seconds: SECONDS,
    connections: CONNECTIONS,
  };
  try {
    // Learners with a live session each, written straight to the database (hashing 2,000 passwords is not the point).
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query('truncate users cascade');
    await client.end();
    const hash = await hashPassword('bench-password-1');
    const signer = new TokenSigner(JWT_SECRET, 3600);
    const tokens: string[] = [];
    const now = Date.now();
    for (let i = 0; i < USERS; i += 500) {
      const batch = Array.from({ length: Math.min(500, USERS - i) }, (_, k) => ({
        user: {
          id: uuidv7(),
          email: `bench${i + k}@example.com`,
          passwordHash: hash,
          firstName: 'เบนช์',
          lastName: `${i + k}`,
        },
        sessionId: uuidv7(),
      }));
      await database.db.insert(users).values(batch.map((b) => b.user));
      await database.db.insert(sessions).values(
        batch.map((b) => ({
          id: b.sessionId,
          userId: b.user.id,
          deviceId: `bench-device-${b.user.id}`,
          deviceName: 'bench',
          expiresAt: new Date(now + 86_400_000),
          absoluteExpiresAt: new Date(now + 86_400_000),
        })),
      );
      for (const b of batch) tokens.push(await signer.signAccess({ sub: b.user.id, sid: b.sessionId }));
    }
    const headerSets = tokens.map((t) => ({ authorization: `Bearer ${t}` }));
    const getMe = { method: 'GET' as const, path: '/api/auth' };

    execFileSync(process.execPath, ['build.mjs'], { cwd: apiRoot() });
    const apiPort = await freePort();
    const api = startNode(
      path.join(apiRoot(), 'dist', 'server.js'),
      process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [],
      {
        PATH: process.env.PATH,
        DATABASE_URL: database.url,
        PORT: String(apiPort),
        JWT_SECRET,
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'false',
        NODE_ENV: 'production',
        SMTP_URL: 'smtp://127.0.0.1:1',
        PUBLIC_URL: 'http://127.0.0.1',
      },
    );
    await waitForLine(api, /ready at/);
    const basePort = await freePort();
    const baseline = await startBaseline(path.join(here, 'baseline-server.mjs'), {
      DATABASE_URL: database.url,
      PORT: String(basePort),
      POOL_MAX: '20',
      USER_SQL,
    });

    const measure = async (name: string, port: number, pid: number): Promise<Figures> => {
      await load(`http://127.0.0.1:${port}`, getMe, headerSets, 2, CONNECTIONS); // warm-up
      const pg0 = postgresCpu();
      const srv0 = cpuSeconds((_c, p) => p === pid);
      const f = await load(`http://127.0.0.1:${port}`, getMe, headerSets, SECONDS, CONNECTIONS);
      const total = f.rps * SECONDS;
      const perReq = (s: number) => `${Math.round((s * 1e6) / total)} µs`;
      const cpu = `server CPU ${perReq(cpuSeconds((_c, p) => p === pid) - srv0)}/req, PostgreSQL CPU ${perReq(postgresCpu() - pg0)}/req`;
      console.log(`  ${name.padEnd(28)} ${fmt(f)}\n  ${''.padEnd(28)} ${cpu}`);
      return f;
    };
    console.log(`\nGET /api/auth (token check + user load), ${CONNECTIONS} connections, ${SECONDS} s each`);
    const base = await measure('baseline node:http + pg', basePort, baseline.pid!);
    const ours = await measure('API (Fastify)', apiPort, api.pid!);
    const ratio = ours.rps / base.rps;
    console.log(`  ratio API / baseline: ${(ratio * 100).toFixed(1)}% (target at least 60%)`);
    results.authMe = {
      baseline: base,
      api: ours,
      ratio: Number(ratio.toFixed(3)),
      target: 0.6,
      pass: ratio >= 0.6,
    };
    await stopChild(api);
    await stopChild(baseline);
  } finally {
    await database.close();
  }
  results.webFirstPage = webBundle();
  await fs.mkdir(path.join(here, 'results'), { recursive: true });
  await fs.writeFile(path.join(here, 'results', 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log('\nresults written to bench/results/latest.json');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
