import {
  EVALUATION_TEXT_MAX,
  hasVisibleText,
  type EvaluationAnswer,
  type EvaluationQuestion,
} from '@rianroo/contract';

/** What the learner has entered for one question so far. */
export type Draft = { rating?: number; choiceId?: string; text?: string };
export type Drafts = Record<string, Draft>;
export type FieldProblem = 'required' | 'tooLong';

const answered = (q: EvaluationQuestion, d: Draft | undefined) =>
  q.kind === 'rating' ? !!d?.rating : q.kind === 'choice' ? !!d?.choiceId : hasVisibleText(d?.text ?? '');

/** The problem of each question that is not right yet (required and empty, or a text too long). */
export function problems(questions: EvaluationQuestion[], drafts: Drafts): Record<string, FieldProblem> {
  const found: Record<string, FieldProblem> = {};
  for (const q of questions) {
    const d = drafts[q.id];
    if (q.kind === 'text' && (d?.text?.trim().length ?? 0) > EVALUATION_TEXT_MAX) found[q.id] = 'tooLong';
    else if (q.required && !answered(q, d)) found[q.id] = 'required';
  }
  return found;
}

/** The answers to send: the questions answered, each with the one field its kind uses. */
export function toAnswers(questions: EvaluationQuestion[], drafts: Drafts): EvaluationAnswer[] {
  return questions
    .filter((q) => answered(q, drafts[q.id]))
    .map((q) => {
      const d = drafts[q.id]!;
      if (q.kind === 'rating') return { questionId: q.id, rating: d.rating };
      if (q.kind === 'choice') return { questionId: q.id, choiceId: d.choiceId };
      return { questionId: q.id, text: d.text!.trim() };
    });
}
