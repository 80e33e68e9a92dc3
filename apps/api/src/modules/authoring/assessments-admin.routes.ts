import {
  adminAssessment,
  adminAssessmentList,
  apiError,
  assessmentCreate,
  assessmentUpdate,
  courseIdParams,
  idParams,
  questionInput,
  questionOrder,
  questionRetire,
} from '@rianroo/contract';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AssessmentsAdminService } from './assessments-admin.service.js';

const admin = { tags: ['admin'], security: [{ bearerAuth: [] }] };
const errors = { 400: apiError, 404: apiError, 409: apiError };
const one = { 200: adminAssessment, ...errors };

/** Quizzes (per episode), pre- and post-tests (per course): settings, questions, choices and right answers. */
export const assessmentsAdminRoutes: FastifyPluginAsyncZod<{ service: AssessmentsAdminService }> = async (
  app,
  { service },
) => {
  app.get(
    '/courses/:id/assessments',
    {
      schema: {
        ...admin,
        summary: "A course's pre-test, quizzes and post-test with their questions and right answers",
        params: courseIdParams,
        response: { 200: adminAssessmentList, 404: apiError },
      },
    },
    (request) => service.byCourse(request.params.id),
  );
  app.post(
    '/courses/:id/assessments',
    {
      schema: {
        ...admin,
        summary: "Add an episode's quiz or the course's pre- or post-test (409 when it has one)",
        params: courseIdParams,
        body: assessmentCreate,
        response: { 201: adminAssessment, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.create(request.auth.userId, request.params.id, request.body)),
  );
  app.get(
    '/assessments/:id',
    { schema: { ...admin, summary: 'One quiz or test', params: idParams, response: one } },
    (request) => service.get(request.params.id),
  );
  app.patch(
    '/assessments/:id',
    {
      schema: {
        ...admin,
        summary:
          'Edit the settings: title, pass mark, attempts, time limit, shuffle, skippable, published (409 EDIT_CONFLICT when another edit came first)',
        params: idParams,
        body: assessmentUpdate,
        response: one,
      },
    },
    (request) => service.update(request.auth.userId, request.params.id, request.body),
  );
  app.delete(
    '/assessments/:id',
    {
      schema: {
        ...admin,
        summary: 'Delete a quiz or test nobody has taken (409 QUESTION_ANSWERED otherwise: unpublish it)',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.remove(request.auth.userId, request.params.id);
      return reply.code(204).send(null);
    },
  );
  app.post(
    '/assessments/:id/questions',
    {
      schema: {
        ...admin,
        summary: 'Add a question with its choices and right answer(s), at the end',
        params: idParams,
        body: questionInput,
        response: one,
      },
    },
    (request) => service.addQuestion(request.auth.userId, request.params.id, request.body),
  );
  app.put(
    '/assessments/:id/question-order',
    {
      schema: {
        ...admin,
        summary: 'Order the questions (every question once; 409 STALE_EDIT otherwise)',
        params: idParams,
        body: questionOrder,
        response: one,
      },
    },
    (request) => service.order(request.auth.userId, request.params.id, request.body.questionIds),
  );
  app.put(
    '/assessment-questions/:id',
    {
      schema: {
        ...admin,
        summary: 'Replace a question and its choices (answered: only the wording; 409 QUESTION_ANSWERED)',
        params: idParams,
        body: questionInput,
        response: one,
      },
    },
    (request) => service.updateQuestion(request.auth.userId, request.params.id, request.body),
  );
  app.delete(
    '/assessment-questions/:id',
    {
      schema: {
        ...admin,
        summary: 'Delete a question no learner has been shown (409 QUESTION_ANSWERED otherwise: retire it)',
        params: idParams,
        response: one,
      },
    },
    (request) => service.removeQuestion(request.auth.userId, request.params.id),
  );
  app.put(
    '/assessment-questions/:id/retired',
    {
      schema: {
        ...admin,
        summary: 'Retire a question (left out of new attempts, kept in earlier results) or bring it back',
        params: idParams,
        body: questionRetire,
        response: one,
      },
    },
    (request) => service.retireQuestion(request.auth.userId, request.params.id, request.body.retired),
  );
};
