// npx tsx bench/statement.ts: the progress save's statement alone (PROGRESS_UPSERT_MANY), on the bench's database,
// from four connections in batches of 25 (what the API's ProgressWriter sends under load), with and without
// played ranges, six rounds each in turn: PostgreSQL's CPU a save (every PostgreSQL process, background ones
// included), saves a second, and how many of the row updates were HOT (in place, no index entries).
import pg from 'pg';
import { PROGRESS_UPSERT_MANY } from '../apps/api/src/modules/courses/progress.repo.js';
import { ensureLibraryData, learners } from './data.js';
import { openBenchDatabase, postgresCpu } from './lib.js';

const CONNECTIONS = 4;
const BATCH = 25;
const STATEMENTS = 120; // per connection and round
const ROUNDS = 6;

const database = await openBenchDatabase();
try {
  await ensureLibraryData(database.url, (l) => console.log(`[bench] ${l}`));
  const people = await learners(database.url, 2000);
  const clients = await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      const c = new pg.Client({ connectionString: database.url });
      await c.connect();
      return c;
    }),
  );
  const first = clients[0]!;
  // Each learner's saves carry the next 2 s (new seconds every time), as in `npm run bench`.
  const rounds = new Map<number, number>();
  let cursor = 0;
  const batch = (withRanges: boolean) => {
    const rows = Array.from({ length: BATCH }, () => {
      const i = cursor++ % people.length;
      const r = rounds.get(i) ?? 0;
      rounds.set(i, r + 1);
      const from = (r * 2) % 70;
      return {
        p: people[i]!,
        last: from + 2,
        completionPercentage: 40 + (i % 50),
        ranges: withRanges ? `{[${from},${from + 2})}` : null,
      };
    });
    return [
      rows.map((r) => r.p.user_id),
      rows.map((r) => r.p.episode_id),
      rows.map((r) => r.p.course_id),
      rows.map((r) => r.last),
      rows.map((r) => r.completionPercentage),
      rows.map((r) => r.ranges),
    ];
  };
  const updates = async () =>
    (
      await first.query<{ all: number; hot: number }>(
        `select n_tup_upd::int as all, n_tup_hot_upd::int as hot from pg_stat_user_tables where relname = 'episode_progress'`,
      )
    ).rows[0]!;
  const before = await updates();
  const figures: Record<string, { cpu: number; rate: number }[]> = {};
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, withRanges] of [
      ['spec keys only', false],
      ['with ranges', true],
    ] as const) {
      const cpu0 = postgresCpu();
      const t0 = performance.now();
      await Promise.all(
        clients.map(async (c) => {
          for (let n = 0; n < STATEMENTS; n++)
            await c.query({
              name: 'progress_upsert_many',
              text: PROGRESS_UPSERT_MANY,
              values: batch(withRanges),
            });
        }),
      );
      const saves = STATEMENTS * CONNECTIONS * BATCH;
      (figures[name] ??= []).push({
        cpu: ((postgresCpu() - cpu0) * 1e6) / saves,
        rate: (saves / (performance.now() - t0)) * 1000,
      });
    }
    await first.query('truncate played_seconds_log');
  }
  // Statistics reach the view within a second or so.
  await new Promise((r) => setTimeout(r, 1500));
  const after = await updates();
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(
    `\nPROGRESS_UPSERT_MANY, ${CONNECTIONS} connections, batches of ${BATCH}, ${ROUNDS} rounds (medians)`,
  );
  for (const [name, f] of Object.entries(figures))
    console.log(
      `  ${name.padEnd(16)} PostgreSQL CPU ${Math.round(median(f.map((x) => x.cpu)))} µs a save, ${Math.round(median(f.map((x) => x.rate)))} saves/s`,
    );
  console.log(`  row updates: ${after.all - before.all}, of them HOT: ${after.hot - before.hot}`);
  for (const c of clients) await c.end();
} finally {
  await database.close();
}
