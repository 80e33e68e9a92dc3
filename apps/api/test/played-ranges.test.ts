import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wholeSeconds } from '../src/modules/courses/played-seconds.js';
import { addAssessment, seedCatalogue } from './courses-fixture.js';
import { bearer, createTestApp, register, type TestApp } from './helpers.js';

/*
 * The server learns what was played (issue 15): the union of the ranges per learner and episode, the
 * completion from it, and the watch-time budget (issue 30: per learner, across episodes, 2 s of video a second
 * of wall time plus 60 s of slack). The clock is the database's: a test lets time pass by moving the budget's
 * last refill (and the previous save) back, or stops it by putting the refill in the future.
 */
let t: TestApp;
let cat: Awaited<ReturnType<typeof seedCatalogue>>;
beforeAll(async () => {
  t = await createTestApp();
  cat = await seedCatalogue(t);
});
afterAll(() => t.close());

type Ranges = [number, number][];
/** A learner on the free course (episodes of 50 s), with helpers to save and read back. */
let learners = 0;
async function learner() {
  // Each from an address of its own: sign-ups are limited per address.
  const u = await register(t.app, {}, `10.30.${Math.floor(learners / 200)}.${learners++ % 200}`);
  const h = bearer(u.access_token);
  const episode = cat.freeEpisodes[0]!.id;
  const save = (body: { last_second?: number; pct?: number; ranges?: Ranges; episode?: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/on-going-episode',
      headers: h,
      payload: {
        course_id: cat.free,
        episode_id: body.episode ?? episode,
        last_second: body.last_second ?? 0,
        ...(body.pct === undefined ? {} : { episodeCompletionPercentage: body.pct }),
        ...(body.ranges ? { playedRanges: body.ranges } : {}),
      },
    });
  /** The previous save happened `seconds` earlier (the wall time between saves): the budget refilled meanwhile. */
  const later = async (seconds: number, ep = episode) => {
    await t.db
      .execute(sql`update episode_progress set updated_at = updated_at - make_interval(secs => ${seconds})
                           where user_id = ${u.user.id} and episode_id = ${ep}`);
    await t.db.execute(sql`update watch_budgets set at = at - make_interval(secs => ${seconds})
                           where user_id = ${u.user.id}`);
  };
  /**
   * Sets the learner's budget: `tokens` seconds, last refilled `secondsAgo` ago; a negative `secondsAgo` puts the
   * refill in the future, which stops the budget's clock until then (nothing refills while the test runs).
   */
  const budget = (tokens: number, secondsAgo: number) =>
    t.db.execute(sql`insert into watch_budgets (user_id, tokens, at)
                     values (${u.user.id}, ${tokens}, now() - make_interval(secs => ${secondsAgo}))
                     on conflict (user_id) do update set tokens = excluded.tokens, at = excluded.at`);
  const stopped = (tokens: number) => budget(tokens, -3600);
  /** The learner's played seconds in all, across episodes. */
  const total = async () =>
    (
      await t.db.execute<{ n: number }>(
        sql`select coalesce(sum(upper(r) - lower(r)), 0)::int as n
            from episode_progress p cross join lateral unnest(p.played) r where p.user_id = ${u.user.id}`,
      )
    ).rows[0]!.n;
  const cuts = async () =>
    (
      await t.db.execute<{ saves_cut: number; seconds_cut: number }>(
        sql`select saves_cut, seconds_cut from progress_cuts where user_id = ${u.user.id} and course_id = ${cat.free}`,
      )
    ).rows;
  const played = async (ep = episode) =>
    (
      await t.db.execute<{ played: string }>(
        sql`select played::text from episode_progress where user_id = ${u.user.id} and episode_id = ${ep}`,
      )
    ).rows[0]?.played;
  return { u, h, episode, save, later, played, budget, stopped, total, cuts };
}

describe('played ranges: the union and the completion from it', () => {
  it('rounds to whole seconds, joins overlaps, drops empties (the payload, before SQL)', () => {
    expect(
      wholeSeconds([
        [10.4, 20.6],
        [0, 3.2],
        [19, 25],
        [30.2, 30.4],
      ]),
    ).toEqual([
      [0, 3],
      [10, 25],
    ]);
  });

  it('keeps the union across saves: overlaps, seeks back and replays count each second once', async () => {
    const l = await learner();
    expect((await l.save({ ranges: [[0, 10]], last_second: 10 })).json().episodeCompletionPercentage).toBe(
      20,
    );
    await l.later(10);
    // Seeked back to 5 and played to 15: only 10-15 is new.
    const r = await l.save({ ranges: [[5, 15]], last_second: 15 });
    expect(r.statusCode).toBe(200);
    expect(r.json().episodeCompletionPercentage).toBe(30);
    expect(await l.played()).toBe('{[0,15)}');
    await l.later(20);
    // Jumped ahead to 30, played to 40; then back to 0 and replayed what was already played.
    expect(
      (
        await l.save({
          ranges: [
            [30, 40],
            [0, 12],
          ],
          last_second: 12,
        })
      ).json().episodeCompletionPercentage,
    ).toBe(50);
    expect(await l.played()).toBe('{[0,15),[30,40)}');
  });

  it('credits the percentage at most what the ranges cover; without a percentage the ranges give it', async () => {
    const l = await learner();
    const claimed = await l.save({ ranges: [[0, 10]], pct: 100, last_second: 10 });
    expect(claimed.json()).toMatchObject({ episodeCompletionPercentage: 20, watched: false });
    await l.later(10);
    expect(
      (await l.save({ ranges: [[10, 15]], pct: 25, last_second: 15 })).json().episodeCompletionPercentage,
    ).toBe(25);
    // Once the player has sent ranges, a save without them (a stored one, sent later) is held to the union too.
    expect((await l.save({ pct: 90, last_second: 15 })).json().episodeCompletionPercentage).toBe(30);
  });

  it('counts 2x speed: 40 s of video in 20 s of wall time are all played', async () => {
    const l = await learner();
    await t.app.inject({
      method: 'POST',
      url: '/api/users/save-first-watched',
      headers: l.h,
      payload: { course_id: cat.free, episode_id: l.episode },
    });
    await l.later(20);
    const r = await l.save({ ranges: [[0, 40]], last_second: 40 });
    expect(r.json().episodeCompletionPercentage).toBe(80);
    await l.later(5);
    // The last 10 s at 2x in 5 s: watched (90% and more of the distinct seconds).
    expect((await l.save({ ranges: [[40, 50]], last_second: 50 })).json()).toMatchObject({
      episodeCompletionPercentage: 100,
      watched: true,
    });
  });

  it('keeps seconds within the episode: a range past its end counts up to the end', async () => {
    const l = await learner();
    await l.save({ ranges: [[0, 5]], last_second: 5 });
    await l.later(3600);
    await l.save({ ranges: [[40, 900]], last_second: 50 });
    expect(await l.played()).toBe('{[0,5),[40,50)}');
  });
});

describe('the watch-time budget: per learner, across episodes, 2x the wall time plus 60 s', () => {
  it('a new learner has 60 s of slack; then 2 s of video per second of wall time, the earliest seconds first', async () => {
    const l = await learner();
    const [, second] = cat.freeEpisodes;
    const first = await l.save({ ranges: [[0, 50]], pct: 100, last_second: 50 });
    expect(first.json()).toMatchObject({ episodeCompletionPercentage: 100, watched: true });
    // 10 s of slack left: the earliest 10 s of the next episode, nothing more however often it is sent.
    await l.save({ episode: second!.id, ranges: [[0, 50]], last_second: 50 });
    expect(await l.played(second!.id)).toBe('{[0,10)}');
    await l.stopped(0);
    await l.save({ episode: second!.id, ranges: [[0, 50]], last_second: 50 });
    expect(await l.played(second!.id)).toBe('{[0,10)}');
    await l.budget(0, 5); // 5 s of wall time: 10 s of video
    await l.save({ episode: second!.id, ranges: [[0, 50]], last_second: 50 });
    expect(await l.played(second!.id)).toBe('{[0,20)}');
  });

  it('when several ranges exceed the budget, the earliest are taken whole and the next one cut', async () => {
    const l = await learner();
    await l.stopped(10);
    // 10 s: 5 s of [0, 5), then 5 s of [10, 30); [40, 45) gets nothing.
    const first = await l.save({
      ranges: [
        [40, 45],
        [0, 5],
        [10, 30],
      ],
      last_second: 45,
    });
    expect(first.json()).toMatchObject({ episodeCompletionPercentage: 20 });
    expect(await l.played()).toBe('{[0,5),[10,15)}');
    await l.stopped(16); // [15, 30) is 15 of them, then 1 of [40, 45)
    const second = await l.save({
      ranges: [
        [10, 30],
        [40, 45],
      ],
      last_second: 45,
    });
    expect(await l.played()).toBe('{[0,5),[10,30),[40,41)}');
    expect(second.json()).toMatchObject({ episodeCompletionPercentage: 52 }); // 26 of 50 s
  });

  it('back-to-back saves of 10 s each, with no time passing, credit no more than the budget holds', async () => {
    const l = await learner();
    await l.stopped(30);
    const [a, b] = cat.freeEpisodes;
    for (const [i, ep] of [a!, b!, a!, b!, a!, b!, a!, b!].entries()) {
      const from = Math.floor(i / 2) * 10;
      await l.save({ episode: ep.id, ranges: [[from, from + 10]], last_second: from + 10 });
    }
    expect(await l.total()).toBe(30);
    expect(await l.played(a!.id)).toBe('{[0,20)}');
    expect(await l.played(b!.id)).toBe('{[0,10)}');
  });

  it('40 saves at once, from two tabs on two episodes with far-apart ranges, credit exactly what the budget holds', async () => {
    const l = await learner();
    await l.stopped(45);
    const [a, b] = cat.freeEpisodes;
    const saves = Array.from({ length: 40 }, (_, i) => {
      const from = (i * 7) % 45;
      return l.save({ episode: (i % 2 ? a! : b!).id, ranges: [[from, from + 5]], last_second: from + 5 });
    });
    expect((await Promise.all(saves)).map((r) => r.statusCode)).toEqual(Array(40).fill(200));
    expect(await l.total()).toBe(45);
    const [left] = (
      await t.db.execute<{ tokens: number }>(
        sql`select tokens from watch_budgets where user_id = ${l.u.user.id}`,
      )
    ).rows;
    expect(left!.tokens).toBe(0);
  });

  it("each learner has a budget of their own: one learner's saves never spend another's", async () => {
    const [one, two] = [await learner(), await learner()];
    await one.stopped(0);
    await two.stopped(20);
    await Promise.all([
      one.save({ ranges: [[0, 20]], last_second: 20 }),
      two.save({ ranges: [[0, 20]], last_second: 20 }),
    ]);
    expect([await one.total(), await two.total()]).toEqual([0, 20]);
  });

  it('saves of one learner in one statement (the batch writer) share the budget in episode order', async () => {
    const { PROGRESS_UPSERT_MANY } = await import('../src/modules/courses/progress.repo.js');
    const [one, two] = [await learner(), await learner()];
    await one.stopped(30);
    await two.stopped(30);
    const [a, b] = [...cat.freeEpisodes].sort((x, y) => x.id.localeCompare(y.id));
    const rows = [
      [one.u.user.id, b!.id, '{[0,20)}'],
      [one.u.user.id, a!.id, '{[0,20)}'],
      [two.u.user.id, a!.id, '{[0,20)}'],
    ] as const;
    await t.db.$client.query(PROGRESS_UPSERT_MANY, [
      rows.map((r) => r[0]),
      rows.map((r) => r[1]),
      rows.map(() => cat.free),
      rows.map(() => 20),
      rows.map(() => null),
      rows.map((r) => r[2]),
    ]);
    expect([await one.played(a!.id), await one.played(b!.id), await two.played(a!.id)]).toEqual([
      '{[0,20)}',
      '{[0,10)}',
      '{[0,20)}',
    ]);
    expect(await one.cuts()).toEqual([{ saves_cut: 1, seconds_cut: 10 }]);
    expect(await two.cuts()).toEqual([]);
  });

  it('an honest learner at 2x speed, saving every 10 s, is never cut and completes the episode', async () => {
    const l = await learner();
    await l.budget(0, 0);
    for (let at = 0; at < 50; at += 20) {
      await l.later(10); // 10 s of wall time at 2x: 20 s of video
      const r = await l.save({ ranges: [[at, Math.min(50, at + 20)]], last_second: Math.min(50, at + 20) });
      expect(r.statusCode).toBe(200);
    }
    expect(await l.played()).toBe('{[0,50)}');
    expect(await l.cuts()).toEqual([]);
    const [row] = (
      await t.db.execute<{ watched: boolean }>(
        sql`select watched_at is not null as watched from episode_progress
            where user_id = ${l.u.user.id} and episode_id = ${l.episode}`,
      )
    ).rows;
    expect(row!.watched).toBe(true);
  });

  it('each save the budget cuts is counted for the course and learner, with the seconds not credited', async () => {
    const l = await learner();
    await l.stopped(5);
    await l.save({ ranges: [[0, 20]], last_second: 20 });
    await l.save({ ranges: [[20, 30]], last_second: 30 });
    await l.save({ ranges: [[0, 5]], last_second: 5 }); // nothing new: not a cut
    expect(await l.cuts()).toEqual([{ saves_cut: 2, seconds_cut: 25 }]);
  });

  it('the rule is inlined into the save: PostgreSQL runs no function of its own per save', async () => {
    // The plpgsql version ran two queries per save (about 100 µs each call): the save with ranges fell 20%
    // behind the save without. A function scan in the plan means the rule stopped being inlinable.
    const { PROGRESS_UPSERT } = await import('../src/modules/courses/progress.repo.js');
    const u = await register(t.app);
    const e = cat.freeEpisodes[0]!;
    const { rows } = await t.db.$client.query<{ 'QUERY PLAN': string }>({
      text: `explain (verbose, costs off) ${PROGRESS_UPSERT}`,
      values: [u.user.id, e.id, cat.free, 10, 20, '{[0,10)}'],
    });
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(plan).not.toMatch(/Function Scan on (public\.)?progress_merge/);
    expect(plan).toContain('progress_cap'); // the slow path (ranges wider than the allowance) is still there
  });

  it('a scripted "100% at once" on every episode completes at most the slack and earns no certificate', async () => {
    const post = await addAssessment(t, { courseId: cat.free, kind: 'post_test' }, [
      { kind: 'single', choices: [true, false] },
    ]);
    const l = await learner();
    await l.stopped(60);
    // With ranges and without them (a bare claim of the end and 100%): 60 s in all, so one episode of two.
    const [a, b] = cat.freeEpisodes;
    await l.save({ episode: a!.id, pct: 100, last_second: 50 });
    const r = await l.save({ episode: b!.id, ranges: [[0, 50]], pct: 100, last_second: 50 });
    expect(r.json()).toMatchObject({ watched: false, episodeCompletionPercentage: 20 });
    const marked = await t.app.inject({
      method: 'POST',
      url: '/api/users/watched-episode',
      headers: l.h,
      payload: { course_id: cat.free, episode_id: b!.id },
    });
    expect(marked.json()).toEqual({ watched: false });
    // The post-test does not open, and there is no certificate.
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/assessment-response',
      headers: l.h,
      payload: { assessmentId: post.id, answers: [] },
    });
    expect(start.statusCode).toBe(409);
    expect(start.json().code).toBe('PREREQUISITE_NOT_MET');
    const cert = await t.app.inject({
      method: 'GET',
      url: `/api/media/get-certificate/${cat.free}`,
      headers: l.h,
    });
    expect(cert.statusCode).toBe(409);
    expect(cert.json().code).toBe('COURSE_NOT_COMPLETED');
    await t.db.execute(sql`update assessments set published = false where id = ${post.id}`);
  });
});

describe('saves without ranges (older clients) and bad input', () => {
  it('a save without ranges counts the stretch from the previous position to the new one, forward only', async () => {
    const l = await learner();
    await l.stopped(60);
    expect((await l.save({ last_second: 10 })).json()).toMatchObject({ episodeCompletionPercentage: 20 });
    await l.save({ last_second: 5 }); // backwards: nothing
    expect(await l.played()).toBe('{[0,10)}');
    await l.save({ last_second: 30, pct: 100 });
    expect(await l.played()).toBe('{[0,30)}');
  });

  it('a percentage alone completes nothing: without played seconds it credits 0%', async () => {
    const l = await learner();
    const r = await l.save({ pct: 100, last_second: 0 });
    expect(r.json()).toMatchObject({ episodeCompletionPercentage: 0, watched: false });
    // An empty list of ranges is "nothing played": the position moves, no stretch is credited.
    const moved = await l.save({ pct: 100, last_second: 48, ranges: [] });
    expect(moved.json()).toMatchObject({ episodeCompletionPercentage: 0, watched: false, last_second: 48 });
    expect(await l.played()).toBe('{}');
  });

  it.each([
    ['from after to', [[10, 5]]],
    ['an empty range', [[5, 5]]],
    ['a negative second', [[-1, 5]]],
    ['past a day', [[0, 90_000]]],
    ['not a pair', [[1, 2, 3]]],
    ['not numbers', [['a', 'b']]],
    ['too many', Array.from({ length: 101 }, (_, i) => [i * 2, i * 2 + 1])],
  ])('refuses %s with 400 in the one error shape', async (_name, ranges) => {
    const l = await learner();
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/users/on-going-episode',
      headers: l.h,
      payload: { course_id: cat.free, episode_id: l.episode, last_second: 1, playedRanges: ranges },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
    expect(r.json().details[0].path).toMatch(/^playedRanges/);
  });
});

describe('many saves at once', () => {
  it('50 concurrent saves of one learner and episode, 1 s each, lose no range', async () => {
    const l = await learner();
    await l.save({ ranges: [[0, 1]], last_second: 1 });
    await l.later(3600);
    const saves = Array.from({ length: 49 }, (_, i) =>
      l.save({ ranges: [[i + 1, i + 2]], last_second: i + 2 }),
    );
    expect((await Promise.all(saves)).every((r) => r.statusCode === 200)).toBe(true);
    expect(await l.played()).toBe('{[0,50)}');
    const rows = await t.app.inject({
      method: 'GET',
      url: `/api/users/on-going-episode?course=${cat.free}`,
      headers: l.h,
    });
    expect(rows.json().find((r: { episode_id: string }) => r.episode_id === l.episode)).toMatchObject({
      episodeCompletionPercentage: 100,
      watched: true,
    });
  });
});
