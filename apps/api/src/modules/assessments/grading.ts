import { type AssessmentKind, withoutPassMark } from '@rianroo/contract';
/** Grading of an attempt, on the server only (PRODUCT.md section 6). Pure: the tests hold it to the rules. */

export interface GradedChoice {
  id: string;
  correct: boolean;
}
export interface GradedQuestion {
  id: string;
  kind: 'single' | 'multiple' | 'true_false';
  points: number;
  choices: GradedChoice[];
}
export interface QuestionGrade {
  questionId: string;
  correct: boolean;
  pointsEarned: number;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Single choice and true/false: all the points for the one right pick, none otherwise. Multiple choice:
 * right when exactly the right choices are picked; otherwise partial points, each right pick earning its
 * share and each wrong pick taking one share back (never below zero), so ticking everything earns nothing.
 */
export function gradeQuestion(q: GradedQuestion, picked: readonly string[]): QuestionGrade {
  const picks = new Set(picked.filter((id) => q.choices.some((c) => c.id === id)));
  const right = new Set(q.choices.filter((c) => c.correct).map((c) => c.id));
  if (q.kind !== 'multiple') {
    const correct = picks.size === 1 && right.has([...picks][0]!);
    return { questionId: q.id, correct, pointsEarned: correct ? q.points : 0 };
  }
  let hits = 0;
  let misses = 0;
  for (const id of picks) {
    if (right.has(id)) hits++;
    else misses++;
  }
  const correct = right.size > 0 && hits === right.size && misses === 0;
  const share = right.size ? Math.max(0, hits - misses) / right.size : 0;
  return { questionId: q.id, correct, pointsEarned: correct ? q.points : round2(q.points * share) };
}

/** The grade of a whole attempt: points, percent (two decimals) and whether it passes. */
export function gradeAttempt(
  questions: readonly GradedQuestion[],
  answers: Readonly<Record<string, readonly string[]>>,
  passingScore: number,
) {
  const grades = questions.map((q) => gradeQuestion(q, answers[q.id] ?? []));
  const pointsTotal = questions.reduce((sum, q) => sum + q.points, 0);
  const pointsEarned = round2(grades.reduce((sum, g) => sum + g.pointsEarned, 0));
  const score = pointsTotal ? round2((pointsEarned / pointsTotal) * 100) : 0;
  return { grades, pointsEarned, pointsTotal, score, passed: pointsTotal > 0 && score >= passingScore };
}

/** Whether an attempt of this kind, at this pass mark, can pass at all (the contract's `withoutPassMark`). */
export const gradesPass = (kind: AssessmentKind, passingScore: number) =>
  !withoutPassMark({ kind, passingScore });
