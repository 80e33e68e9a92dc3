import { z } from 'zod';
import { uuid } from './common.js';

/**
 * Quizzes and tests (PRODUCT.md section 6). Correct answers stay on the server until an attempt is graded;
 * no schema here before `assessmentResult` has a field that could carry them.
 */
export const assessmentKind = z.enum(['episode_quiz', 'pre_test', 'post_test']);
export type AssessmentKind = z.infer<typeof assessmentKind>;
/**
 * A pre-test without a pass mark (0%) grades nothing: it is never "passed", and so never "not passed" either
 * (PRODUCT.md section 6). The API grades by it; screens show such a test's score, not a pass or a fail.
 */
export const withoutPassMark = (test: { kind: AssessmentKind; passingScore: number }) =>
  test.kind === 'pre_test' && test.passingScore === 0;
export const questionKind = z.enum(['single', 'multiple', 'true_false']);
export type QuestionKind = z.infer<typeof questionKind>;

export const assessmentQuestion = z.object({
  id: uuid,
  kind: questionKind,
  prompt: z.string(),
  points: z.number().int(),
  choices: z.array(z.object({ id: uuid, label: z.string() })),
});
export type AssessmentQuestion = z.infer<typeof assessmentQuestion>;

/** The learner's picks for one question (one id for single choice and true/false). */
export const questionAnswer = z.object({
  questionId: uuid,
  choiceIds: z.array(uuid).max(20),
});
export type QuestionAnswer = z.infer<typeof questionAnswer>;

/** The attempt in progress: its deadline when the test is timed, and the answers saved so far. */
export const attemptInProgress = z.object({
  attemptId: uuid,
  number: z.number().int(),
  startedAt: z.string(),
  /** When the time runs out (server clock); null without a time limit. */
  deadlineAt: z.string().nullable(),
  /** Seconds left at the moment of the answer, so a client with a wrong clock still counts down right. */
  secondsLeft: z.number().int().nullable(),
  savedAt: z.string().nullable(),
  answers: z.array(questionAnswer),
});
export type AttemptInProgress = z.infer<typeof attemptInProgress>;

/** What the learner sees of an assessment: never which choice is right. */
export const assessmentDetail = z.object({
  id: uuid,
  courseId: uuid,
  episodeId: uuid.nullable(),
  kind: assessmentKind,
  title: z.string(),
  description: z.string(),
  /** Percent needed to pass. */
  passingScore: z.number().int(),
  /** null: unlimited. */
  maxAttempts: z.number().int().nullable(),
  timeLimitSeconds: z.number().int().nullable(),
  /** A pre-test the author lets learners skip. */
  skippable: z.boolean(),
  /** What an attempt asks: all the questions, or as many as a pool's draw. */
  questionCount: z.number().int(),
  /** The points of the attempt's questions; before a pool's draw, its average share of the pool's points. */
  totalPoints: z.number().int(),
  /**
   * The questions, in this learner's order (their choices too, when the test shuffles). A timed test, or one
   * drawing from a pool, shows them only once an attempt has started (the clock runs from then; each attempt
   * draws its own); an untimed one with no pool always.
   */
  questions: z.array(assessmentQuestion),
  attemptsUsed: z.number().int(),
  /** null: unlimited. */
  attemptsLeft: z.number().int().nullable(),
  /** Best score in percent over the graded attempts, null before the first. */
  bestScore: z.number().nullable(),
  passed: z.boolean(),
  inProgress: attemptInProgress.nullable(),
  /**
   * Learners see the test now. False when it was unpublished or hidden since this learner took it: they still
   * read their own attempts and results (and may finish the attempt in progress), and no new attempt starts.
   */
  live: z.boolean(),
});
export type AssessmentDetail = z.infer<typeof assessmentDetail>;

/** A short view of an assessment for the episode list and the course's progress. */
export const assessmentSummary = z.object({
  id: uuid,
  kind: assessmentKind,
  title: z.string(),
  questionCount: z.number().int(),
  passingScore: z.number().int(),
  maxAttempts: z.number().int().nullable(),
  timeLimitSeconds: z.number().int().nullable(),
  skippable: z.boolean(),
  attemptsUsed: z.number().int(),
  bestScore: z.number().nullable(),
  passed: z.boolean(),
});
export type AssessmentSummary = z.infer<typeof assessmentSummary>;

export const episodeAssessmentsParams = z.object({ episodeId: uuid });
export const courseAssessmentsParams = z.object({ courseId: uuid });
export const assessmentList = z.array(assessmentDetail);

/**
 * `POST /assessment-response`: saves answers of the attempt in progress; an empty `answers` starts one (and its
 * clock) when none is. Answers replace earlier answers of the same questions. Answers with no attempt open
 * (another tab submitted it, or its time ran out) start nothing: 409 NO_ATTEMPT_IN_PROGRESS or TIME_UP.
 */
export const assessmentResponseBody = z.object({
  assessmentId: uuid,
  answers: z.array(questionAnswer).max(500).default([]),
});

/**
 * `POST /assessment-result`: submits and grades the attempt in progress (or the named one; submitting an
 * attempt already graded answers its result again, so two tabs count it once). `answers`, when given, are
 * saved first, as long as the time has not run out.
 */
export const assessmentSubmitBody = z.object({
  assessmentId: uuid,
  attemptId: uuid.optional(),
  answers: z.array(questionAnswer).max(500).optional(),
});

export const questionResult = z.object({
  questionId: uuid,
  kind: questionKind,
  /** The question as the learner saw it, so that a result is readable on its own (also of a timed test). */
  prompt: z.string(),
  choices: z.array(z.object({ id: uuid, label: z.string() })),
  /** What the question is about (the author's topic), empty when none is given. */
  topic: z.string(),
  points: z.number().int(),
  /** The learner's picks. */
  choiceIds: z.array(uuid),
  /** Right or wrong; null on a pre-test, which is diagnostic (on a true/false question a mark is the answer). */
  correct: z.boolean().nullable(),
  /** null on a pre-test, as `correct`. */
  pointsEarned: z.number().nullable(),
  /**
   * The right choices: shown once the learner has passed or has no attempt left (before that, a retry would
   * be a copy), never for a pre-test; null otherwise.
   */
  correctChoiceIds: z.array(uuid).nullable(),
  /**
   * Why the answer is what it is (the author's explanation, empty when there is none): shown when the right
   * choices are (it gives them away); null otherwise.
   */
  explanation: z.string().nullable(),
});

/** A graded attempt. */
export const assessmentResult = z.object({
  attemptId: uuid,
  assessmentId: uuid,
  number: z.number().int(),
  startedAt: z.string(),
  submittedAt: z.string(),
  /** Percent, two decimals. */
  score: z.number(),
  pointsEarned: z.number(),
  pointsTotal: z.number().int(),
  /** At or above the pass mark; never for a pre-test without one (0%), which grades nothing. */
  passed: z.boolean(),
  /** A pre-test: the score and the topics to study, never right answers or explanations. */
  diagnostic: z.boolean(),
  /** The topics of the questions not answered fully right, each once, in the order asked. */
  studyTopics: z.array(z.string()),
  /** Submitted after the deadline: graded with the answers saved before it. */
  late: z.boolean(),
  /** The author shows no right answers or explanations for this test, ever (`revealAnswers` off). */
  answersWithheld: z.boolean(),
  attemptsLeft: z.number().int().nullable(),
  questions: z.array(questionResult),
});
export type AssessmentResult = z.infer<typeof assessmentResult>;
export const assessmentResultQuery = z.object({ assessmentId: uuid });
export const assessmentResultList = z.array(assessmentResult);

/** Seconds after the deadline in which answers sent before it (in flight) are still taken. */
export const ANSWER_GRACE_SECONDS = 5;
