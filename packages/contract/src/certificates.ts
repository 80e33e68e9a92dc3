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

/**
 * What the server found checking the certificate's own Open Badges credential against its published keys:
 * `verified`, `invalid` (the signature or its key does not hold), or `unavailable` (no credential was made:
 * a certificate revoked before credentials existed).
 */
export const credentialCheck = z.object({
  signature: z.enum(['verified', 'invalid', 'unavailable']),
  /** The signing key's id (`kid`, a URL under the API answering the public key), when there is a credential. */
  keyId: z.string().nullable(),
  /** The credential's bit in the published revocation list, and that list's URL. */
  statusListIndex: z.number().int().nullable(),
  statusListCredential: z.string().nullable(),
});
export type CredentialCheck = z.infer<typeof credentialCheck>;

/** `GET /certificates/verify/{code}` (public): what the certificate says, and whether it still holds. */
export const certificateVerification = z.object({
  code: z.string(),
  /** `removed`: the holder closed the account; the name is gone and the credential no longer holds. */
  status: z.enum(['valid', 'revoked', 'removed']),
  learnerName: z.string(),
  courseTitle: z.string(),
  courseSlug: z.string(),
  issuedAt: z.string(),
  revokedAt: z.string().nullable(),
  credential: credentialCheck,
});
export type CertificateVerification = z.infer<typeof certificateVerification>;

export const CERTIFICATE_PDF_TYPE = 'application/pdf';
export const certificateFilename = (code: string) => `certificate-${code}.pdf`;
/** Path of the public verification page of a code (web route). */
export const certificatePagePath = (code: string) => `/certificates/${code}`;

/** The JSON-LD contexts of an Open Badges 3.0 credential, in order. */
export const OPEN_BADGES_CONTEXTS = [
  'https://www.w3.org/ns/credentials/v2',
  'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
] as const;

const obProfile = z.object({
  id: z.string(),
  type: z.array(z.string()),
  name: z.string(),
  url: z.string(),
});
/**
 * A certificate as an Open Badges 3.0 `OpenBadgeCredential` (a W3C Verifiable Credential, data model 2.0), as
 * signed in its VC-JWT (docs/decisions/019-verifiable-credentials.md).
 */
export const openBadgeCredential = z.object({
  '@context': z.array(z.string()),
  id: z.string(),
  type: z.array(z.string()),
  name: z.string(),
  description: z.string(),
  issuer: obProfile,
  validFrom: z.string(),
  credentialSubject: z.object({
    id: z.string(),
    type: z.array(z.string()),
    /** The learner's name as on the certificate. */
    identifier: z.array(
      z.object({
        type: z.literal('IdentityObject'),
        identityType: z.string(),
        hashed: z.boolean(),
        identityHash: z.string(),
      }),
    ),
    achievement: z.object({
      id: z.string(),
      type: z.array(z.string()),
      name: z.string(),
      description: z.string(),
      criteria: z.object({ narrative: z.string() }),
    }),
  }),
  credentialStatus: z.object({
    id: z.string(),
    type: z.literal('BitstringStatusListEntry'),
    statusPurpose: z.literal('revocation'),
    /** A base-10 integer as a string, as the Bitstring Status List asks. */
    statusListIndex: z.string(),
    statusListCredential: z.string(),
  }),
});
export type OpenBadgeCredential = z.infer<typeof openBadgeCredential>;

/**
 * `GET /certificates/{code}/credential` (the owner only): the signed credential (compact VC-JWT, what a verifier
 * or a wallet takes) and the credential it carries, readable.
 */
export const certificateCredential = z.object({
  jwt: z.string(),
  credential: openBadgeCredential,
});
export type CertificateCredential = z.infer<typeof certificateCredential>;

/** `GET /certificates/jwks.json` (public): every key that ever signed a credential. */
export const credentialKeySet = z.object({
  keys: z.array(z.record(z.string(), z.string())),
});
export const credentialStatusListParams = z.object({ list: z.coerce.number().int().min(1).max(1_000_000) });
export const credentialKeyParams = z.object({ kid: z.string().regex(/^[A-Za-z0-9_-]{16,100}$/) });

/** The baked badge: a PNG whose `openbadgecredential` iTXt chunk holds the compact JWT. */
export const CREDENTIAL_BADGE_TYPE = 'image/png';
export const credentialFilename = (code: string) => `certificate-${code}.credential.json`;
export const badgeFilename = (code: string) => `certificate-${code}.badge.png`;
export const certificateCredentialPath = (code: string) => `/certificates/${code}/credential`;
export const certificateBadgePath = (code: string) => `/certificates/${code}/badge.png`;
