import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wholeSeconds } from '../src/modules/courses/played-seconds.js';
import { addAssessment, seedCatalogue } from './courses-fixture.js';
import { bearer, createTestApp, register, type TestApp } from './helpers.js';

/*
 * The server learns what was played (issue 15): the union of the ranges per learner and episode, the
 * completion from it, and the plausibility cap (2x the wall time since the previous save, plus 10 s).
 * The clock is the database's: a test lets time pass by moving the previous save back.
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
async function learner() {
  const u = await register(t.app);
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
  /** The previous save happened `seconds` earlier (the wall time between saves). */
  const later = (seconds: number, ep = episode) =>
    t.db.execute(sql`update episode_progress set updated_at = updated_at - make_interval(secs => ${seconds})
                     where user_id = ${u.user.id} and episode_id = ${ep}`);
  const played = async (ep = episode) =>
    (
      await t.db.execute<{ played: string }>(
        sql`select played::text from episode_progress where user_id = ${u.user.id} and episode_id = ${ep}`,
      )
    ).rows[0]?.played;
  return { u, h, episode, save, later, played };
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

describe('the plausibility cap', () => {
  it('a save adds at most 2x the wall time since the previous save plus 10 s, the earliest seconds first', async () => {
    const l = await learner();
    // No previous save: 10 s of slack only.
    const first = await l.save({ ranges: [[0, 50]], pct: 100, last_second: 50 });
    expect(first.json()).toMatchObject({ episodeCompletionPercentage: 20, watched: false });
    expect(await l.played()).toBe('{[0,10)}');
    await l.later(5); // 2 x 5 + 10 = 20 new seconds at most
    await l.save({ ranges: [[0, 50]], last_second: 50 });
    expect(await l.played()).toBe('{[0,30)}');
  });

  it('when several ranges exceed the allowance, the earliest are taken whole and the next one cut', async () => {
    const l = await learner();
    // 10 s of slack: 5 s of [0, 5), then 5 s of [10, 30); [40, 45) gets nothing.
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
    await l.later(3); // 2 x 3 + 10 = 16 new seconds: [15, 30) is 15 of them, then 1 of [40, 45)
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

  it('a scripted "100% at once" completes nothing and earns no certificate', async () => {
    const post = await addAssessment(t, { courseId: cat.free, kind: 'post_test' }, [
      { kind: 'single', choices: [true, false] },
    ]);
    const l = await learner();
    for (const e of cat.freeEpisodes) {
      const r = await l.save({ episode: e.id, ranges: [[0, 50]], pct: 100, last_second: 50 });
      expect(r.json()).toMatchObject({ watched: false });
    }
    const marked = await t.app.inject({
      method: 'POST',
      url: '/api/users/watched-episode',
      headers: l.h,
      payload: { course_id: cat.free, episode_id: cat.freeEpisodes[0]!.id },
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

describe('older players and bad input', () => {
  it('a save with only the percentage works as before: credited, watched at 90%', async () => {
    const l = await learner();
    const r = await l.save({ pct: 95, last_second: 48 });
    expect(r.json()).toMatchObject({ episodeCompletionPercentage: 95, watched: true, last_second: 48 });
    expect(await l.played()).toBe('{}');
    const without = await l.save({ last_second: 20, episode: cat.freeEpisodes[1]!.id });
    expect(without.json()).toMatchObject({ episodeCompletionPercentage: 0, watched: false });
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
