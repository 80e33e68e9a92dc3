import type { AssessmentCreate, AssessmentUpdate, QuestionInput } from '@rianroo/contract';
import type { TxClient } from '../../db/client.js';
import { renumber, type Children } from '../../db/renumber.js';
import { uuidv7 } from '../../lib/ids.js';

const SETTINGS = {
  title: 'title',
  description: 'description',
  passingScore: 'passing_score',
  maxAttempts: 'max_attempts',
  timeLimitSeconds: 'time_limit_seconds',
  shuffleQuestions: 'shuffle_questions',
  questionsPerAttempt: 'questions_per_attempt',
  revealAnswers: 'reveal_answers',
  skippable: 'skippable',
  published: 'published',
} as const;

/**
 * A new version of the assessment: learners' requests keep its questions by `updated_at` to the millisecond
 * and start an attempt only on the version they read, so every edit moves it on by at least a millisecond.
 */
export async function bumpVersion(c: TxClient, id: string) {
  await c.query(
    `update assessments set updated_at =
       date_trunc('milliseconds', greatest(clock_timestamp(), updated_at + interval '1 millisecond'))
     where id = $1`,
    [id],
  );
}

export async function insertAssessment(c: TxClient, courseId: string, input: AssessmentCreate) {
  const id = uuidv7();
  await c.query(
    `insert into assessments (id, course_id, episode_id, kind, title) values ($1, $2, $3, $4, $5)`,
    [id, courseId, input.episodeId, input.kind, input.title],
  );
  await updateAssessment(c, id, { ...input, title: undefined });
  return id;
}

/** An edit of the settings: it raises their edit version (and moves the learners' version on). */
export async function updateAssessment(c: TxClient, id: string, input: Omit<AssessmentUpdate, 'version'>) {
  const sets: string[] = [];
  const values: unknown[] = [];
  for (const [key, column] of Object.entries(SETTINGS)) {
    const v = input[key as keyof typeof input];
    if (v === undefined) continue;
    values.push(v);
    sets.push(`${column} = $${values.length + 1}`);
  }
  await c.query(
    `update assessments set ${[...sets, 'edit_version = edit_version + 1'].join(', ')} where id = $1`,
    [id, ...values],
  );
  await bumpVersion(c, id);
}

export async function deleteAssessment(c: TxClient, id: string) {
  await c.query(`delete from assessments where id = $1`, [id]);
}

type Question = QuestionInput;

/** An assessment's questions, in their order. */
const QUESTIONS: Children = { table: 'assessment_questions', parent: 'assessment_id', sort: 'sort' };

/** A new question at the end (the caller holds the assessment's row lock, so two adds get two places). */
export async function insertQuestion(c: TxClient, assessmentId: string, q: Question) {
  const id = uuidv7();
  await c.query(
    `insert into assessment_questions (id, assessment_id, sort, kind, prompt, explanation, topic, points)
     values ($1, $2, (select coalesce(max(sort), 0) + 1 from assessment_questions where assessment_id = $2),
             $3, $4, $5, $6, $7)`,
    [id, assessmentId, q.kind, q.prompt, q.explanation, q.topic, q.points],
  );
  await writeChoices(c, id, q.choices);
  return id;
}

/** The question's fields, and its choices as given: kept by id, the others removed, new ones added. */
export async function updateQuestion(c: TxClient, id: string, q: Question) {
  await c.query(
    `update assessment_questions set kind = $2, prompt = $3, explanation = $4, topic = $5, points = $6 where id = $1`,
    [id, q.kind, q.prompt, q.explanation, q.topic, q.points],
  );
  const kept = q.choices.flatMap((ch) => (ch.id ? [ch.id] : []));
  await c.query(`delete from assessment_choices where question_id = $1 and not (id = any($2::uuid[]))`, [
    id,
    kept,
  ]);
  await writeChoices(c, id, q.choices);
}

/**
 * Writes the question's choices: new ones added, its own ones (by id) changed. A choice of another question is
 * never touched (the services refuse such ids first; this is the database's side of the same rule).
 */
async function writeChoices(c: TxClient, questionId: string, choices: Question['choices']) {
  const { rowCount } = await c.query(
    `insert into assessment_choices (id, question_id, sort, label, correct)
     select x.id, $1, x.n::int, x.label, x.correct
       from unnest($2::uuid[], $3::text[], $4::boolean[]) with ordinality as x(id, label, correct, n)
     on conflict (id) do update set sort = excluded.sort, label = excluded.label, correct = excluded.correct
       where assessment_choices.question_id = excluded.question_id`,
    [
      questionId,
      choices.map((ch) => ch.id ?? uuidv7()),
      choices.map((ch) => ch.label),
      choices.map((ch) => ch.correct),
    ],
  );
  if (rowCount !== choices.length)
    throw new Error(`choices of another question given for question ${questionId}`);
}

export async function deleteQuestion(c: TxClient, id: string, assessmentId: string) {
  await c.query(`delete from assessment_questions where id = $1`, [id]);
  await renumber(c, QUESTIONS, assessmentId);
}

export async function retireQuestion(c: TxClient, id: string, retired: boolean) {
  await c.query(
    `update assessment_questions
        set retired_at = case when $2 then coalesce(retired_at, now()) else null end where id = $1`,
    [id, retired],
  );
}

/** The questions numbered 1..n in the given order, in one statement. */
export async function orderQuestions(c: TxClient, assessmentId: string, ids: string[]) {
  await renumber(c, QUESTIONS, assessmentId, ids);
}
