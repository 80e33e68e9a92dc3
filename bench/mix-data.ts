import pg from 'pg';
import { CATALOGUE_PAGE_SIZE } from '../packages/contract/src/paths.js';
import { TokenSigner } from '../apps/api/src/lib/tokens.js';
import { prepareAssessmentData } from './assessments.js';
import type { Stream } from './mix-load.js';

/** The device of the mix's sign-ins: each learner's sign-in replaces its previous one on it. */
const SIGN_IN_DEVICE = { id: 'launch-mix-device', name: 'launch-mix' };
/** The password of every learner of the library data set (bench/data.ts). */
const PASSWORD = 'bench-password-1';
/** Learners taking a test: each has a 10-question quiz after its first episode (bench/assessments.ts). */
const TEST_TAKERS = 2000;

export interface Learner {
  user_id: string;
  session_id: string;
  email: string;
  course_id: string;
  episode_id: string;
}

/** The sessions the mix's sign-ins opened (each learner's last one is still live), removed. */
export async function removeMixSessions(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(`delete from sessions where device_id = $1`, [SIGN_IN_DEVICE.id]);
  } finally {
    await c.end();
  }
}

/**
 * Every learner of the library data set with its own bench session (not one a sign-in of the mix opened), an
 * access token, and the courses' slugs; the mix's earlier sign-in sessions are removed first.
 */
export async function prepareMixData(url: string, jwtSecret: string) {
  await removeMixSessions(url);
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  let people: Learner[];
  let slugs: string[];
  try {
    people = (
      await c.query<Learner>(
        `select s.user_id, s.id as session_id, u.email, p.course_id, p.episode_id from sessions s
         join users u on u.id = s.user_id
         cross join lateral (select course_id, episode_id from episode_progress where user_id = s.user_id limit 1) p
         where s.revoked_at is null and s.device_id = 'bench-' || s.user_id::text order by u.email`,
      )
    ).rows;
    slugs = (
      await c.query<{ slug: string }>(
        `select slug from courses where slug like 'bench-course-%' and status = 'published' order by slug`,
      )
    ).rows.map((r) => r.slug);
  } finally {
    await c.end();
  }
  const signer = new TokenSigner(jwtSecret, 3600);
  const auth = await Promise.all(
    people.map(async (p) => `Bearer ${await signer.signAccess({ sub: p.user_id, sid: p.session_id })}`),
  );
  const takers = people.slice(0, TEST_TAKERS);
  const { quizOf } = await prepareAssessmentData(url, takers, 0);
  return { people, auth, slugs, takers, quizOf };
}

export type MixData = Awaited<ReturnType<typeof prepareMixData>>;

/** The launch-day mix at full rate (issue 36). */
export const MIX = { saves: 4000, reads: 200, tests: 50, signIns: 20 };

/**
 * The mix's streams at `factor` of its full rates. Each stream walks its learners from a random place, so that
 * requests in flight together are for different learners, as in real traffic.
 */
export function mixStreams(d: MixData, factor: number): Stream[] {
  const from = (n: number) => Math.floor(Math.random() * n);
  const [s0, r0, t0, i0] = [
    from(d.people.length),
    from(d.people.length),
    from(d.takers.length),
    from(d.people.length),
  ];
  const reads = (MIX.reads * factor) / 3;
  const test = (n: number) => {
    const p = d.takers[(t0 + n) % d.takers.length]!;
    return { p, quiz: d.quizOf.get(p.episode_id)!, authorization: d.auth[(t0 + n) % d.takers.length]! };
  };
  return [
    {
      // 40,000 viewers' heartbeats, every 10 s each: here the 10,000 learners of the data set, every 2.5 s.
      kind: 'progress save',
      rate: MIX.saves * factor,
      connections: 100,
      request: (n) => {
        const k = (s0 + n) % d.people.length;
        const p = d.people[k]!;
        return {
          method: 'POST',
          path: '/api/users/on-going-episode',
          headers: { authorization: d.auth[k]! },
          body: JSON.stringify({
            course_id: p.course_id,
            episode_id: p.episode_id,
            last_second: 30 + (n % 30),
            episodeCompletionPercentage: 40 + (n % 50),
          }),
        };
      },
    },
    // Page data, a third each: the library's rows (my courses), a course page's outline, a catalogue page.
    {
      kind: 'read: my courses',
      group: 'page-data read',
      rate: reads,
      connections: 10,
      request: (n) => ({
        method: 'GET',
        path: '/api/users/my-course',
        headers: { authorization: d.auth[(r0 + n) % d.auth.length]! },
      }),
    },
    {
      kind: 'read: course page',
      group: 'page-data read',
      rate: reads,
      connections: 10,
      request: (n) => ({ method: 'GET', path: `/api/courses/${d.slugs[(r0 + n * 7) % d.slugs.length]}` }),
    },
    {
      kind: 'read: catalogue',
      group: 'page-data read',
      rate: reads,
      connections: 10,
      request: (n) => ({
        method: 'GET',
        path: `/api/courses?limit=${CATALOGUE_PAGE_SIZE}&offset=${(n % 5) * CATALOGUE_PAGE_SIZE}`,
      }),
    },
    // A test taken: the attempt starts, and its 10 answers are submitted (graded on the server) 1 s later, or when
    // the start is answered if that is later still.
    {
      kind: 'test start',
      rate: MIX.tests * factor,
      connections: 10,
      request: (n) => {
        const { quiz, authorization } = test(n);
        return {
          method: 'POST',
          path: '/api/assessment-response',
          headers: { authorization },
          body: JSON.stringify({ assessmentId: quiz.assessment_id, answers: [] }),
        };
      },
    },
    {
      kind: 'test submit',
      rate: MIX.tests * factor,
      offsetMs: 1000,
      after: 'test start',
      connections: 10,
      request: (n) => {
        const { quiz, authorization } = test(n);
        return {
          method: 'POST',
          path: '/api/assessment-result',
          headers: { authorization },
          body: JSON.stringify({ assessmentId: quiz.assessment_id, answers: quiz.answers }),
        };
      },
    },
    {
      kind: 'sign-in',
      rate: MIX.signIns * factor,
      connections: 10,
      request: (n) => ({
        method: 'POST',
        path: '/api/auth',
        body: JSON.stringify({
          email: d.people[(i0 + n) % d.people.length]!.email,
          password: PASSWORD,
          device: SIGN_IN_DEVICE,
        }),
      }),
    },
  ];
}
