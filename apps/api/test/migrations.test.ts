import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { expect, inject, it } from 'vitest';
import { apiRoot } from '../src/config.js';
import { createDb, runMigrations } from '../src/db/client.js';
import { withDatabase } from './global-setup.js';

it('four processes starting at once on an empty database migrate it once, none failing', async () => {
  const adminUrl = inject('pgAdminUrl');
  const name = `m_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const dbs = Array.from({ length: 4 }, () => createDb(withDatabase(adminUrl, name), 3));
  try {
    const folder = path.join(apiRoot(), 'src', 'db', 'migrations');
    const results = await Promise.allSettled(dbs.map((db) => runMigrations(db, folder)));
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual([
      'ok',
      'ok',
      'ok',
      'ok',
    ]);
    const { rows } = await dbs[0]!.$client.query<{ n: number }>(
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    );
    const journal = (await import(path.join(folder, 'meta', '_journal.json'), { with: { type: 'json' } }))
      .default as {
      entries: unknown[];
    };
    expect(rows[0]!.n).toBe(journal.entries.length);
  } finally {
    await Promise.all(dbs.map((db) => db.$client.end()));
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
});
