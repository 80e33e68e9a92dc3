import type { AdminAssessment, AdminQuestion } from '@rianroo/contract';
import type { TxClient } from '../../db/client.js';
import type { RowOf } from '../../db/rows.js';
import type { assessmentChoices, assessmentQuestions, assessments } from '../../db/schema.js';

type Queryable = Pick<TxClient, 'query'>;

/** An assessment as ASSESSMENT reads it: with its attempts counted (`::int`) and `assessment_live`. */
type AdminAssessmentRow = RowOf<typeof assessments> & { attempt_count: number; learners_see: boolean };

/** A question as questionsOf reads it: `choices` is the `json_agg` of its choices, parsed by node-postgres. */
type AdminQuestionRow = RowOf<typeof assessmentQuestions> & {
  answered: boolean;
  choices: Pick<RowOf<typeof assessmentChoices>, 'id' | 'label' | 'correct'>[];
};

const toAssessment = (a: AdminAssessmentRow, questions: AdminQuestion[]): AdminAssessment => ({
  id: a.id,
  courseId: a.course_id,
  episodeId: a.episode_id ?? null,
  kind: a.kind,
  title: a.title,
  description: a.description,
  passingScore: a.passing_score,
  maxAttempts: a.max_attempts ?? null,
  timeLimitSeconds: a.time_limit_seconds ?? null,
  shuffleQuestions: a.shuffle_questions,
  questionsPerAttempt: a.questions_per_attempt ?? null,
  revealAnswers: a.reveal_answers,
  skippable: a.skippable,
  published: a.published,
  attemptCount: a.attempt_count,
  learnersSee: a.learners_see,
  questions,
  // bigint: node-postgres reads it as a string.
  version: String(a.edit_version),
});

const ASSESSMENT = `select a.*, (select count(*) from assessment_attempts t where t.assessment_id = a.id)::int as attempt_count,
    assessment_live(a.id) as learners_see
  from assessments a`;

/**
 * Questions with their choices and right answers. A question is `answered` once any attempt has shown it
 * (its id is in the attempt's question order): from then on learners' answers and grades point at it.
 */
async function questionsOf(c: Queryable, assessmentIds: string[]) {
  const { rows } = await c.query<AdminQuestionRow>(
    `select q.*, exists (select 1 from assessment_attempts t
                          where t.assessment_id = q.assessment_id and q.id = any(t.question_order)) as answered,
            coalesce((select json_agg(json_build_object('id', ch.id, 'label', ch.label, 'correct', ch.correct)
                               order by ch.sort, ch.id)
                        from assessment_choices ch where ch.question_id = q.id), '[]') as choices
       from assessment_questions q where q.assessment_id = any($1::uuid[]) order by q.sort, q.id`,
    [assessmentIds],
  );
  return rows.map((q) => ({
    assessmentId: q.assessment_id,
    question: {
      id: q.id,
      sort: q.sort,
      kind: q.kind,
      prompt: q.prompt,
      explanation: q.explanation,
      topic: q.topic,
      points: q.points,
      choices: q.choices,
      answered: q.answered,
      retired: q.retired_at !== null,
    },
  }));
}

/** One assessment with its questions; `lock` takes its row lock, so edits of one assessment take turns. */
export async function findAdminAssessment(c: Queryable, id: string, lock = false) {
  if (lock) await c.query(`select 1 from assessments where id = $1 for update`, [id]);
  const { rows } = await c.query<AdminAssessmentRow>(`${ASSESSMENT} where a.id = $1`, [id]);
  if (!rows[0]) return undefined;
  const qs = await questionsOf(c, [id]);
  return toAssessment(
    rows[0],
    qs.map((q) => q.question),
  );
}

/** The course's assessments: pre-test, quizzes in episode order, post-test. */
export async function courseAssessments(c: Queryable, courseId: string) {
  const { rows } = await c.query<AdminAssessmentRow>(
    `${ASSESSMENT} left join episodes e on e.id = a.episode_id where a.course_id = $1
      order by case a.kind when 'pre_test' then 0 when 'episode_quiz' then 1 else 2 end, e.sort, a.id`,
    [courseId],
  );
  const qs = await questionsOf(
    c,
    rows.map((r) => r.id),
  );
  return rows.map((a) =>
    toAssessment(
      a,
      qs.filter((q) => q.assessmentId === a.id).map((q) => q.question),
    ),
  );
}

/** Which assessment a question belongs to. */
export async function assessmentOfQuestion(c: Queryable, questionId: string) {
  const { rows } = await c.query<{ assessment_id: string }>(
    `select assessment_id from assessment_questions where id = $1`,
    [questionId],
  );
  return rows[0]?.assessment_id;
}

/** The course an episode belongs to, or undefined. */
export async function courseOfEpisode(c: Queryable, episodeId: string) {
  const { rows } = await c.query<{ course_id: string }>(`select course_id from episodes where id = $1`, [
    episodeId,
  ]);
  return rows[0]?.course_id;
}
