import {
  apiError,
  certificateCodeParams,
  certificateCourseParams,
  certificateEmailAnswer,
  certificateEmailBody,
  certificateList,
  certificateVerification,
  courseCompletion,
  courseEvaluationBody,
  courseIdParams,
  evaluationQuestionList,
  evaluationStatus,
  evaluationStatusParams,
} from '@rianroo/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inlineDisposition } from '../documents/documents.routes.js';
import type { CertificatesService } from './certificates.service.js';
import { credentialsRoutes } from './credentials.routes.js';
import type { EvaluationsService } from './evaluations.service.js';

export const certificatesRoutes: FastifyPluginAsyncZod<{
  certificates: CertificatesService;
  evaluations: EvaluationsService;
}> = async (app, { certificates, evaluations }) => {
  const auth = { onRequest: app.authenticate };
  const security = [{ bearerAuth: [] }];
  const tags = ['certificates'];
  const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError };

  app.get(
    '/course/:id/completion',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Where I stand in a course: episodes, tests, completion, evaluation, certificate',
        params: courseIdParams,
        response: { 200: courseCompletion, ...errors },
      },
    },
    (r) => certificates.completion(r.auth.userId, r.params.id),
  );
  app.get(
    '/course-evaluation-question/active',
    { ...auth, schema: { tags, security, response: { 200: evaluationQuestionList, 401: apiError } } },
    () => evaluations.active(),
  );
  app.post(
    '/course-evaluation',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Evaluate a completed course, once (409 ALREADY_EXISTS the second time)',
        body: courseEvaluationBody,
        response: { 201: evaluationStatus, ...errors },
      },
    },
    async (r, reply) => reply.code(201).send(await evaluations.evaluate(r.auth.userId, r.body)),
  );
  app.get(
    '/course-evaluation/status/:courseID/:uid',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Whether a learner evaluated a course (self or admin only)',
        params: evaluationStatusParams,
        response: { 200: evaluationStatus, ...errors },
      },
    },
    (r) => evaluations.status(r.auth, r.params.courseID, r.params.uid),
  );
  app.get(
    '/media/get-certificate/:courseId',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'My certificate of a completed course (PDF), issued on the first call',
        params: certificateCourseParams,
        response: { 200: z.any().describe('application/pdf: the certificate'), ...errors },
      },
    },
    async (r, reply) => {
      const doc = await certificates.download(r.auth.userId, r.params.courseId);
      return reply
        .header('content-type', doc.type)
        .header('content-disposition', inlineDisposition(doc.filename))
        .header('cache-control', 'private, no-cache')
        .header('content-length', doc.pdf.length)
        .send(doc.pdf);
    },
  );
  app.post(
    '/media/get-certificate-to-email',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'E-mail my certificate (PDF attached) to my address',
        body: certificateEmailBody,
        response: { 200: certificateEmailAnswer, 429: apiError, ...errors },
      },
    },
    (r) => certificates.email(r.auth.userId, r.body.courseId),
  );
  app.get(
    '/users/certificates',
    { ...auth, schema: { tags, security, summary: 'My certificates', response: { 200: certificateList } } },
    (r) => certificates.mine(r.auth.userId),
  );
  app.get(
    '/certificates/verify/:code',
    {
      schema: {
        tags,
        summary: 'Public: what a certificate says and whether it holds (404 for an unknown code)',
        params: certificateCodeParams,
        response: { 200: certificateVerification, 400: apiError, 404: apiError },
      },
    },
    (r) => certificates.verify(r.params.code),
  );
  await app.register(credentialsRoutes, { certificates });
};
