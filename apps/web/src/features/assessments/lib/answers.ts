import type { AssessmentQuestion, QuestionAnswer } from '@rianroo/contract';

/** The learner's picks by question id. */
export type Answers = Record<string, string[]>;

export const fromList = (list: QuestionAnswer[]): Answers =>
  Object.fromEntries(list.map((a) => [a.questionId, a.choiceIds]));

/** Every question answered so far, in the shape the API takes. */
export const toList = (answers: Answers): QuestionAnswer[] =>
  Object.entries(answers)
    .filter(([, choiceIds]) => choiceIds.length > 0)
    .map(([questionId, choiceIds]) => ({ questionId, choiceIds }));

export const isAnswered = (answers: Answers, questionId: string) => (answers[questionId]?.length ?? 0) > 0;

export const answeredCount = (questions: AssessmentQuestion[], answers: Answers) =>
  questions.filter((q) => isAnswered(answers, q.id)).length;

/** The picks after choosing `choiceId`: one choice replaces the other, a checkbox toggles. */
export function pick(q: AssessmentQuestion, current: string[], choiceId: string, checked: boolean): string[] {
  if (q.kind !== 'multiple') return [choiceId];
  const rest = current.filter((id) => id !== choiceId);
  // Kept in the order of the choices, so the saved answer does not depend on the order of clicks.
  const next = checked ? [...rest, choiceId] : rest;
  return q.choices.map((c) => c.id).filter((id) => next.includes(id));
}

/** Where a test opens: the first question not answered yet, else the first. */
export const firstUnanswered = (questions: AssessmentQuestion[], answers: Answers) =>
  Math.max(
    0,
    questions.findIndex((q) => !isAnswered(answers, q.id)),
  );

/** mm:ss, or h:mm:ss for an hour or more. */
export function countdownText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
