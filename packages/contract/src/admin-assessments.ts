import { z } from 'zod';
import { editVersion } from './admin.js';
import { boundedText, uuid } from './common.js';
import { assessmentKind, questionKind } from './assessments.js';
import { evaluationQuestionKind } from './certificates.js';

/**
 * Editing quizzes, pre/post-tests and the course evaluation form in the admin console. Unlike the learner's
 * schemas these carry the right answers. A question learners have been shown keeps what its grading rests
 * on (kind, points, its choices and which are right): only its wording may change, or it is retired.
 */

const text = boundedText;

export const adminChoice = z.object({ id: z.string(), label: z.string(), correct: z.boolean() });
export type AdminChoice = z.infer<typeof adminChoice>;

export const adminQuestion = z.object({
  id: z.string(),
  sort: z.number().int(),
  kind: questionKind,
  prompt: z.string(),
  explanation: z.string(),
  /** What the question is about: a failed attempt lists the topics to study. */
  topic: z.string(),
  points: z.number().int(),
  choices: z.array(adminChoice),
  /** Learners have been shown it in an attempt: only its wording may change, and it is retired, not deleted. */
  answered: z.boolean(),
  retired: z.boolean(),
});
export type AdminQuestion = z.infer<typeof adminQuestion>;

export const assessmentSettings = z.object({
  title: text(200, 1),
  description: text(5000),
  /** Percent of the points needed to pass. */
  passingScore: z.number().int().min(0).max(100),
  maxAttempts: z.number().int().min(1).max(100).nullable(),
  timeLimitSeconds: z.number().int().min(30).max(86_400).nullable(),
  /** Each attempt shows the questions in its own order and the choices of each question in its own. */
  shuffleQuestions: z.boolean(),
  /**
   * A pool: each attempt draws this many of the questions not retired, spread over their topics; a post-test
   * avoids those the learner met in the pre-test where the pool allows. null: every question, every attempt.
   */
  questionsPerAttempt: z.number().int().min(1).max(500).nullable(),
  /**
   * Right answers and explanations are shown to a learner once they pass or have no attempt left; false: never
   * (each pick is still marked right or wrong). A pre-test never shows them.
   */
  revealAnswers: z.boolean(),
  skippable: z.boolean(),
  published: z.boolean(),
});
export type AssessmentSettings = z.infer<typeof assessmentSettings>;

export const adminAssessment = assessmentSettings.extend({
  id: z.string(),
  courseId: z.string(),
  episodeId: z.string().nullable(),
  kind: assessmentKind,
  /** Attempts learners have started, all told. */
  attemptCount: z.number().int(),
  /**
   * Learners see it now (the one rule, `assessment_live`): published, its episode published when a quiz, and at
   * least one question not retired. A published test without a live question is absent for learners: the
   * console warns instead.
   */
  learnersSee: z.boolean(),
  questions: z.array(adminQuestion),
  /**
   * The edit version of the settings: sent back with an edit of them (`assessmentUpdate`). Not moved by an edit
   * of the questions, which is no edit of what the settings form shows.
   */
  version: z.string(),
});
export type AdminAssessment = z.infer<typeof adminAssessment>;
export const adminAssessmentList = z.object({ items: z.array(adminAssessment) });
export type AdminAssessmentList = z.infer<typeof adminAssessmentList>;

/** A quiz needs its episode; a pre- or post-test has none. One of each per episode or course. */
export const assessmentCreate = assessmentSettings
  .partial()
  .extend({ kind: assessmentKind, episodeId: uuid.nullable().default(null), title: text(200, 1) })
  .refine((a) => (a.kind === 'episode_quiz') === !!a.episodeId, {
    message: 'A quiz belongs to an episode; a pre- or post-test to the course only',
    path: ['episodeId'],
  });
export type AssessmentCreate = z.infer<typeof assessmentCreate>;
/** An edit of the settings, based on the `version` read: refused (409 EDIT_CONFLICT) when older. */
export const assessmentUpdate = assessmentSettings.partial().extend({ version: editVersion });
export type AssessmentUpdate = z.infer<typeof assessmentUpdate>;

/**
 * A question with its choices. Choices that keep their id are the same choice (an answered question must
 * send back exactly its choice ids). Single choice and true/false: exactly one right; multiple: at least one.
 */
/** Choices named by id name each one once (answers are stored by choice id). */
function noChoiceTwice(choices: { id?: string | undefined }[], ctx: z.RefinementCtx) {
  const ids = choices.flatMap((c) => (c.id ? [c.id] : []));
  if (new Set(ids).size !== ids.length)
    ctx.addIssue({ code: 'custom', path: ['choices'], message: 'A choice is listed twice' });
}

/** The longest topic a question may name. */
export const QUESTION_TOPIC_MAX = 120;

export const questionInput = z
  .object({
    kind: questionKind,
    prompt: text(2000, 1),
    explanation: text(5000).default(''),
    /** What the question is about (a pre-test's result lists the topics to study); empty for none. */
    topic: text(QUESTION_TOPIC_MAX).default(''),
    points: z.number().int().min(1).max(100).default(1),
    choices: z
      .array(z.object({ id: uuid.optional(), label: text(500, 1), correct: z.boolean() }))
      .min(2)
      .max(10),
  })
  .superRefine((q, ctx) => {
    const right = q.choices.filter((c) => c.correct).length;
    if (right === 0) ctx.addIssue({ code: 'custom', path: ['choices'], message: 'Mark the right choice' });
    else if (q.kind !== 'multiple' && right > 1)
      ctx.addIssue({
        code: 'custom',
        path: ['choices'],
        message: 'This kind of question has one right choice',
      });
    if (q.kind === 'true_false' && q.choices.length !== 2)
      ctx.addIssue({ code: 'custom', path: ['choices'], message: 'True or false has exactly two choices' });
    noChoiceTwice(q.choices, ctx);
  });
export type QuestionInput = z.infer<typeof questionInput>;
/** What a form sends (defaults not yet filled in). */
export type QuestionDraft = z.input<typeof questionInput>;

export const questionRetire = z.object({ retired: z.boolean() });
export const questionOrder = z.object({ questionIds: z.array(uuid).min(1).max(500) });
export type QuestionOrder = z.infer<typeof questionOrder>;

export const adminEvaluationQuestion = z.object({
  id: z.string(),
  sort: z.number().int(),
  kind: evaluationQuestionKind,
  promptTh: z.string(),
  promptEn: z.string(),
  choices: z.array(z.object({ id: z.string(), labelTh: z.string(), labelEn: z.string() })),
  required: z.boolean(),
  /** Only active questions are asked; an answered question is made inactive, never deleted. */
  active: z.boolean(),
  answered: z.boolean(),
});
export type AdminEvaluationQuestion = z.infer<typeof adminEvaluationQuestion>;
export const adminEvaluationList = z.object({ items: z.array(adminEvaluationQuestion) });
export type AdminEvaluationList = z.infer<typeof adminEvaluationList>;

export const evaluationQuestionInput = z
  .object({
    kind: evaluationQuestionKind,
    promptTh: text(1000, 1),
    promptEn: text(1000, 1),
    required: z.boolean().default(false),
    active: z.boolean().default(true),
    choices: z
      .array(z.object({ id: uuid.optional(), labelTh: text(300, 1), labelEn: text(300, 1) }))
      .max(10)
      .default([]),
  })
  .superRefine((q, ctx) => {
    if (q.kind === 'choice' && q.choices.length < 2)
      ctx.addIssue({
        code: 'custom',
        path: ['choices'],
        message: 'A choice question needs two choices or more',
      });
    if (q.kind !== 'choice' && q.choices.length)
      ctx.addIssue({ code: 'custom', path: ['choices'], message: 'Only a choice question has choices' });
    noChoiceTwice(q.choices, ctx);
  });
export type EvaluationQuestionInput = z.infer<typeof evaluationQuestionInput>;
