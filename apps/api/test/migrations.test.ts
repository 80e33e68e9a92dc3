import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { expect, inject, it } from 'vitest';
import { apiRoot } from '../src/config.js';
import { createDb, runMigrations } from '../src/db/client.js';
import { retentionOf } from '../src/modules/analytics/retention.repo.js';
import { withDatabase } from './global-setup.js';

const folder = path.join(apiRoot(), 'src', 'db', 'migrations');

/** An empty database of its own for the test (no migrations run), dropped after it. */
async function emptyDatabase<T>(test: (url: string) => Promise<T>) {
  const adminUrl = inject('pgAdminUrl');
  const name = `m_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    return await test(withDatabase(adminUrl, name));
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

it('four processes starting at once on an empty database migrate it once, none failing', () =>
  emptyDatabase(async (url) => {
    const dbs = Array.from({ length: 4 }, () => createDb(url, 3));
    try {
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
    }
  }));

it('the retention counts kept before 0019 become changes that give the very same curve', () =>
  emptyDatabase(async (url) => {
    const db = createDb(url, 2);
    // The migrations up to 0018 alone: the database as the previous version left it.
    const before = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
    try {
      fs.cpSync(folder, before, { recursive: true });
      const journalFile = path.join(before, 'meta', '_journal.json');
      const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
      journal.entries = journal.entries.filter((e) => e.tag < '0019');
      fs.writeFileSync(journalFile, JSON.stringify(journal));
      await runMigrations(db, before);
      const { rows } = await db.$client.query<{ id: string }>(
        `with c as (insert into courses (id, slug, title, status) values (gen_random_uuid(), 'm-' || gen_random_uuid(), 'm', 'draft') returning id)
       insert into episodes (id, course_id, sort, title, duration_seconds) select gen_random_uuid(), id, 1, 'e', 12 from c returning id`,
      );
      const episode = rows[0]!.id;
      // Counts per second as the old job kept them: 4 4 2 2 2, nothing at 5 and 6, 1 1, then 3 at the last second.
      const counts: [number, number][] = [
        [0, 4],
        [1, 4],
        [2, 2],
        [3, 2],
        [4, 2],
        [7, 1],
        [8, 1],
        [11, 3],
      ];
      for (const [second, viewers] of counts)
        await db.$client.query(
          'insert into episode_retention (episode_id, second, viewers) values ($1, $2, $3)',
          [episode, second, viewers],
        );
      await runMigrations(db, folder);
      const curve = await retentionOf(db, episode);
      expect(curve!.seconds).toEqual(counts.map(([s]) => s));
      expect(curve!.counts).toEqual(counts.map(([, n]) => n));
      // Changes only where the count changes: +4, -2, -2, +1, -1, +3, -3.
      const steps = await db.$client.query<{ second: number; change: number }>(
        'select second, change from episode_retention_steps where episode_id = $1 order by second',
        [episode],
      );
      expect(steps.rows).toEqual([
        { second: 0, change: 4 },
        { second: 2, change: -2 },
        { second: 5, change: -2 },
        { second: 7, change: 1 },
        { second: 9, change: -1 },
        { second: 11, change: 3 },
        { second: 12, change: -3 },
      ]);
    } finally {
      fs.rmSync(before, { recursive: true, force: true });
      await db.$client.end();
    }
  }));
