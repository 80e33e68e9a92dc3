import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalyticsService, RETENTION_JOB } from '../src/modules/analytics/analytics.service.js';
import { steepDrops } from '../src/modules/analytics/retention-drops.js';
import { REFRESH_RETENTION, refreshRetention } from '../src/modules/analytics/retention.repo.js';
import { seedCatalogue } from './courses-fixture.js';
import { bearer, createTestApp, register, type TestApp } from './helpers.js';

/*
 * Retention (issue 15): per episode and second, the share of its viewers who played it, kept by a job that
 * folds in only the seconds newly played since its last run.
 */
let t: TestApp;
let cat: Awaited<ReturnType<typeof seedCatalogue>>;
let admin: Record<string, string>;
let service: AnalyticsService;
beforeAll(async () => {
  t = await createTestApp();
  cat = await seedCatalogue(t);
  const a = await register(t.app);
  await t.db.execute(sql`update users set role = 'admin' where id = ${a.user.id}`);
  admin = bearer(a.access_token);
  const { db, config, jobs, log } = t.app;
  service = new AnalyticsService({ db, config, jobs, log });
});
afterAll(() => t.close());

/** A learner who plays the given ranges of an episode of the free course (50 s), one save per range. */
async function viewer(episodeId: string, ...ranges: [number, number][]) {
  const u = await register(t.app);
  await t.app.inject({
    method: 'POST',
    url: '/api/users/save-first-watched',
    headers: bearer(u.access_token),
    payload: { course_id: cat.free, episode_id: episodeId },
  });
  for (const r of ranges) {
    // Enough wall time since the previous save for any range (the cap is tested elsewhere).
    await t.db.execute(
      sql`update episode_progress set updated_at = now() - interval '1 hour' where user_id = ${u.user.id}`,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/on-going-episode',
      headers: bearer(u.access_token),
      payload: { course_id: cat.free, episode_id: episodeId, last_second: r[1], playedRanges: [r] },
    });
    expect(res.statusCode).toBe(200);
  }
  return u;
}
const curve = async (episodeId: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/analytics/episodes/${episodeId}/retention`,
    headers: admin,
  });
  expect(res.statusCode).toBe(200);
  return res.json();
};
/** A connection of a process's pool, as the Db the repository functions take (they query `$client`). */
const asDb = (client: pg.PoolClient) => ({ $client: client }) as unknown as TestApp['db'];
/** A new episode of 50 s in the free course, for one test alone: nobody else's viewing is in its curve. */
async function ownEpisode() {
  return (
    await t.db.execute<{ id: string }>(
      sql`insert into episodes (id, course_id, sort, title, duration_seconds)
          select gen_random_uuid(), ${cat.free}, coalesce(max(sort), 0) + 1, 'ตอนของการทดสอบ', 50
          from episodes where course_id = ${cat.free} returning id`,
    )
  ).rows[0]!.id;
}
/** [count, from, to): a run of equal counts, to write expected curves briefly. */
const runs = (...parts: [number, number, number][]) =>
  parts.flatMap(([n, from, to]) => Array.from({ length: to - from }, () => n));

describe('retention', () => {
  it('known viewing patterns give the expected curve, with its steep drops', async () => {
    const ep = cat.freeEpisodes[0]!.id;
    await viewer(ep, [0, 50]);
    await viewer(ep, [0, 20]);
    await viewer(ep, [0, 10], [30, 40]);
    // A seek back: replayed seconds count once.
    await viewer(ep, [0, 10], [0, 10]);
    await service.refreshRetention();
    const c = await curve(ep);
    expect(c.viewers).toBe(4);
    expect(c.counts).toEqual(runs([4, 0, 10], [2, 10, 20], [1, 20, 30], [2, 30, 40], [1, 40, 50]));
    expect(c.share[0]).toBe(1);
    expect(c.share[15]).toBe(0.5);
    expect(c.share[45]).toBe(0.25);
    expect(c.drops).toEqual([
      { from: 5, to: 10, shareBefore: 1, shareAfter: 0.5 },
      { from: 15, to: 20, shareBefore: 0.5, shareAfter: 0.25 },
      { from: 35, to: 40, shareBefore: 0.5, shareAfter: 0.25 },
    ]);
  });

  it('is refreshed incrementally: only the seconds added since the last run are folded in, once', async () => {
    const ep = cat.freeEpisodes[1]!.id;
    const u = await viewer(ep, [0, 10]);
    expect(await service.refreshRetention()).toBe(1);
    expect(await service.refreshRetention()).toBe(0);
    await t.db.execute(
      sql`update episode_progress set updated_at = now() - interval '1 hour' where user_id = ${u.user.id}`,
    );
    await t.app.inject({
      method: 'POST',
      url: '/api/users/on-going-episode',
      headers: bearer(u.access_token),
      payload: { course_id: cat.free, episode_id: ep, last_second: 20, playedRanges: [[5, 20]] },
    });
    await service.refreshRetention();
    const c = await curve(ep);
    expect(c.viewers).toBe(1);
    expect(c.counts).toEqual(runs([1, 0, 20], [0, 20, 50]));
  });

  it('writes a change only where the count changes: one learner watching on, save after save, leaves two', async () => {
    // An episode of its own (50 s, in the free course), so that nobody else's viewing is in its changes.
    const ep = (
      await t.db.execute<{ id: string }>(
        sql`insert into episodes (id, course_id, sort, title, duration_seconds)
            values (gen_random_uuid(), ${cat.free}, 3, 'ตอนที่ 3', 50) returning id`,
      )
    ).rows[0]!.id;
    const steps = async () =>
      (
        await t.db.execute<{ second: number; change: number }>(
          sql`select second, change from episode_retention_steps where episode_id = ${ep} order by second`,
        )
      ).rows;
    // Five saves of 10 s each, one after the other: their ranges meet at 10, 20, 30 and 40.
    await viewer(ep, [0, 10], [10, 20], [20, 30], [30, 40], [40, 50]);
    await service.refreshRetention();
    expect(await steps()).toEqual([
      { second: 0, change: 1 },
      { second: 50, change: -1 },
    ]);
    expect((await curve(ep)).counts).toEqual(runs([1, 0, 50]));
  });

  it('counts each played second once when two API processes refresh at once', async () => {
    const ep = await ownEpisode();
    const logged = async () =>
      (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from played_seconds_log`)).rows[0]!.n;
    const pending = await logged();
    // 3,000 log rows: 300 learners' first plays of 10 ranges each, written as the saves write them.
    await t.db.execute(sql`
      insert into played_seconds_log (user_id, episode_id, added, new_viewer)
      select u.id, ${ep}, int4multirange(int4range(r * 5, r * 5 + 5)), r = 0
      from (select id from users limit 1) u, generate_series(1, 300) v, generate_series(0, 9) r`);
    const other = await createTestApp({}, t);
    // The overlap is made, not hoped for: process one's refresh has taken its first 100 rows and not yet
    // committed while process two's refresh runs (it takes other rows, then waits for one's aggregate rows, or
    // finishes), and one commits only then. Then both at once, in small batches: whoever takes a row, it is
    // counted once.
    const held = await t.db.$client.connect();
    const two = await other.db.$client.connect();
    const pid = (await two.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    try {
      await held.query('begin');
      const one = (await held.query<{ taken: number }>(REFRESH_RETENTION, [100])).rows[0]!.taken;
      expect(one).toBe(100);
      let twoDone = false;
      const twoTook = refreshRetention(asDb(two), 100).finally(() => (twoDone = true));
      await expect
        .poll(
          async () =>
            twoDone ||
            (
              await t.db.execute<{ waiting: boolean }>(
                sql`select coalesce(bool_or(wait_event_type = 'Lock'), false) as waiting
                    from pg_stat_activity where pid = ${pid}`,
              )
            ).rows[0]!.waiting,
          { timeout: 30_000 },
        )
        .toBe(true);
      await held.query('commit');
      const first = await twoTook;
      const drain = async (db: TestApp['db']) => {
        let n = 0;
        for (let taken = -1; taken !== 0; n += taken) taken = Math.max(0, await refreshRetention(db, 100));
        return n;
      };
      const [a, b] = await Promise.all([drain(t.db), drain(other.db)]);
      expect(one + first + a + b).toBe(pending + 3000);
    } finally {
      await held.query('rollback').catch(() => {});
      held.release();
      two.release();
      await other.close();
    }
    expect(await logged()).toBe(0);
    // Every played second counted once: 300 viewers on every second of the episode, 300 first plays; a row
    // taken twice or lost would show here.
    const c = await curve(ep);
    expect(c.counts).toEqual(runs([300, 0, 50]));
    expect(c.viewers).toBe(300);
  });

  it('runs as a job on the shared queue', async () => {
    const ep = await ownEpisode();
    await viewer(ep, [0, 5]);
    await viewer(ep, [0, 10]);
    await t.app.jobs.send(RETENTION_JOB, {});
    await expect
      .poll(
        async () => (await t.db.execute(sql`select count(*)::int as n from played_seconds_log`)).rows[0]!.n,
        { timeout: 30_000 },
      )
      .toBe(0);
    const c = await curve(ep);
    expect(c.viewers).toBe(2);
    expect(c.counts).toEqual(runs([2, 0, 5], [1, 5, 10], [0, 10, 50]));
  });

  it('answers 404 for an unknown episode', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/analytics/episodes/00000000-0000-7000-8000-000000000000/retention',
      headers: admin,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('steep drops', () => {
  it('marks falls steeper than the usual decline, one per run, none on a steady decline', () => {
    const steady = Array.from({ length: 100 }, (_, s) => 1 - s / 100);
    expect(steepDrops(steady)).toEqual([]);
    const cliff = [...runs([1, 0, 30]), ...Array.from({ length: 70 }, () => 0.4)];
    expect(steepDrops(cliff)).toEqual([{ from: 25, to: 30, shareBefore: 1, shareAfter: 0.4 }]);
  });
});
