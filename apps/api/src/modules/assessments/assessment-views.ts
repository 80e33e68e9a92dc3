import type {
  AssessmentDetail,
  AssessmentResult,
  AttemptInProgress,
  QuestionAnswer,
} from '@rianroo/contract';
import type { Attempt, AssessmentRow, QuestionRow } from './assessments.repo.js';
import { choicesIn } from './pool.js';

/** What a learner sees of tests and attempts (pure): never a correct flag before the attempt is graded. */

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const answersList = (answers: Record<string, string[]>): QuestionAnswer[] =>
  Object.entries(answers).map(([questionId, choiceIds]) => ({ questionId, choiceIds }));
const attemptsLeftOf = (a: AssessmentRow, attempts: Attempt[]) =>
  a.max_attempts === null ? null : Math.max(0, a.max_attempts - attempts.length);

/**
 * The questions an attempt asks, in its order: those it was started with (a question retired or added since
 * does not change it); with no attempt, the questions a new attempt would ask (none retired).
 */
export function askedIn(t: Attempt | undefined, questions: QuestionRow[]): QuestionRow[] {
  if (!t) return questions.filter((q) => !q.retiredAt);
  const byId = new Map(questions.map((q) => [q.id, q]));
  return t.questionOrder.flatMap((id) => byId.get(id) ?? []);
}

/** The attempt in progress, with the seconds left by this server's clock. */
export function toInProgress(t: Attempt): AttemptInProgress {
  return {
    attemptId: t.id,
    number: t.number,
    startedAt: t.startedAt.toISOString(),
    deadlineAt: iso(t.deadlineAt),
    secondsLeft: t.deadlineAt ? Math.max(0, Math.ceil((t.deadlineAt.getTime() - Date.now()) / 1000)) : null,
    savedAt: iso(t.savedAt),
    answers: answersList(t.answers),
  };
}

/**
 * A test with the learner's attempts. A timed test, or one drawing from a pool, shows its questions only once
 * an attempt runs (the pool is never shown whole); they come in that attempt's order, and so do their choices.
 * A test no longer live (the learner has attempts of it) shows the questions of their own attempt, the one in
 * progress or else the latest: those their results are about, nothing new.
 */
export function toDetail(a: AssessmentRow, questions: QuestionRow[], attempts: Attempt[]): AssessmentDetail {
  const open = attempts.find((t) => t.status === 'in_progress');
  const graded = attempts.filter((t) => t.status === 'submitted');
  const mine = a.live ? open : (open ?? attempts[0]);
  const pool = askedIn(mine, questions);
  const drawn = !mine && a.questions_per_attempt !== null && a.questions_per_attempt < pool.length;
  // With no attempt, what a new one would ask: a pool's draw is as many questions as it asks.
  const asked = drawn ? [] : pool;
  const count = drawn ? a.questions_per_attempt! : pool.length;
  const shown = !drawn && (!a.time_limit_seconds || open || !a.live);
  const scores = graded.map((t) => t.score ?? 0);
  return {
    id: a.id,
    courseId: a.course_id,
    episodeId: a.episode_id,
    kind: a.kind,
    title: a.title,
    description: a.description,
    // The attempt in progress is graded at the mark it started under (an edit since is for the next one).
    passingScore: open?.passingScore ?? a.passing_score,
    maxAttempts: a.max_attempts,
    timeLimitSeconds: a.time_limit_seconds,
    skippable: a.skippable,
    questionCount: count,
    // A pool's draw before it is made: as many points as the questions it asks hold on average (of whole points).
    totalPoints: drawn
      ? Math.round((pool.reduce((sum, q) => sum + q.points, 0) * count) / pool.length)
      : asked.reduce((sum, q) => sum + q.points, 0),
    questions: shown
      ? // Only what a learner may see: never the correct flags or the explanation.
        asked.map((q) => ({
          id: q.id,
          kind: q.kind,
          prompt: q.prompt,
          points: q.points,
          choices: choicesIn(mine?.id, q, a.shuffle_questions).map((c) => ({ id: c.id, label: c.label })),
        }))
      : [],
    attemptsUsed: attempts.length,
    attemptsLeft: attemptsLeftOf(a, attempts),
    bestScore: scores.length ? Math.max(...scores) : null,
    passed: graded.some((t) => t.passed),
    inProgress: open ? toInProgress(open) : null,
    live: a.live,
  };
}

/**
 * A graded attempt, each question as the learner saw it with their picks. The right choices and the
 * explanations (which give them away) are shown once the learner has passed or has no attempt left; before
 * that a retry would be a copy; never when the author withholds them (`reveal_answers` off). A pre-test is diagnostic: its score and the topics to study, never a right
 * answer, an explanation, or a mark per question (on a true/false question a mark is the answer).
 */
export function toResult(
  a: AssessmentRow,
  questions: QuestionRow[],
  t: Attempt,
  attempts: Attempt[],
): AssessmentResult {
  const attemptsLeft = attemptsLeftOf(a, attempts);
  const open = attempts.some((x) => x.status === 'in_progress');
  const diagnostic = a.kind === 'pre_test';
  const withheld = !diagnostic && !a.reveal_answers;
  const reveal =
    !diagnostic && !withheld && (attempts.some((x) => x.passed) || (attemptsLeft === 0 && !open));
  const byId = new Map(questions.map((q) => [q.id, q]));
  const graded = (t.grading ?? []).flatMap((g) => {
    const q = byId.get(g.questionId);
    return q ? [{ g, q }] : [];
  });
  return {
    attemptId: t.id,
    assessmentId: a.id,
    number: t.number,
    startedAt: t.startedAt.toISOString(),
    submittedAt: (t.submittedAt ?? t.startedAt).toISOString(),
    score: t.score ?? 0,
    pointsEarned: t.pointsEarned ?? 0,
    pointsTotal: t.pointsTotal ?? 0,
    passed: t.passed ?? false,
    diagnostic,
    studyTopics: [
      ...new Set(graded.flatMap(({ g, q }) => (!g.correct && q.topic.trim() ? [q.topic.trim()] : []))),
    ],
    late: t.late,
    answersWithheld: withheld,
    attemptsLeft,
    questions: graded.map(({ g, q }) => ({
      questionId: q.id,
      kind: q.kind,
      prompt: q.prompt,
      choices: choicesIn(t.id, q, a.shuffle_questions).map((c) => ({ id: c.id, label: c.label })),
      topic: q.topic,
      points: q.points,
      choiceIds: t.answers[q.id] ?? [],
      correct: diagnostic ? null : g.correct,
      pointsEarned: diagnostic ? null : g.pointsEarned,
      correctChoiceIds: reveal ? q.choices.filter((c) => c.correct).map((c) => c.id) : null,
      explanation: reveal ? q.explanation : null,
    })),
  };
}
