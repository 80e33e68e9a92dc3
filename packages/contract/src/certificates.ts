import { z } from 'zod';
import { assessmentSummary } from './assessments.js';
import { textWithoutNul, uuid } from './common.js';

/** Course evaluation questions (PRODUCT.md section 6): a rating 1-5, one choice, or free text. */
export const evaluationQuestionKind = z.enum(['rating', 'choice', 'text']);
export const evaluationQuestion = z.object({
  id: uuid,
  kind: evaluationQuestionKind,
  promptTh: z.string(),
  promptEn: z.string(),
  required: z.boolean(),
  choices: z.array(z.object({ id: z.string(), labelTh: z.string(), labelEn: z.string() })),
});
export type EvaluationQuestion = z.infer<typeof evaluationQuestion>;
export const evaluationQuestionList = z.array(evaluationQuestion);

export const EVALUATION_TEXT_MAX = 2000;
export const evaluationAnswer = z.object({
  questionId: uuid,
  rating: z.number().int().min(1).max(5).optional(),
  choiceId: textWithoutNul().trim().min(1).max(100).optional(),
  text: textWithoutNul().trim().max(EVALUATION_TEXT_MAX).optional(),
});
export type EvaluationAnswer = z.infer<typeof evaluationAnswer>;
export const courseEvaluationBody = z.object({
  courseId: uuid,
  answers: z.array(evaluationAnswer).max(100),
});
export type CourseEvaluationBody = z.infer<typeof courseEvaluationBody>;

/** `GET /course-evaluation/status/{courseID}/{uid}` (self or admin only), and the answer of a new evaluation. */
export const evaluationStatus = z.object({
  evaluated: z.boolean(),
  evaluatedAt: z.string().nullable(),
});
export const evaluationStatusParams = z.object({ courseID: uuid, uid: uuid });

/** A certificate as its owner sees it. */
export const certificate = z.object({
  code: z.string(),
  courseId: uuid,
  courseSlug: z.string(),
  courseTitle: z.string(),
  learnerName: z.string(),
  issuedAt: z.string(),
  revokedAt: z.string().nullable(),
  /** The public verification page. */
  verifyUrl: z.string(),
});
export type Certificate = z.infer<typeof certificate>;
export const certificateList = z.array(certificate);

/**
 * Where a learner stands in a course (`GET /course/{id}/completion`): completed when every non-teaser
 * episode is watched and, if there is a post-test, it is passed; the certificate also needs the evaluation
 * when the course asks for it.
 */
export const courseCompletion = z.object({
  courseId: uuid,
  episodesTotal: z.number().int(),
  episodesWatched: z.number().int(),
  preTest: assessmentSummary.nullable(),
  postTest: assessmentSummary.nullable(),
  /** Every non-teaser episode watched: the post-test opens. */
  episodesDone: z.boolean(),
  completed: z.boolean(),
  completedAt: z.string().nullable(),
  evaluationRequired: z.boolean(),
  evaluated: z.boolean(),
  certificateEnabled: z.boolean(),
  /** The certificate can be had now (issued on the first download). */
  certificateAvailable: z.boolean(),
  certificate: certificate.nullable(),
});
export type CourseCompletion = z.infer<typeof courseCompletion>;

export const certificateCourseParams = z.object({ courseId: uuid });
export const certificateEmailBody = z.object({ courseId: uuid });
export const certificateEmailAnswer = z.object({ sent: z.literal(true), to: z.string() });

/** Public codes: 12 characters of an alphabet without look-alikes (no 0/O, 1/I/L). */
export const CERTIFICATE_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const certificateCodeParams = z.object({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{6,32}$/, 'Not a certificate code'),
});

/** `GET /certificates/verify/{code}` (public): what the certificate says, and whether it still holds. */
export const certificateVerification = z.object({
  code: z.string(),
  status: z.enum(['valid', 'revoked']),
  learnerName: z.string(),
  courseTitle: z.string(),
  courseSlug: z.string(),
  issuedAt: z.string(),
  revokedAt: z.string().nullable(),
});
export type CertificateVerification = z.infer<typeof certificateVerification>;

export const CERTIFICATE_PDF_TYPE = 'application/pdf';
export const certificateFilename = (code: string) => `certificate-${code}.pdf`;
/** Path of the public verification page of a code (web route). */
export const certificatePagePath = (code: string) => `/certificates/${code}`;
