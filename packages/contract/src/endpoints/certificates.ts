import { z } from 'zod';
import { adminEvaluationList, evaluationQuestionInput, questionOrder } from '../admin-assessments.js';
import {
  certificateCodeParams,
  certificateCourseParams,
  certificateCredential,
  certificateEmailAnswer,
  certificateEmailBody,
  certificateList,
  certificateVerification,
  courseCompletion,
  courseEvaluationBody,
  credentialKeySet,
  credentialStatusListParams,
  evaluationQuestionList,
  evaluationStatus,
  evaluationStatusParams,
  OPEN_BADGES_CONTEXTS,
} from '../certificates.js';
import { idParams } from '../common.js';
import { courseIdParams } from '../courses.js';
import { endpointTable } from '../endpoint.js';
import { apiError } from '../errors.js';

/** The JSON-LD of the issuer's profile (`GET /certificates/issuer`). */
const issuerProfile = z.object({
  '@context': z.array(z.enum(OPEN_BADGES_CONTEXTS)),
  id: z.string(),
  type: z.array(z.string()),
  name: z.string(),
  url: z.string(),
});

const tags = ['certificates'];
const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError };
const ownerErrors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };
const admin = ['admin'];
const adminErrors = { 400: apiError, 404: apiError, 409: apiError };
const list = { 200: adminEvaluationList, ...adminErrors };

export const certificatesEndpoints = endpointTable({
  'GET /api/course/:id/completion': {
    audience: 'user',
    tags,
    summary: 'Where I stand in a course: episodes, tests, completion, evaluation, certificate',
    params: courseIdParams,
    answers: { 200: courseCompletion, ...errors },
  },
  'GET /api/course-evaluation-question/active': {
    audience: 'user',
    tags,
    summary: 'The questions of the course evaluation form, active ones only',
    answers: { 200: evaluationQuestionList, 401: apiError },
  },
  'POST /api/course-evaluation': {
    audience: 'user',
    tags,
    summary: 'Evaluate a completed course, once (409 ALREADY_EXISTS the second time)',
    body: courseEvaluationBody,
    answers: { 201: evaluationStatus, ...errors },
  },
  'GET /api/course-evaluation/status/:courseID/:uid': {
    audience: 'user',
    tags,
    summary: 'Whether a learner evaluated a course (self or admin only)',
    params: evaluationStatusParams,
    answers: { 200: evaluationStatus, ...errors },
  },
  'GET /api/media/get-certificate/:courseId': {
    audience: 'user',
    tags,
    summary: 'My certificate of a completed course (PDF), issued on the first call',
    params: certificateCourseParams,
    answers: { 200: z.any().describe('application/pdf: the certificate'), ...errors },
  },
  'POST /api/media/get-certificate-to-email': {
    audience: 'user',
    tags,
    summary: 'E-mail my certificate (PDF attached) to my address',
    body: certificateEmailBody,
    answers: { 200: certificateEmailAnswer, 429: apiError, ...errors },
  },
  'GET /api/users/certificates': {
    audience: 'user',
    tags,
    summary: 'My certificates',
    answers: { 200: certificateList },
  },
  'GET /api/certificates/verify/:code': {
    audience: 'public',
    tags,
    summary: 'Public: what a certificate says and whether it holds (404 for an unknown code)',
    params: certificateCodeParams,
    answers: { 200: certificateVerification, 400: apiError, 404: apiError },
  },

  // Open Badges 3.0: keys, issuer, status lists (public) and the owner's credential and badge.
  'GET /api/certificates/jwks.json': {
    audience: 'public',
    tags,
    summary: 'Public: every key that ever signed a credential (JWKS); old keys stay after a rotation',
    answers: { 200: credentialKeySet },
  },
  'GET /api/certificates/issuer': {
    audience: 'public',
    tags,
    summary: "Public: the credentials' issuer (an Open Badges Profile)",
    answers: { 200: issuerProfile },
  },
  'GET /api/certificates/status/:list': {
    audience: 'public',
    tags,
    summary: 'Public: a revocation list now (BitstringStatusListCredential as a VC-JWT, application/vc+jwt)',
    params: credentialStatusListParams,
    answers: {
      200: z.string().describe('application/vc+jwt'),
      304: z.null(),
      400: apiError,
      404: apiError,
    },
  },
  'GET /api/certificates/:code/credential': {
    audience: 'user',
    tags,
    summary: 'My certificate as a signed Open Badges 3.0 credential (VC-JWT and its JSON)',
    params: certificateCodeParams,
    answers: { 200: certificateCredential, ...ownerErrors },
  },
  'GET /api/certificates/:code/badge.png': {
    audience: 'user',
    tags,
    summary: 'My certificate as a PNG badge with its credential baked in (iTXt openbadgecredential)',
    params: certificateCodeParams,
    answers: { 200: z.any().describe('image/png: the baked badge'), ...ownerErrors },
  },

  // The console: the course evaluation form's questions (one form for every course).
  'GET /api/admin/evaluation-questions': {
    audience: 'admin',
    tags: admin,
    summary: 'The evaluation form, inactive questions included',
    answers: list,
  },
  'POST /api/admin/evaluation-questions': {
    audience: 'admin',
    tags: admin,
    summary: 'Add a question (rating, choice or text) at the end',
    body: evaluationQuestionInput,
    answers: { 201: adminEvaluationList, ...adminErrors },
  },
  'PUT /api/admin/evaluation-questions/:id': {
    audience: 'admin',
    tags: admin,
    summary: 'Edit a question (answered: same kind, every choice kept; 409 QUESTION_ANSWERED)',
    params: idParams,
    body: evaluationQuestionInput,
    answers: list,
  },
  'DELETE /api/admin/evaluation-questions/:id': {
    audience: 'admin',
    tags: admin,
    summary: 'Delete a question nobody answered (409 QUESTION_ANSWERED otherwise: make it inactive)',
    params: idParams,
    answers: { 204: z.null(), ...adminErrors },
  },
  'PUT /api/admin/evaluation-question-order': {
    audience: 'admin',
    tags: admin,
    summary: 'Order the questions (every question once; 409 STALE_EDIT otherwise)',
    body: questionOrder,
    answers: list,
  },
});
