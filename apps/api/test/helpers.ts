import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { createDb, type Db } from '../src/db/client.js';
import { createTestDatabase } from './test-database.js';

export { createTestDatabase };

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  databaseUrl: string;
  close(): Promise<void>;
}

/** An app on a fresh database; or, with `shareDatabaseOf`, a second API process on another app's database. */
export async function createTestApp(
  env: Record<string, string> = {},
  shareDatabaseOf?: TestApp,
  deps: Pick<AppDeps, 'limiterClock' | 'logStream'> = {},
): Promise<TestApp> {
  const database = shareDatabaseOf
    ? { url: shareDatabaseOf.databaseUrl, drop: async () => {} }
    : await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: database.url,
    DATA_DIR: path.join(os.tmpdir(), `rianroo-test-${randomBytes(4).toString('hex')}`),
    PUBLIC_URL: 'http://rianroo.test',
    ...env,
  });
  const db = createDb(database.url, 5);
  const app = await buildApp(config, { db, databaseUrl: database.url, ...deps });
  await app.ready();
  return {
    app,
    db,
    config,
    databaseUrl: database.url,
    close: async () => {
      await app.close();
      await db.$client.end();
      await database.drop();
      await rm(config.dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
export const uniqueEmail = (tag = 'user') =>
  `${tag}.${Date.now().toString(36)}${(counter++).toString(36)}@example.com`;
export const device = (n: number | string = 1) => ({
  id: `device-${n}-${randomBytes(4).toString('hex')}`,
  name: `Test browser ${n}`,
});
export const PASSWORD = 'correct-horse-battery';

/** The settings a production app needs to start in a test (real-looking secrets, no content service). */
export const PRODUCTION_SETTINGS = {
  NODE_ENV: 'production',
  JWT_SECRET: 'a-real-production-secret-of-enough-length-1234',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  PUBLIC_URL: 'https://rianroo.example',
  SANDBOX_PAYMENTS_IN_PRODUCTION: 'true',
  CMS_ENABLED: 'false',
};

/** Login limits small enough for a test to reach: 3 failures an account, 6 an address, in 15 minutes. */
export const SMALL_LOGIN_LIMITS = {
  LOGIN_MAX_FAILURES_ACCOUNT: '3',
  LOGIN_ACCOUNT_WINDOW_SECONDS: '900',
  LOGIN_MAX_FAILURES_IP: '6',
  LOGIN_IP_WINDOW_SECONDS: '900',
};

/** Registers a learner through the API and answers the login answer plus the password used. */
export async function register(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
  /** The address signing up (welcome mails are limited per address). */
  remoteAddress?: string,
) {
  const body = {
    email: uniqueEmail(),
    password: PASSWORD,
    firstName: 'ทดสอบ',
    lastName: 'ระบบ',
    acceptTerms: true,
    device: device(),
    ...overrides,
  };
  const res = await app.inject({ method: 'POST', url: '/api/users', payload: body, remoteAddress });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const json = res.json() as {
    access_token: string;
    refresh_token: string;
    user: { id: string; email: string };
  };
  return {
    ...json,
    email: body.email as string,
    password: body.password as string,
    device: body.device as { id: string; name: string },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * The names of the named statements sent on a pool (the hot paths name theirs: `sessions_live`,
 * `progress_upsert_many`…) from now until `stop()`.
 */
export function namedStatements(db: Db) {
  const names: string[] = [];
  const pool = db.$client;
  const query = pool.query;
  pool.query = ((q: { name?: string }, ...rest: unknown[]) => {
    if (q?.name) names.push(q.name);
    return (query as (...a: unknown[]) => unknown).call(pool, q, ...rest);
  }) as typeof query;
  return { names, stop: () => void (pool.query = query) };
}
