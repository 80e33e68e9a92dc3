import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationCourses, organizations, users } from '../src/db/schema.js';
import { uuidv7 } from '../src/lib/ids.js';
import { addAssessment, MIXED, seedCatalogue } from './courses-fixture.js';
import { bearer, createTestApp, register, type TestApp } from './helpers.js';

/**
 * The one entitlement rule (PRODUCT.md section 7) through every endpoint that enforces it: each path a learner can
 * be on, against course reads, check/course, progress saves, playback tokens, the summary PDF, quizzes and the
 * certificate. A refusal is 403 NO_ACCESS; anything else means the rule let the learner through.
 */
let t: TestApp;
let cat: Awaited<ReturnType<typeof seedCatalogue>>;
let freeQuiz: string;
let paidQuiz: string;
let teaserQuiz: string;
beforeAll(async () => {
  t = await createTestApp({ REGISTER_MAX_PER_HOUR: '500' });
  cat = await seedCatalogue(t);
  teaserQuiz = (
    await addAssessment(
      t,
      { courseId: cat.paid, kind: 'episode_quiz', episodeId: cat.paidEpisodes[0]!.id },
      MIXED,
    )
  ).id;
  paidQuiz = (
    await addAssessment(
      t,
      { courseId: cat.paid, kind: 'episode_quiz', episodeId: cat.paidEpisodes[1]!.id },
      MIXED,
    )
  ).id;
  freeQuiz = (
    await addAssessment(
      t,
      { courseId: cat.free, kind: 'episode_quiz', episodeId: cat.freeEpisodes[0]!.id },
      MIXED,
    )
  ).id;
});
afterAll(() => t.close());

type Path = 'none' | 'trial' | 'active' | 'canceled-in-period' | 'expired' | 'trial-over' | 'organisation';
const DAY = 86_400_000;

/** A learner on one path, set up as the product would leave them (the plans are the migration's). */
async function learnerOn(path: Path) {
  const u = await register(t.app);
  const row = (status: string, plan: string, endInMs: number, trial = false) =>
    t.db.$client.query(
      `insert into subscriptions (id, user_id, plan_id, status, current_period_start, current_period_end, trial)
       select $1, $2, p.id, $3, now() - interval '1 day', now() + make_interval(secs => $5::double precision / 1000), $6
       from plans p where p.code = $4`,
      [uuidv7(), u.user.id, status, plan, endInMs, trial],
    );
  if (path === 'trial') await row('trialing', 'trial', 5 * DAY, true);
  if (path === 'active') await row('active', 'monthly', 20 * DAY);
  if (path === 'canceled-in-period') await row('canceled', 'annual', 20 * DAY);
  if (path === 'expired') await row('expired', 'monthly', -DAY);
  // Its period is over but the expiry job has not run yet: access ends with the clock, not with the job.
  if (path === 'trial-over') await row('trialing', 'trial', -1000, true);
  if (path === 'organisation') {
    const orgId = uuidv7();
    await t.db.insert(organizations).values({ id: orgId, name: `องค์กร ${orgId}` });
    await t.db
      .insert(organizationCourses)
      .values({ organizationId: orgId, courseId: cat.paid, kind: 'grant' });
    await t.db.update(users).set({ organizationId: orgId }).where(eq(users.id, u.user.id));
  }
  return u.access_token;
}

const req = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

/** Whether each endpoint let the learner at `courseId` / `episodeId` (false: 403 NO_ACCESS). */
async function gates(token: string, course: 'paid' | 'free', episode: 'teaser' | 'locked' | 'free') {
  const courseId = course === 'paid' ? cat.paid : cat.free;
  const ep =
    episode === 'teaser'
      ? cat.paidEpisodes[0]!
      : episode === 'locked'
        ? cat.paidEpisodes[1]!
        : cat.freeEpisodes[0]!;
  const quiz = episode === 'teaser' ? teaserQuiz : episode === 'locked' ? paidQuiz : freeQuiz;
  const let_ = (res: { statusCode: number; json: () => { code?: string } }) => {
    if (res.statusCode === 403) {
      expect(res.json().code).toBe('NO_ACCESS');
      return false;
    }
    return true;
  };
  const check = (await req(token, 'GET', `/api/users/check/course/${courseId}`)).json();
  const list = (await req(token, 'POST', `/api/course/${courseId}/get-episode-and-quiz`)).json();
  const listed = list.episodes.find((e: { id: string }) => e.id === ep.id);
  return {
    check: check.canAccess as boolean,
    listing: !listed.locked,
    progress: let_(
      await req(token, 'POST', '/api/users/on-going-episode', {
        course_id: courseId,
        episode_id: ep.id,
        last_second: 5,
        episodeCompletionPercentage: 10,
      }),
    ),
    // No video is attached in this catalogue: an entitled learner gets 404 (no video), a locked one 403.
    playback: let_(await req(token, 'GET', `/api/cloudflare/get-signed-token?episodeId=${ep.id}`)),
    quiz: let_(await req(token, 'GET', `/api/assessment/${quiz}`)),
    // Course-wide: the summary document and the certificate (not completed: 409, locked: 403).
    summary: let_(await req(token, 'GET', `/api/course/pdf/${courseId}`)),
    certificate: let_(await req(token, 'GET', `/api/media/get-certificate/${courseId}`)),
  };
}

const all = (v: boolean) => ({
  check: v,
  listing: v,
  progress: v,
  playback: v,
  quiz: v,
  summary: v,
  certificate: v,
});

describe('one entitlement rule, every path, every endpoint', () => {
  const entitled: Path[] = ['trial', 'active', 'canceled-in-period', 'organisation'];
  const refused: Path[] = ['none', 'expired', 'trial-over'];

  it.each(entitled)('%s: a paid course is open everywhere', async (path) => {
    expect(await gates(await learnerOn(path), 'paid', 'locked')).toEqual(all(true));
  });

  it.each(refused)('%s: a paid course is closed everywhere', async (path) => {
    expect(await gates(await learnerOn(path), 'paid', 'locked')).toEqual(all(false));
  });

  it.each(refused)(
    '%s: the teaser of a paid course plays, with its quiz; the course stays closed',
    async (path) => {
      expect(await gates(await learnerOn(path), 'paid', 'teaser')).toEqual({
        ...all(false),
        listing: true,
        progress: true,
        playback: true,
        quiz: true,
      });
    },
  );

  it.each(refused)('%s: a free course is open everywhere', async (path) => {
    expect(await gates(await learnerOn(path), 'free', 'free')).toEqual(all(true));
  });

  it('check/course names the reason and the end of a subscription', async () => {
    const reason = async (path: Path) =>
      (await req(await learnerOn(path), 'GET', `/api/users/check/course/${cat.paid}`)).json();
    expect(await reason('trial')).toMatchObject({ reason: 'trial', canAccess: true });
    expect(await reason('active')).toMatchObject({ reason: 'subscription', canAccess: true });
    expect((await reason('canceled-in-period')).expiresAt).not.toBeNull();
    expect(await reason('organisation')).toEqual({
      canAccess: true,
      reason: 'organization',
      expiresAt: null,
    });
    expect(await reason('expired')).toEqual({ canAccess: false, reason: 'none', expiresAt: null });
  });

  it('bought_annual: an annual plan bought (also with renewal off), never a trial or a month', async () => {
    const flag = async (path: Path) =>
      (await req(await learnerOn(path), 'GET', '/api/auth')).json().bought_annual;
    expect(await flag('canceled-in-period')).toBe(true); // annual, renewal off, period running
    expect(await flag('trial')).toBe(false);
    expect(await flag('active')).toBe(false); // monthly
    expect(await flag('none')).toBe(false);
  });
});
