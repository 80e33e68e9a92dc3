import type { AssessmentSummary } from '@rianroo/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { RowOf } from '../../db/rows.js';
import {
  assessmentChoices,
  assessmentQuestions,
  type assessmentAttempts,
  type assessments,
  type courses,
  type episodes,
} from '../../db/schema.js';

export type Attempt = typeof assessmentAttempts.$inferSelect;

/**
 * An assessment learners see (the SQL rule `assessment_live`, migration 0017: published, of a published episode
 * when a quiz, with a live question) of a published course, with what access needs. Every learner-facing read
 * below goes through that one rule. `{ live: false }` also finds one no longer live (`live` says which): only
 * for an attempt a learner already has (decision 016, learners' data first).
 */
export async function findAssessment(db: Db, id: string, { live = true } = {}) {
  const { rows } = await db.$client.query<
    RowOf<typeof assessments> & {
      /** `updated_at` exactly, as PostgreSQL writes it (a Date drops the microseconds). */
      version: string;
      course_free: RowOf<typeof courses>['free'];
      /** null: no episode (a pre- or post-test). */
      episode_is_teaser: RowOf<typeof episodes>['is_teaser'] | null;
      /** Learners see it now (`assessment_live`). */
      live: boolean;
    }
  >({
    name: live ? 'assessment_find' : 'assessment_find_any',
    text: `select a.*, a.updated_at::text as version, c.free as course_free, e.is_teaser as episode_is_teaser,
            ${live ? 'true' : 'assessment_live(a.id)'} as live
     from assessments a join courses c on c.id = a.course_id and c.status = 'published'
     left join episodes e on e.id = a.episode_id
     where a.id = $1 ${live ? 'and assessment_live(a.id)' : ''}`,
    values: [id],
  });
  return rows[0];
}
export type AssessmentRow = NonNullable<Awaited<ReturnType<typeof findAssessment>>>;

/** The prompts of the questions this learner's attempts of the course's pre-test asked. */
export async function promptsMetInPreTest(db: Db, userId: string, courseId: string) {
  const { rows } = await db.$client.query<{ prompt: string }>({
    name: 'assessment_pre_test_prompts',
    text: `select distinct q.prompt from assessment_attempts t
       join assessments a on a.id = t.assessment_id and a.kind = 'pre_test' and a.course_id = $2
       join assessment_questions q on q.id = any(t.question_order)
     where t.user_id = $1`,
    values: [userId, courseId],
  });
  return rows.map((r) => r.prompt);
}

/** Ids of the live assessments of a course: pre-test, quizzes in episode order, post-test. */
export async function courseAssessmentIds(db: Db, courseId: string, episodeId?: string) {
  const { rows } = await db.$client.query<{ id: string }>(
    `select a.id from assessments a left join episodes e on e.id = a.episode_id
     where a.course_id = $1 and assessment_live(a.id) and ($2::uuid is null or a.episode_id = $2)
     order by case a.kind when 'pre_test' then 0 when 'episode_quiz' then 1 else 2 end, e.sort`,
    [courseId, episodeId ?? null],
  );
  return rows.map((r) => r.id);
}

/**
 * The questions and their choices, correct flags included: for grading, never for an answer as it is. Whoever
 * edits them bumps the assessment's `updated_at` (the service keeps them by that version).
 */
export async function questionsWithChoices(db: Db, assessmentId: string) {
  const qs = await db
    .select()
    .from(assessmentQuestions)
    .where(eq(assessmentQuestions.assessmentId, assessmentId))
    .orderBy(asc(assessmentQuestions.sort));
  const cs = qs.length
    ? await db
        .select()
        .from(assessmentChoices)
        .where(
          inArray(
            assessmentChoices.questionId,
            qs.map((q) => q.id),
          ),
        )
        .orderBy(asc(assessmentChoices.sort))
    : [];
  return qs.map((q) => ({ ...q, choices: cs.filter((c) => c.questionId === q.id) }));
}
export type QuestionRow = Awaited<ReturnType<typeof questionsWithChoices>>[number];

/** An attempt row as the database gives it (the statements below are raw SQL, prepared by name). */
type AttemptRow = RowOf<typeof assessmentAttempts>;
const toAttempt = (r: AttemptRow): Attempt => ({
  id: r.id,
  assessmentId: r.assessment_id,
  userId: r.user_id,
  number: r.number,
  status: r.status,
  questionOrder: r.question_order,
  answers: r.answers,
  startedAt: r.started_at,
  deadlineAt: r.deadline_at,
  passingScore: r.passing_score,
  savedAt: r.saved_at,
  submittedAt: r.submitted_at,
  late: r.late,
  pointsEarned: r.points_earned,
  pointsTotal: r.points_total,
  score: r.score,
  passed: r.passed,
  grading: r.grading,
});

/** Every request of a test reads or writes its attempt: named statements, planned once per connection. */
async function attempts(db: Db, name: string, text: string, values: unknown[]) {
  const { rows } = await db.$client.query<AttemptRow>({ name, text, values });
  return rows.map(toAttempt);
}

/** The learner's attempts of a test, newest first. */
export const attemptsOf = (db: Db, userId: string, assessmentId: string) =>
  attempts(
    db,
    'attempts_of',
    `select * from assessment_attempts where user_id = $1 and assessment_id = $2 order by number desc`,
    [userId, assessmentId],
  );

export const attemptById = async (db: Db, id: string) =>
  (await attempts(db, 'attempt_by_id', `select * from assessment_attempts where id = $1`, [id]))[0];

export const openAttempt = async (db: Db, userId: string, assessmentId: string) =>
  (
    await attempts(
      db,
      'attempt_open',
      `select * from assessment_attempts where user_id = $1 and assessment_id = $2 and status = 'in_progress'`,
      [userId, assessmentId],
    )
  )[0];

/**
 * Starts the next attempt in one statement: its number is one more than the last, never above the limit,
 * and the unique keys (number; one in progress) turn a concurrent second start into no row.
 */
export async function startAttempt(
  db: Db,
  a: {
    id: string;
    assessmentId: string;
    userId: string;
    order: string[];
    max: number | null;
    seconds: number | null;
    /** The pass mark it is graded at (the test's now). */
    passingScore: number;
    /** The assessment's version its questions were read at: an edit since gives no row. */
    version: string;
  },
): Promise<Attempt | undefined> {
  const { rows } = await db.$client.query<{ number: number; started_at: Date; deadline_at: Date | null }>({
    name: 'attempt_start',
    // The share lock on the assessment makes an editor's write (which holds its row lock and moves
    // `updated_at` on) and this start take turns: the attempt is started on the questions as they are.
    text: `with v as (select 1 from assessments
                    where id = $2 and updated_at = $7::timestamptz for share)
     insert into assessment_attempts (id, assessment_id, user_id, number, question_order, started_at, deadline_at,
                                      passing_score)
     select $1, $2, $3, coalesce(max(number), 0) + 1, $4::uuid[], now(),
            case when $6::int is null then null else now() + make_interval(secs => $6::int) end, $8::int
     from assessment_attempts where assessment_id = $2 and user_id = $3
     having exists (select 1 from v) and ($5::int is null or coalesce(max(number), 0) < $5::int)
     on conflict do nothing
     returning number, started_at, deadline_at`,
    values: [a.id, a.assessmentId, a.userId, a.order, a.max, a.seconds, a.version, a.passingScore],
  });
  const r = rows[0];
  if (!r) return undefined;
  return {
    id: a.id,
    assessmentId: a.assessmentId,
    userId: a.userId,
    number: r.number,
    status: 'in_progress',
    questionOrder: a.order,
    answers: {},
    startedAt: r.started_at,
    deadlineAt: r.deadline_at,
    passingScore: a.passingScore,
    savedAt: null,
    submittedAt: null,
    late: false,
    pointsEarned: null,
    pointsTotal: null,
    score: null,
    passed: null,
    grading: null,
  };
}

/** Merges answers into the open attempt while its time lasts (plus the grace); no row back: refused. */
export const saveAnswers = async (
  db: Db,
  attemptId: string,
  answers: Record<string, string[]>,
  graceSeconds: number,
) =>
  (
    await attempts(
      db,
      'attempt_save',
      `update assessment_attempts set answers = answers || $2::jsonb, saved_at = now()
       where id = $1 and status = 'in_progress'
         and (deadline_at is null or now() <= deadline_at + make_interval(secs => $3::int))
       returning *`,
      [attemptId, JSON.stringify(answers), graceSeconds],
    )
  )[0];

/** Whether the attempt's time is over (deadline plus grace), by the database's clock. */
export async function timeIsUp(db: Db, attemptId: string, graceSeconds: number) {
  const { rows } = await db.execute<{ up: boolean }>(
    sql`select deadline_at is not null and now() > deadline_at + make_interval(secs => ${graceSeconds}) as up
        from assessment_attempts where id = ${attemptId}`,
  );
  return rows[0]?.up ?? false;
}

/**
 * Finishes the attempt with its grade, only if it is still in progress with exactly the answers that were
 * graded (an autosave or another submit in between gives no row: grade again). With `saving`, those graded
 * answers are also saved in the same statement, only while the time lasts. `late` by the database's clock.
 */
export const finishAttempt = async (
  db: Db,
  attempt: { id: string; answers: Record<string, string[]> },
  g: {
    pointsEarned: number;
    pointsTotal: number;
    score: number;
    passed: boolean;
    grading: { questionId: string; correct: boolean; pointsEarned: number }[];
  },
  opts: { graceSeconds: number; saving?: { before: Record<string, string[]> } },
) =>
  (
    await attempts(
      db,
      'attempt_finish',
      `update assessment_attempts set status = 'submitted', submitted_at = now(),
         answers = $2::jsonb, saved_at = case when $9::boolean then now() else saved_at end,
         late = deadline_at is not null and now() > deadline_at + make_interval(secs => $3::int),
         points_earned = $4, points_total = $5, score = $6, passed = $7, grading = $8::jsonb
       where id = $1 and status = 'in_progress' and answers = $10::jsonb
         and (not $9::boolean or deadline_at is null or now() <= deadline_at + make_interval(secs => $3::int))
       returning *`,
      [
        attempt.id,
        JSON.stringify(attempt.answers),
        opts.graceSeconds,
        g.pointsEarned,
        g.pointsTotal,
        g.score,
        g.passed,
        JSON.stringify(g.grading),
        !!opts.saving,
        JSON.stringify(opts.saving?.before ?? attempt.answers),
      ],
    )
  )[0];

/**
 * Summaries of a course's assessments with one learner's attempts (for the episode list and completion):
 * quizzes by episode, the pre-test and the post-test.
 */
export async function summaries(db: Db, userId: string, courseId: string) {
  const { rows } = await db.$client.query<
    Pick<
      RowOf<typeof assessments>,
      | 'id'
      | 'kind'
      | 'episode_id'
      | 'title'
      | 'passing_score'
      | 'max_attempts'
      | 'time_limit_seconds'
      | 'skippable'
    > & {
      question_count: number;
      attempts_used: number;
      /** `max(t.score)`: null without a graded attempt. */
      best: RowOf<typeof assessmentAttempts>['score'];
      passed: boolean;
    }
  >({
    name: 'assessment_summaries',
    text: `select a.id, a.kind, a.episode_id, a.title, a.passing_score, a.max_attempts, a.time_limit_seconds, a.skippable,
            -- What an attempt asks: a pool's draw, or every question not retired.
            least((select count(*) from assessment_questions q
                    where q.assessment_id = a.id and q.retired_at is null),
                  coalesce(a.questions_per_attempt, 2147483647))::int as question_count,
            coalesce(x.used, 0)::int as attempts_used, x.best, coalesce(x.passed, false) as passed
     from assessments a
     left join lateral (
       select count(*) as used, max(t.score) as best, bool_or(t.passed) as passed
       from assessment_attempts t where t.assessment_id = a.id and t.user_id = $2) x on true
     where a.course_id = $1 and assessment_live(a.id)`,
    values: [courseId, userId],
  });
  const byEpisode = new Map<string, AssessmentSummary>();
  let preTest: AssessmentSummary | null = null;
  let postTest: AssessmentSummary | null = null;
  for (const r of rows) {
    const summary: AssessmentSummary = {
      id: r.id,
      kind: r.kind,
      title: r.title,
      questionCount: r.question_count,
      passingScore: r.passing_score,
      maxAttempts: r.max_attempts,
      timeLimitSeconds: r.time_limit_seconds,
      skippable: r.skippable,
      attemptsUsed: r.attempts_used,
      bestScore: r.best,
      passed: r.passed,
    };
    if (r.kind === 'pre_test') preTest = summary;
    else if (r.kind === 'post_test') postTest = summary;
    else if (r.episode_id) byEpisode.set(r.episode_id, summary);
  }
  return { byEpisode, preTest, postTest };
}
