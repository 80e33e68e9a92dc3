import { createDb } from '../apps/api/src/db/client.js';
import { openBenchDatabase } from './lib.js';
import { toRetentionCurve } from '../apps/api/src/modules/analytics/retention-drops.js';
import { refreshRetention, retentionOf } from '../apps/api/src/modules/analytics/retention.repo.js';

/*
 * Issue 15: the retention curve of one 30-minute episode with 100,000 viewers, answered from the aggregate.
 * The viewers' played seconds go through the log as the saves write it (one first-play row per viewer: from
 * the start to where each stopped, some with a second stretch after a skip), the refresh job folds them in
 * (timed), then the curve is asked for 200 times, one at a time (what the endpoint's service does: its query,
 * the per-second arrays, the steep drops; no HTTP).
 */
const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 100_000);
const DURATION = 1800;

async function main() {
  const database = await openBenchDatabase();
  const db = createDb(database.url, 4);
  try {
    const { rows } = await db.$client.query<{ id: string }>(
      `with c as (insert into courses (id, slug, title, status) values (gen_random_uuid(), 'retention-bench-' || gen_random_uuid(), 'retention bench', 'draft') returning id)
       insert into episodes (id, course_id, sort, title, duration_seconds)
       select gen_random_uuid(), id, 1, 'retention bench', ${DURATION} from c returning id, course_id`,
    );
    const episode = rows[0]!.id;
    await db.$client.query(
      `insert into played_seconds_log (user_id, episode_id, added, new_viewer)
       select gen_random_uuid(), $1,
              case when v % 4 = 0 then int4multirange(int4range(0, s), int4range(least(s + 120, ${DURATION} - 1), ${DURATION}))
                   else int4multirange(int4range(0, s)) end, true
       from (select v, greatest(1, least(${DURATION}, (${DURATION} * power(random(), 2))::int)) as s
             from generate_series(1, $2) v) x`,
      [episode, VIEWERS],
    );
    let t0 = performance.now();
    let taken = 0;
    for (let n = -1; n !== 0; taken += n) n = await refreshRetention(db, 5_000);
    console.log(`refresh: ${taken} log rows folded in ${Math.round(performance.now() - t0)} ms`);
    const times: number[] = [];
    for (let i = 0; i < 220; i++) {
      t0 = performance.now();
      const c = toRetentionCurve(episode, (await retentionOf(db, episode))!);
      if (i >= 20) times.push(performance.now() - t0);
      if (i === 0)
        console.log(`viewers ${c.viewers}, ${c.counts.length} seconds, drops ${JSON.stringify(c.drops)}`);
    }
    times.sort((a, b) => a - b);
    const p = (q: number) => times[Math.floor(q * (times.length - 1))]!.toFixed(1);
    console.log(
      `retention curve, ${VIEWERS} viewers, 200 calls: p50 ${p(0.5)} ms, p95 ${p(0.95)} ms, max ${p(1)} ms`,
    );
    await db.$client.query(`delete from courses where id = (select course_id from episodes where id = $1)`, [
      episode,
    ]);
  } finally {
    await db.$client.end();
    await database.close();
  }
}

void main();
