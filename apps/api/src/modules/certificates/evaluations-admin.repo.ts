import type { AdminEvaluationQuestion, EvaluationQuestionInput } from '@rianroo/contract';
import type { TxClient } from '../../db/client.js';
import type { RowOf } from '../../db/rows.js';
import type { evaluationQuestions as evaluationQuestionsTable } from '../../db/schema.js';
import { uuidv7 } from '../../lib/ids.js';

type Queryable = Pick<TxClient, 'query'>;

/** A question as SELECT reads it, with whether it has been answered. */
type QuestionRow = RowOf<typeof evaluationQuestionsTable> & { answered: boolean };

const toQuestion = (r: QuestionRow): AdminEvaluationQuestion => ({
  id: r.id,
  sort: r.sort,
  kind: r.kind,
  promptTh: r.prompt_th,
  promptEn: r.prompt_en,
  choices: r.choices,
  required: r.required,
  active: r.active,
  answered: r.answered,
});

/** `answered`: some learner's evaluation has an answer to it. */
const SELECT = `select q.*, exists (select 1 from course_evaluations e, jsonb_array_elements(e.answers) x
                                    where x->>'questionId' = q.id::text) as answered
  from evaluation_questions q`;

export async function evaluationQuestions(c: Queryable) {
  const { rows } = await c.query<QuestionRow>(`${SELECT} order by q.sort, q.id`);
  return rows.map(toQuestion);
}

export async function evaluationQuestion(c: Queryable, id: string) {
  const { rows } = await c.query<QuestionRow>(`${SELECT} where q.id = $1`, [id]);
  return rows[0] ? toQuestion(rows[0]) : undefined;
}

/**
 * The form is one list for every course, with one transaction-scoped lock: administrators' writes take it
 * exclusive (they take turns), a learner's evaluation takes it shared while it checks its answers against the
 * questions and stores them (evaluations run side by side; an edit or deletion comes before or after each).
 */
export async function lockForm(c: Pick<TxClient, 'query'>, mode: 'exclusive' | 'shared' = 'exclusive') {
  await c.query(
    `select ${mode === 'shared' ? 'pg_advisory_xact_lock_shared' : 'pg_advisory_xact_lock'}(hashtext('evaluation_questions'))`,
  );
}

const choicesJson = (q: EvaluationQuestionInput) =>
  JSON.stringify(
    q.choices.map((ch) => ({ id: ch.id ?? uuidv7(), labelTh: ch.labelTh, labelEn: ch.labelEn })),
  );

export async function insertEvaluationQuestion(c: TxClient, q: EvaluationQuestionInput) {
  const id = uuidv7();
  await c.query(
    `insert into evaluation_questions (id, sort, kind, prompt_th, prompt_en, choices, required, active)
     values ($1, (select coalesce(max(sort), 0) + 1 from evaluation_questions), $2, $3, $4, $5::jsonb, $6, $7)`,
    [id, q.kind, q.promptTh, q.promptEn, choicesJson(q), q.required, q.active],
  );
  return id;
}

export async function updateEvaluationQuestion(c: TxClient, id: string, q: EvaluationQuestionInput) {
  await c.query(
    `update evaluation_questions
        set kind = $2, prompt_th = $3, prompt_en = $4, choices = $5::jsonb, required = $6, active = $7
      where id = $1`,
    [id, q.kind, q.promptTh, q.promptEn, choicesJson(q), q.required, q.active],
  );
}

export async function deleteEvaluationQuestion(c: TxClient, id: string) {
  await c.query(`delete from evaluation_questions where id = $1`, [id]);
}

export async function orderEvaluationQuestions(c: TxClient, ids: string[]) {
  await c.query(
    `update evaluation_questions q set sort = x.n from unnest($1::uuid[]) with ordinality as x(id, n)
     where q.id = x.id`,
    [ids],
  );
}
