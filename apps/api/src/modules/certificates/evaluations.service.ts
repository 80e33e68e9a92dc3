import { hasVisibleText, type CourseEvaluationBody, type ErrorDetail } from '@rianroo/contract';
import { inTransaction, type Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/errors.js';
import { uuidv7 } from '../../lib/ids.js';
import { lockForm } from './evaluations-admin.repo.js';
import * as repo from './certificates.repo.js';
import { courseCompletion } from '../assessments/index.js';

type Question = Awaited<ReturnType<typeof repo.activeEvaluationQuestions>>[number];
type Answer = CourseEvaluationBody['answers'][number];

/** Checks every answer against the active questions: the right field for the kind, required ones present. */
export function checkEvaluation(questions: Question[], answers: Answer[]) {
  const details: ErrorDetail[] = [];
  const byId = new Map(questions.map((q) => [q.id, q]));
  const given = new Map<string, Answer>();
  const seen = new Set<string>();
  answers.forEach((a, i) => {
    const q = byId.get(a.questionId);
    // Answered on a form that has changed since (a question deleted or made inactive meanwhile): nothing is
    // stored, and the learner reloads the form.
    if (!q)
      throw new AppError(
        'EVALUATION_CHANGED',
        409,
        'The evaluation questions changed while you answered: reload them and answer again',
        [{ path: `answers.${i}.questionId`, message: 'Not an active question' }],
      );
    if (seen.has(q.id)) {
      return details.push({ path: `answers.${i}.questionId`, message: 'Answered twice' });
    }
    seen.add(q.id);
    // Each kind is answered in its one field: another kind's field is a mistake, never quietly dropped.
    const own = q.kind === 'rating' ? 'rating' : q.kind === 'choice' ? 'choiceId' : 'text';
    const other = (['rating', 'choiceId', 'text'] as const).find((k) => k !== own && a[k] !== undefined);
    if (other)
      return details.push({
        path: `answers.${i}.${other}`,
        message: `Not an answer to a ${q.kind} question`,
      });
    const value =
      q.kind === 'rating'
        ? a.rating
        : q.kind === 'choice'
          ? a.choiceId
          : a.text && hasVisibleText(a.text)
            ? a.text
            : undefined;
    if (q.kind === 'choice' && a.choiceId && !q.choices.some((c) => c.id === a.choiceId)) {
      return details.push({ path: `answers.${i}.choiceId`, message: 'Not a choice of this question' });
    }
    if (value !== undefined) given.set(q.id, a);
  });
  for (const q of questions) {
    if (q.required && !given.has(q.id)) details.push({ path: `answers.${q.id}`, message: 'Required' });
  }
  if (details.length)
    throw new AppError('VALIDATION_ERROR', 400, 'Some answers are missing or wrong', details);
  return [...given.values()].map((a) => {
    const q = byId.get(a.questionId)!;
    return q.kind === 'rating'
      ? { questionId: q.id, rating: a.rating }
      : q.kind === 'choice'
        ? { questionId: q.id, choiceId: a.choiceId }
        : { questionId: q.id, text: a.text };
  });
}

export interface EvaluationsDeps {
  db: Db;
}

/** Course evaluations (PRODUCT.md section 6): once per learner and course, after completion. */
export class EvaluationsService {
  constructor(private readonly deps: EvaluationsDeps) {}

  async active() {
    return (await repo.activeEvaluationQuestions(this.deps.db.$client)).map((q) => ({
      id: q.id,
      kind: q.kind,
      promptTh: q.promptTh,
      promptEn: q.promptEn,
      required: q.required,
      choices: q.choices,
    }));
  }

  async evaluate(userId: string, body: CourseEvaluationBody) {
    const course = await repo.certificateCourse(this.deps.db, body.courseId);
    if (!course) throw notFound('Course');
    if (await repo.evaluationOf(this.deps.db, userId, course.id)) throw alreadyEvaluated();
    if (!(await courseCompletion(this.deps.db, userId, course.id)).completed) {
      throw new AppError('COURSE_NOT_COMPLETED', 409, 'Evaluate the course once you have completed it');
    }
    // The form's lock, shared: learners' evaluations do not wait for each other, and an administrator's edit
    // or deletion of a question (which takes it exclusive) comes wholly before or after this one. So the
    // answers are checked against the questions as they are when stored: a question deleted first is refused
    // here (EVALUATION_CHANGED), one answered first cannot be deleted (QUESTION_ANSWERED).
    const row = await inTransaction(this.deps.db, async (c) => {
      await lockForm(c, 'shared');
      const answers = checkEvaluation(await repo.activeEvaluationQuestions(c), body.answers);
      return repo.insertEvaluation(c, { id: uuidv7(), userId, courseId: course.id, answers });
    });
    if (!row) throw alreadyEvaluated();
    return { evaluated: true, evaluatedAt: row.createdAt.toISOString() };
  }

  /** Self or admin only: another learner's id is answered as unknown. */
  async status(auth: { userId: string; role: string }, courseId: string, userId: string) {
    if (auth.userId !== userId && auth.role !== 'admin') throw notFound('User');
    if (!(await repo.certificateCourse(this.deps.db, courseId))) throw notFound('Course');
    const row = await repo.evaluationOf(this.deps.db, userId, courseId);
    return { evaluated: !!row, evaluatedAt: row ? row.createdAt.toISOString() : null };
  }
}

const alreadyEvaluated = () => new AppError('ALREADY_EXISTS', 409, 'You have already evaluated this course');
