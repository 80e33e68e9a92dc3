import {
  apiError,
  assessmentDetail,
  assessmentList,
  assessmentResponseBody,
  assessmentResult,
  assessmentResultList,
  assessmentResultQuery,
  assessmentSubmitBody,
  attemptInProgress,
  courseAssessmentsParams,
  episodeAssessmentsParams,
  idParams,
} from '@rianroo/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AssessmentsService } from './assessments.service.js';

export const assessmentsRoutes: FastifyPluginAsyncZod<{ service: AssessmentsService }> = async (
  app,
  { service },
) => {
  const auth = { onRequest: app.authenticate };
  const security = [{ bearerAuth: [] }];
  const tags = ['assessments'];
  const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError };

  app.get(
    '/assessment/get-questions-by-episode/:episodeId',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'The quiz after an episode (none or one), without its answers, with my attempts',
        params: episodeAssessmentsParams,
        response: { 200: assessmentList, ...errors },
      },
    },
    (r) => service.byEpisode(r.auth.userId, r.params.episodeId),
  );
  app.get(
    '/assessment/get-assessment-by-course/:courseId',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: "A course's pre-test, quizzes and post-test, without their answers, with my attempts",
        params: courseAssessmentsParams,
        response: { 200: assessmentList, ...errors },
      },
    },
    (r) => service.byCourse(r.auth.userId, r.params.courseId),
  );
  app.get(
    '/assessment/:id',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'One assessment, without its answers, with my attempts and the attempt in progress',
        params: idParams,
        response: { 200: assessmentDetail, ...errors },
      },
    },
    (r) => service.detail(r.auth.userId, r.params.id),
  );
  app.post(
    '/assessment-response',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Start an attempt (no answers) or save answers of the attempt in progress (autosave)',
        body: assessmentResponseBody,
        response: { 200: attemptInProgress, ...errors },
      },
    },
    (r) => service.respond(r.auth.userId, r.body),
  );
  app.post(
    '/assessment-result',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Submit the attempt in progress and have it graded (once, also from two tabs)',
        body: assessmentSubmitBody,
        response: { 200: assessmentResult, ...errors },
      },
    },
    (r) => service.submit(r.auth.userId, r.body),
  );
  app.get(
    '/assessment-result',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'My graded attempts of an assessment, newest first',
        querystring: assessmentResultQuery,
        response: { 200: assessmentResultList, ...errors },
      },
    },
    (r) => service.results(r.auth.userId, r.query.assessmentId),
  );
};
