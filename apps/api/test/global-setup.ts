import path from 'node:path';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { TestProject } from 'vitest/node';
import { apiRoot } from '../src/config.js';
import { createDb, runMigrations } from '../src/db/client.js';
import { startEmbeddedPostgres, type EmbeddedPg } from '../src/db/embedded.js';
import { freePort } from '../src/lib/net.js';

export { freePort };

export const TEMPLATE = 'rianroo_template';

/**
 * One real PostgreSQL for the whole run (DATABASE_URL's server when set, else embedded), and a migrated
 * template database; each test file copies the template into a database of its own.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedPg | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    embedded = await startEmbeddedPostgres({
      // TEST_PG_DIR lets two runs on one machine (two checkouts, two people) keep apart.
      dataDir: process.env.TEST_PG_DIR ?? path.join(apiRoot(), '..', '..', '.data', 'test-pg'),
      port: await freePort(),
      unsafeFast: true,
    });
    adminUrl = embedded.url();
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE}`);
  const templateUrl = withDatabase(adminUrl, TEMPLATE);
  const db = createDb(templateUrl, 2);
  await runMigrations(db, path.join(apiRoot(), 'src', 'db', 'migrations'));
  await db.$client.end();
  // The job queue's schema too, so that each test app starts its queue quickly.
  const template = new pg.Client({ connectionString: templateUrl });
  await template.connect();
  await template.query(PgBoss.getConstructionPlans());
  await template.end();
  await admin.end();
  project.provide('pgAdminUrl', adminUrl);
  return async () => {
    await embedded?.stop();
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}
