import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalyticsService } from '../src/modules/analytics/analytics.service.js';
import { uuidv7 } from '../src/lib/ids.js';
import { addAssessment, seedCatalogue } from './courses-fixture.js';
import { bearer, createTestApp, register, type TestApp } from './helpers.js';

/*
 * The admin's analytics (issue 15) on known data in the week of Monday 2026-01-05 (Bangkok days: a time
 * at 23:30 on the 5th in Bangkok is still the 5th; 00:30 on the 7th is the 7th though it is the 6th in UTC).
 */
let t: TestApp;
let cat: Awaited<ReturnType<typeof seedCatalogue>>;
let admin: Record<string, string>;
const at = (s: string) => new Date(s);
const ids = { u1: '', u2: '', u3: '' };

beforeAll(async () => {
  t = await createTestApp();
  cat = await seedCatalogue(t);
  const a = await register(t.app);
  await t.db.execute(sql`update users set role = 'admin' where id = ${a.user.id}`);
  admin = bearer(a.access_token);
  for (const [k, created] of [
    ['u1', '2026-01-05T10:00:00+07:00'],
    ['u2', '2026-01-05T23:30:00+07:00'],
    ['u3', '2026-01-07T00:30:00+07:00'],
  ] as const) {
    ids[k] = (await register(t.app)).user.id;
    await t.db.execute(sql`update users set create_date = ${at(created)} where id = ${ids[k]}`);
  }
  // Played seconds, as the saves log them, folded in by the retention job: u1 on the 5th and 6th, u2 on the
  // 6th, u3 on the 12th (the next week).
  const ep = cat.paidEpisodes[1]!.id;
  for (const [u, when] of [
    [ids.u1, '2026-01-05T12:00:00+07:00'],
    [ids.u1, '2026-01-06T12:00:00+07:00'],
    [ids.u2, '2026-01-06T01:00:00+07:00'],
    [ids.u3, '2026-01-12T08:00:00+07:00'],
  ] as const)
    await t.db.execute(sql`insert into played_seconds_log (user_id, episode_id, added, new_viewer, at)
                           values (${u}, ${ep}, '{[0,5)}', false, ${at(when)})`);
  const { db, config, jobs, log } = t.app;
  await new AnalyticsService({ db, config, jobs, log }).refreshRetention();

  // The paid course's funnel: u1 and u2 started it in the span, u3 before it.
  const [teaser, e2, e3] = cat.paidEpisodes;
  const progress = (u: string, e: string, first: string, watched: string | null) =>
    t.db
      .execute(sql`insert into episode_progress (user_id, episode_id, course_id, first_watched_at, watched_at, completion_percentage)
                     values (${u}, ${e}, ${cat.paid}, ${at(first)}, ${watched ? at(watched) : null}, ${watched ? 100 : 10})`);
  await progress(ids.u1, teaser!.id, '2026-01-05T09:00:00+07:00', '2026-01-05T09:30:00+07:00');
  await progress(ids.u1, e2!.id, '2026-01-06T09:00:00+07:00', '2026-01-06T09:30:00+07:00');
  await progress(ids.u2, teaser!.id, '2026-01-06T09:00:00+07:00', '2026-01-06T10:00:00+07:00');
  await progress(ids.u2, e3!.id, '2026-01-06T11:00:00+07:00', null);
  await progress(ids.u3, teaser!.id, '2025-12-01T09:00:00+07:00', '2025-12-01T09:30:00+07:00');
  const post = await addAssessment(t, { courseId: cat.paid, kind: 'post_test' }, [
    { kind: 'single', choices: [true, false] },
  ]);
  await t.db
    .execute(sql`insert into assessment_attempts (id, assessment_id, user_id, number, status, question_order, submitted_at, passed)
                         values (${uuidv7()}, ${post.id}, ${ids.u1}, 1, 'submitted', '{}', ${at('2026-01-07T10:00:00+07:00')}, true),
                                (${uuidv7()}, ${post.id}, ${ids.u2}, 1, 'submitted', '{}', ${at('2026-01-07T10:00:00+07:00')}, false)`);
  await t.db
    .execute(sql`insert into certificates (id, user_id, course_id, code, learner_name, course_title, issued_at)
                         values (${uuidv7()}, ${ids.u1}, ${cat.paid}, 'CERT-A1', 'ทดสอบ ระบบ', 'ลงทุน', ${at('2026-01-07T00:30:00+07:00')})`);

  // Revenue: two monthly and one annual paid in the span; a pending one and one paid later do not count.
  const plan = async (code: string, name: string, price: number) => {
    const id = uuidv7();
    await t.db.execute(sql`insert into plans (id, code, name, name_en, interval, length_days, price_satang)
                           values (${id}, ${code}, ${name}, ${code}, 'month', 30, ${price})`);
    return id;
  };
  const monthly = await plan('m-a', 'รายเดือน', 29_900);
  const annual = await plan('y-a', 'รายปี', 299_000);
  let n = 0;
  const order = (u: string, p: string, total: number, status: string, paid: string | null) =>
    t.db
      .execute(sql`insert into orders (id, number, user_id, plan_id, subtotal_satang, discount_satang, total_satang, vat_satang,
                       status, provider, expires_at, paid_at)
                     values (${uuidv7()}, ${`A-${n++}`}, ${u}, ${p}, ${total}, 0, ${total}, 0, ${status}, 'sandbox',
                       now(), ${paid ? at(paid) : null})`);
  await order(ids.u1, monthly, 29_900, 'paid', '2026-01-05T12:00:00+07:00');
  await order(ids.u2, monthly, 26_910, 'paid', '2026-01-08T12:00:00+07:00');
  await order(ids.u3, annual, 299_000, 'paid', '2026-01-11T23:59:00+07:00');
  await order(ids.u3, monthly, 29_900, 'pending', null);
  await order(ids.u3, monthly, 29_900, 'paid', '2026-01-13T00:01:00+07:00');
});
afterAll(() => t.close());

const get = (url: string, headers = admin) => t.app.inject({ method: 'GET', url, headers });

describe('analytics overview', () => {
  it('answers sign-ups, active learners per day and week, completions and revenue by plan for the span', async () => {
    const res = await get('/api/admin/analytics/overview?from=2026-01-05&to=2026-01-12');
    expect(res.statusCode).toBe(200);
    const o = res.json();
    expect(o.days.map((d: { day: string }) => d.day)).toEqual([
      '2026-01-05',
      '2026-01-06',
      '2026-01-07',
      '2026-01-08',
      '2026-01-09',
      '2026-01-10',
      '2026-01-11',
      '2026-01-12',
    ]);
    const col = (k: string) => o.days.map((d: Record<string, number>) => d[k]);
    expect(col('signUps')).toEqual([2, 0, 1, 0, 0, 0, 0, 0]);
    expect(col('activeLearners')).toEqual([1, 2, 0, 0, 0, 0, 0, 1]);
    expect(col('episodeCompletions')).toEqual([1, 2, 0, 0, 0, 0, 0, 0]);
    expect(col('certificates')).toEqual([0, 0, 1, 0, 0, 0, 0, 0]);
    expect(o.weeks).toEqual([
      { weekStart: '2026-01-05', activeLearners: 2 },
      { weekStart: '2026-01-12', activeLearners: 1 },
    ]);
    expect(o.revenue).toEqual([
      expect.objectContaining({ planName: 'รายปี', orders: 1, satang: 299_000, currency: 'THB' }),
      expect.objectContaining({ planName: 'รายเดือน', orders: 2, satang: 56_810, currency: 'THB' }),
    ]);
  });

  it('refuses a span that ends before it starts, a bad date, one over a year or before 2000, with 400', async () => {
    for (const q of [
      'from=2026-01-10&to=2026-01-05',
      'from=2026-13-01',
      'from=2024-01-01&to=2026-01-01',
      // PostgreSQL has no year 0 (these answered 500).
      'from=0000-01-01&to=0000-01-05',
      'to=0001-01-15',
      'from=0000-12-31&to=0001-01-02',
      'from=1999-12-31',
    ]) {
      for (const path of ['overview', `courses/${cat.paid}/funnel`]) {
        const res = await get(`/api/admin/analytics/${path}?${q}`);
        expect(res.statusCode, `${path}?${q}`).toBe(400);
        expect(res.json().code).toBe('VALIDATION_ERROR');
      }
    }
    // From the first day on, a span answers (its default start 30 days back is before 2000).
    expect((await get('/api/admin/analytics/overview?to=2000-01-05')).statusCode).toBe(200);
  });
  it('a start or an end given alone is held to the same rules as a whole span: 400, never quietly cut; no day before 2000', async () => {
    const daysBack = (n: number) =>
      new Date(Date.now() + 7 * 3_600_000 - n * 86_400_000).toISOString().slice(0, 10);
    for (const path of ['overview', `courses/${cat.paid}/funnel`]) {
      for (const [q, message] of [
        // More than a year back, up to today: too long (it was cut to a year).
        ['from=2000-01-01', 'range_too_long'],
        // After today, up to today: the start after the end (it was answered as today).
        ['from=2999-01-01', 'range_from_after_to'],
      ]) {
        const res = await get(`/api/admin/analytics/${path}?${q}`);
        expect({ q, status: res.statusCode, body: res.json() }).toMatchObject({
          q,
          status: 400,
          body: { code: 'VALIDATION_ERROR', details: [{ message }] },
        });
      }
      const year = await get(`/api/admin/analytics/${path}?from=${daysBack(300)}`);
      expect(year.json()).toMatchObject({ from: daysBack(300) });
      // An end early in 2000: its default start 30 days back is held to the first platform day.
      const early = await get(`/api/admin/analytics/${path}?to=2000-01-05`);
      expect({ status: early.statusCode, from: early.json().from, to: early.json().to }).toEqual({
        status: 200,
        from: '2000-01-01',
        to: '2000-01-05',
      });
    }
  });
});

describe('course funnel', () => {
  it('follows the learners who started the course in the span: episodes in order, tests, certificate', async () => {
    const res = await get(`/api/admin/analytics/courses/${cat.paid}/funnel?from=2026-01-05&to=2026-01-11`);
    expect(res.statusCode).toBe(200);
    const steps = res.json().steps.map((s: { kind: string; learners: number }) => [s.kind, s.learners]);
    expect(steps).toEqual([
      ['started', 2],
      ['episode', 2],
      ['episode', 1],
      ['episode', 0],
      ['episode', 0],
      ['post_test', 1],
      ['certificate', 1],
    ]);
    expect((await get(`/api/admin/analytics/courses/${cat.draft}/funnel`)).json().steps[0]).toEqual(
      expect.objectContaining({ kind: 'started', learners: 0 }),
    );
    expect((await get(`/api/admin/analytics/courses/${uuidv7()}/funnel`)).statusCode).toBe(404);
  });

  it('lists published courses with their episodes in order, to choose from', async () => {
    const list = (await get('/api/admin/analytics/courses')).json();
    const paid = list.find((c: { id: string }) => c.id === cat.paid);
    expect(paid.episodes.map((e: { id: string }) => e.id)).toEqual(cat.paidEpisodes.map((e) => e.id));
    expect(list.some((c: { id: string }) => c.id === cat.draft)).toBe(false);
  });
});

describe('saves cut by the watch-time budget (issue 30)', () => {
  it("lists a course's learners whose saves were cut, the most seconds first; only to administrators", async () => {
    const save = (token: string, ranges: [number, number][]) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/on-going-episode',
        headers: bearer(token),
        payload: {
          course_id: cat.free,
          episode_id: cat.freeEpisodes[0]!.id,
          last_second: ranges.at(-1)![1],
          playedRanges: ranges,
        },
      });
    // Budgets whose clock is stopped (the refill an hour ahead): 10 s and 0 s.
    const stopped = (userId: string, tokens: number) =>
      t.db.execute(
        sql`insert into watch_budgets (user_id, tokens, at) values (${userId}, ${tokens}, now() + interval '1 hour')`,
      );
    const [few, none, honest] = [await register(t.app), await register(t.app), await register(t.app)];
    await stopped(few.user.id, 10);
    await stopped(none.user.id, 0);
    expect((await save(few.access_token, [[0, 30]])).statusCode).toBe(200); // 20 s cut
    expect((await save(none.access_token, [[0, 15]])).statusCode).toBe(200); // 15 s cut
    expect((await save(none.access_token, [[15, 40]])).statusCode).toBe(200); // 25 s more
    expect((await save(honest.access_token, [[0, 10]])).statusCode).toBe(200); // within its 60 s
    const res = await get(`/api/admin/analytics/courses/${cat.free}/budget-cuts`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ courseId: cat.free, title: expect.any(String) });
    expect(
      res
        .json()
        .learners.map((l: { userId: string; savesCut: number; secondsCut: number }) => [
          l.userId,
          l.savesCut,
          l.secondsCut,
        ]),
    ).toEqual([
      [none.user.id, 2, 40],
      [few.user.id, 1, 20],
    ]);
    expect(res.json().learners[0]).toMatchObject({ email: none.email, name: 'ทดสอบ ระบบ' });
    expect((await get(`/api/admin/analytics/courses/${cat.paid}/budget-cuts`)).json().learners).toEqual([]);
    expect((await get(`/api/admin/analytics/courses/${uuidv7()}/budget-cuts`)).statusCode).toBe(404);
    expect(
      (await get(`/api/admin/analytics/courses/${cat.free}/budget-cuts`, bearer(few.access_token)))
        .statusCode,
    ).toBe(403);
  });
});
