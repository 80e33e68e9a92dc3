import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue, subscribe, watchThrough } from './courses-fixture.js';
import { bearer, createTestApp, register, type TestApp } from './helpers.js';

let t: TestApp;
let cat: Awaited<ReturnType<typeof seedCatalogue>>;
beforeAll(async () => {
  t = await createTestApp();
  cat = await seedCatalogue(t);
});
afterAll(() => t.close());

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const post = (url: string, payload: unknown, token: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: bearer(token) });

describe('courses and access', () => {
  it('answers published courses by id and slug with derived counts; drafts and unknown ids are 404', async () => {
    const u = await register(t.app);
    const byId = await get(`/api/course/${cat.paid}`, u.access_token);
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toMatchObject({
      id: cat.paid,
      episodeCount: 4,
      totalDurationSeconds: 360,
      free: false,
    });
    expect((await get(`/api/course/get-course-by-slug/${byId.json().slug}`, u.access_token)).json().id).toBe(
      cat.paid,
    );
    expect((await get(`/api/course/${cat.draft}`, u.access_token)).statusCode).toBe(404);
    expect((await get('/api/course/01900000-0000-7000-8000-000000000000', u.access_token)).statusCode).toBe(
      404,
    );
    expect((await get('/api/course/not-a-uuid', u.access_token)).statusCode).toBe(400);
    expect((await get(`/api/course/${cat.paid}`)).statusCode).toBe(401);
    const slugs = (await get('/api/courses/get-slug-courses')).json().map((s: { slug: string }) => s.slug);
    expect(slugs).toContain(byId.json().slug);
    expect(slugs.some((s: string) => s.startsWith('draft-'))).toBe(false);
  });

  it('check/course answers free, subscription, trial or none', async () => {
    const none = await register(t.app);
    expect((await get(`/api/users/check/course/${cat.paid}`, none.access_token)).json()).toEqual({
      canAccess: false,
      reason: 'none',
      expiresAt: null,
    });
    expect((await get(`/api/users/check/course/${cat.free}`, none.access_token)).json()).toMatchObject({
      canAccess: true,
      reason: 'free',
    });
    const member = await register(t.app);
    await subscribe(t, member.user.id);
    const access = (await get(`/api/users/check/course/${cat.paid}`, member.access_token)).json();
    expect(access).toMatchObject({ canAccess: true, reason: 'subscription' });
    expect(new Date(access.expiresAt).getTime()).toBeGreaterThan(Date.now());
    const trial = await register(t.app);
    await subscribe(t, trial.user.id, 'trialing');
    expect((await get(`/api/users/check/course/${cat.paid}`, trial.access_token)).json().reason).toBe(
      'trial',
    );
  });

  it('lists episodes in order, locked for a learner without access except the teaser', async () => {
    const u = await register(t.app);
    const res = await post(`/api/course/${cat.paid}/get-episode-and-quiz`, {}, u.access_token);
    expect(res.statusCode).toBe(200);
    const eps = res.json().episodes as { id: string; locked: boolean; isTeaser: boolean }[];
    expect(eps.map((e) => e.id)).toEqual(cat.paidEpisodes.map((e) => e.id));
    expect(eps.map((e) => e.locked)).toEqual([false, true, true, true]);
    await subscribe(t, u.user.id);
    const after = (await post(`/api/course/${cat.paid}/get-episode-and-quiz`, {}, u.access_token)).json();
    expect(after.episodes.every((e: { locked: boolean }) => !e.locked)).toBe(true);
  });
});

describe('progress (PRODUCT.md section 5)', () => {
  const save = (
    token: string,
    courseId: string,
    episodeId: string,
    last_second: number,
    episodeCompletionPercentage?: number,
  ) =>
    post(
      '/api/users/on-going-episode',
      { course_id: courseId, episode_id: episodeId, last_second, episodeCompletionPercentage },
      token,
    );

  it('saves the teaser for anyone logged in, refuses locked episodes with 403 NO_ACCESS', async () => {
    const u = await register(t.app);
    const [teaser, first] = cat.paidEpisodes;
    expect((await save(u.access_token, cat.paid, teaser!.id, 12, 20)).statusCode).toBe(200);
    const locked = await save(u.access_token, cat.paid, first!.id, 12, 20);
    expect(locked.statusCode).toBe(403);
    expect(locked.json().code).toBe('NO_ACCESS');
    expect((await get(`/api/users/on-going-episode?course=${cat.paid}`, u.access_token)).json()).toHaveLength(
      1,
    );
  });

  it('validates the payload: course, episode and last second are required; the episode must belong to the course', async () => {
    const u = await register(t.app);
    const [e] = cat.freeEpisodes;
    for (const body of [
      { course_id: cat.free, episode_id: e!.id },
      { course_id: cat.free, last_second: 3 },
      { episode_id: e!.id, last_second: 3 },
      { course_id: cat.free, episode_id: e!.id, last_second: -1 },
      { course_id: cat.free, episode_id: e!.id, last_second: 1e12 },
      { course_id: cat.free, episode_id: e!.id, last_second: 'ten' },
    ]) {
      expect((await post('/api/users/on-going-episode', body, u.access_token)).statusCode).toBe(400);
    }
    expect((await save(u.access_token, cat.paid, e!.id, 3, 5)).statusCode).toBe(404);
    expect((await save(u.access_token, cat.draft, cat.draftEpisodes[0]!.id, 3, 5)).statusCode).toBe(404);
  });

  it('keeps completion monotonic, the latest position, clamps to the duration, and sets watched once at 90%', async () => {
    const u = await register(t.app);
    const [e] = cat.freeEpisodes; // 50 s
    let r = (await save(u.access_token, cat.free, e!.id, 20, 40)).json();
    expect(r).toMatchObject({ last_second: 20, episodeCompletionPercentage: 40, watched: false });
    r = (await save(u.access_token, cat.free, e!.id, 5, 10)).json();
    expect(r).toMatchObject({ last_second: 5, episodeCompletionPercentage: 40 });
    r = (await save(u.access_token, cat.free, e!.id, 500, 250)).json();
    expect(r).toMatchObject({ last_second: 50, episodeCompletionPercentage: 100, watched: true });
    r = (await save(u.access_token, cat.free, e!.id, 3, 0)).json();
    expect(r).toMatchObject({ last_second: 3, episodeCompletionPercentage: 100, watched: true });
  });

  it('loses nothing when two tabs save at once', async () => {
    const u = await register(t.app);
    const [, e] = cat.freeEpisodes; // 50 s
    const tab = (from: number, to: number, pct: number) =>
      post(
        '/api/users/on-going-episode',
        {
          course_id: cat.free,
          episode_id: e!.id,
          last_second: to,
          episodeCompletionPercentage: pct,
          playedRanges: [[from, to]],
        },
        u.access_token,
      );
    const results = await Promise.all([tab(15, 30, 60), tab(0, 15, 30), tab(30, 46, 95)]);
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const [row] = (await get(`/api/users/on-going-episode?course=${cat.free}`, u.access_token)).json();
    // Every tab's seconds are in: 46 of 50 s, 92% (under the 95% claimed).
    expect(row.episodeCompletionPercentage).toBe(92);
    expect(row.watched).toBe(true);
  });

  it('many learners saving at once (written together): each answered for itself, a locked one refused alone', async () => {
    const learners = await Promise.all(
      Array.from({ length: 12 }, (_, i) => register(t.app, {}, `10.9.${i}.1`)),
    );
    const [teaser, locked] = cat.paidEpisodes;
    const [free1, free2] = cat.freeEpisodes;
    const saves = learners.flatMap((u, i) => [
      save(u.access_token, cat.free, free1!.id, 10 + i, 20 + i),
      save(u.access_token, cat.free, free2!.id, 5 + i, 30 + i),
      save(u.access_token, cat.paid, teaser!.id, 7, 11),
      save(u.access_token, cat.paid, locked!.id, 7, 11), // no subscription: refused
      save(u.access_token, cat.paid, free1!.id, 7, 11), // another course's episode: 404
    ]);
    const answers = await Promise.all(saves);
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses).toEqual(learners.flatMap(() => [200, 200, 200, 403, 404]));
    for (const [i, u] of learners.entries()) {
      expect(answers[i * 5]!.json()).toMatchObject({
        episode_id: free1!.id,
        last_second: 10 + i,
        episodeCompletionPercentage: 20 + i,
      });
      const rows = (await get(`/api/users/on-going-episode?course=${cat.free}`, u.access_token)).json() as {
        episode_id: string;
        last_second: number;
      }[];
      expect(rows.map((r) => [r.episode_id, r.last_second]).sort()).toEqual(
        [
          [free1!.id, 10 + i],
          [free2!.id, 5 + i],
        ].sort(),
      );
    }
  });

  it('watched-episode at the end only counts when enough was really played (seeking to the end does not)', async () => {
    const u = await register(t.app);
    await subscribe(t, u.user.id);
    const [, a, b] = cat.paidEpisodes;
    // Jumped to the end: the player says nothing was played (an empty list of ranges).
    await post(
      '/api/users/on-going-episode',
      {
        course_id: cat.paid,
        episode_id: a!.id,
        last_second: 100,
        episodeCompletionPercentage: 100,
        playedRanges: [],
      },
      u.access_token,
    );
    expect(
      (
        await post('/api/users/watched-episode', { course_id: cat.paid, episode_id: a!.id }, u.access_token)
      ).json(),
    ).toEqual({ watched: false });
    await watchThrough(t, { authorization: `Bearer ${u.access_token}` }, cat.paid, [b!]);
    expect(
      (
        await post('/api/users/watched-episode', { course_id: cat.paid, episode_id: b!.id }, u.access_token)
      ).json(),
    ).toEqual({ watched: true });
    // An episode never played at all (no progress yet): not watched, and nothing written.
    const [c] = cat.paidEpisodes;
    const never = await post(
      '/api/users/watched-episode',
      { course_id: cat.paid, episode_id: c!.id },
      u.access_token,
    );
    expect([never.statusCode, never.json()]).toEqual([200, { watched: false }]);
    const ongoing = (await get(`/api/users/on-going-episode?course=${cat.paid}`, u.access_token)).json();
    expect(ongoing.map((p: { episode_id: string }) => p.episode_id).sort()).toEqual([a!.id, b!.id].sort());
  });

  it('watched-episode lookup: ids without and with teasers, finish share over non-teaser episodes', async () => {
    const u = await register(t.app);
    await subscribe(t, u.user.id);
    const [teaser, a] = cat.paidEpisodes;
    await watchThrough(t, { authorization: `Bearer ${u.access_token}` }, cat.paid, [teaser!, a!]);
    const w = (await get(`/api/users/watched-episode?course=${cat.paid}`, u.access_token)).json();
    expect(w.watchedEpisode).toEqual([a!.id]);
    expect(w.watchedEpisodeIncludeTeaser.sort()).toEqual([teaser!.id, a!.id].sort());
    expect(w.courseFinishPercentage).toBeCloseTo(33.33, 2);
    const other = await register(t.app);
    expect((await get(`/api/users/watched-episode?course=${cat.paid}`, other.access_token)).json()).toEqual({
      watchedEpisode: [],
      watchedEpisodeIncludeTeaser: [],
      courseFinishPercentage: 0,
    });
    expect((await get('/api/users/watched-episode', u.access_token)).statusCode).toBe(400);
  });

  it('an episode hidden after learners watched it is left out of their lists and shares (never over 100%)', async () => {
    const u = await register(t.app);
    await subscribe(t, u.user.id);
    const [, a, b, c] = cat.paidEpisodes;
    await watchThrough(t, { authorization: `Bearer ${u.access_token}` }, cat.paid, [a!, b!, c!]);
    // The author hides the last one watched (the console offers hiding instead of removing).
    await t.db.execute(sql`update episodes set published = false where id = ${c!.id}`);
    try {
      const w = (await get(`/api/users/watched-episode?course=${cat.paid}`, u.access_token)).json();
      expect(w.watchedEpisode.sort()).toEqual([a!.id, b!.id].sort());
      expect(w.watchedEpisodeIncludeTeaser.sort()).toEqual([a!.id, b!.id].sort());
      expect(w.courseFinishPercentage).toBe(100);
      const ongoing = (await get(`/api/users/on-going-episode?course=${cat.paid}`, u.access_token)).json();
      expect(ongoing.map((p: { episode_id: string }) => p.episode_id).sort()).toEqual([a!.id, b!.id].sort());
      const mine = (await get('/api/users/my-course', u.access_token)).json();
      expect(mine[0]).toMatchObject({
        id: cat.paid,
        courseFinishPercentage: 100,
        lastWatchedEpisodeId: b!.id,
      });
      const last = (await get('/api/users/last-watched-episode', u.access_token)).json();
      expect(last).toMatchObject({ course: { id: cat.paid }, episode: { id: b!.id } });
    } finally {
      await t.db.execute(sql`update episodes set published = true where id = ${c!.id}`);
    }
    // Shown again, it counts again: nothing the learner saved was lost.
    const w = (await get(`/api/users/watched-episode?course=${cat.paid}`, u.access_token)).json();
    expect(w.watchedEpisode).toHaveLength(3);
  });

  it('first watch is recorded once; last watched and my courses follow the latest activity', async () => {
    const u = await register(t.app);
    expect((await get('/api/users/last-watched-episode', u.access_token)).json()).toBeNull();
    const [e1, e2] = cat.freeEpisodes;
    expect(
      (
        await post(
          '/api/users/save-first-watched',
          { course_id: cat.free, episode_id: e1!.id },
          u.access_token,
        )
      ).json(),
    ).toEqual({ success: true });
    const firstWatched = async () =>
      (
        await t.db.execute<{ at: string }>(
          sql`select first_watched_at::text as at from episode_progress
              where user_id = ${u.user.id} and episode_id = ${e1!.id}`,
        )
      ).rows;
    const recorded = await firstWatched();
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.at).not.toBeNull();
    // Played again (another day, another tab): the first watch stays the first.
    await post('/api/users/save-first-watched', { course_id: cat.free, episode_id: e1!.id }, u.access_token);
    await save(u.access_token, cat.free, e1!.id, 10, 20);
    expect(await firstWatched()).toEqual(recorded);
    await save(u.access_token, cat.paid, cat.paidEpisodes[0]!.id, 5, 10);
    await watchThrough(t, { authorization: `Bearer ${u.access_token}` }, cat.free, [e2!]);
    await save(u.access_token, cat.free, e2!.id, 7, 95); // back to 7 s: nothing new played
    const last = (await get('/api/users/last-watched-episode', u.access_token)).json();
    expect(last).toMatchObject({ course: { id: cat.free }, episode: { id: e2!.id }, last_second: 7 });
    // A course taken down is passed over: the latest activity in a published course answers.
    await t.db.execute(sql`update courses set status = 'draft' where id = ${cat.free}`);
    try {
      expect((await get('/api/users/last-watched-episode', u.access_token)).json()).toMatchObject({
        course: { id: cat.paid },
        episode: { id: cat.paidEpisodes[0]!.id },
      });
    } finally {
      await t.db.execute(sql`update courses set status = 'published' where id = ${cat.free}`);
    }
    const mine = (await get('/api/users/my-course', u.access_token)).json();
    expect(mine.map((c: { id: string }) => c.id)).toEqual([cat.free, cat.paid]);
    expect(mine[0]).toMatchObject({ courseFinishPercentage: 50, lastWatchedEpisodeId: e2!.id });
    // Another learner sees none of it.
    const other = await register(t.app);
    expect((await get('/api/users/my-course', other.access_token)).json()).toEqual([]);
    expect((await get(`/api/users/on-going-episode?course=${cat.free}`, other.access_token)).json()).toEqual(
      [],
    );
  });
});

describe('ids in capitals (UUIDs are case-insensitive: the same ids)', () => {
  it('a save whose ids are upper-case is answered 200 also when other learners save at the same moment', async () => {
    const learners = await Promise.all(
      Array.from({ length: 6 }, (_, i) => register(t.app, {}, `10.78.${i}.1`)),
    );
    const [e1, e2] = cat.freeEpisodes;
    // One learner's player writes UUIDs in capitals (as iOS's UUID().uuidString does); the others in lower case.
    const answers = await Promise.all(
      learners.map((u, i) =>
        i === 0
          ? post(
              '/api/users/on-going-episode',
              {
                course_id: cat.free.toUpperCase(),
                episode_id: e1!.id.toUpperCase(),
                last_second: 12,
                episodeCompletionPercentage: 20,
              },
              u.access_token,
            )
          : post(
              '/api/users/on-going-episode',
              {
                course_id: cat.free,
                episode_id: e2!.id,
                last_second: 5,
                episodeCompletionPercentage: 10,
              },
              u.access_token,
            ),
      ),
    );
    // Alone, the same save is answered 200 (see below): at once with others it must be too.
    const rows = (
      await t.app.inject({
        url: `/api/users/on-going-episode?course=${cat.free}`,
        headers: bearer(learners[0]!.access_token),
      })
    ).json() as { episode_id: string; last_second: number }[];
    // The save was written...
    expect(rows.map((r) => [r.episode_id, r.last_second])).toEqual([[e1!.id, 12]]);
    // ...so it must not be answered as refused (the player would drop it as hopeless, or retry it forever).
    expect(answers.map((r) => r.statusCode)).toEqual(learners.map(() => 200));
  });

  it('first watch and "video ended" take the same ids in capitals as the progress save does', async () => {
    const u = await register(t.app, {}, '10.78.98.1');
    const [e1] = cat.freeEpisodes;
    const body = { course_id: cat.free.toUpperCase(), episode_id: e1!.id.toUpperCase() };
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/users/save-first-watched',
      payload: body,
      headers: bearer(u.access_token),
    });
    const ended = await t.app.inject({
      method: 'POST',
      url: '/api/users/watched-episode',
      payload: body,
      headers: bearer(u.access_token),
    });
    expect([first.statusCode, first.body]).toEqual([200, '{"success":true}']);
    expect(ended.statusCode).toBe(200);
  });

  it('my own recommendations with my id in capitals are mine, not "user not found"', async () => {
    const u = await register(t.app, {}, '10.78.97.1');
    const r = await t.app.inject({
      url: `/api/users/my-recommended-course?userId=${u.user.id.toUpperCase()}&courseId=${cat.free}`,
      headers: bearer(u.access_token),
    });
    expect(r.statusCode).toBe(200);
  });
});
