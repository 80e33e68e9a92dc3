import {
  adminEvaluationList,
  apiError,
  evaluationQuestionInput,
  idParams,
  questionOrder,
} from '@rianroo/contract';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { EvaluationsAdminService } from './evaluations-admin.service.js';

const admin = { tags: ['admin'], security: [{ bearerAuth: [] }] };
const errors = { 400: apiError, 404: apiError, 409: apiError };
const list = { 200: adminEvaluationList, ...errors };

/** The course evaluation form's questions (one form for every course). Each write answers the whole list. */
export const evaluationsAdminRoutes: FastifyPluginAsyncZod<{ service: EvaluationsAdminService }> = async (
  app,
  { service },
) => {
  app.get(
    '/evaluation-questions',
    { schema: { ...admin, summary: 'The evaluation form, inactive questions included', response: list } },
    () => service.list(),
  );
  app.post(
    '/evaluation-questions',
    {
      schema: {
        ...admin,
        summary: 'Add a question (rating, choice or text) at the end',
        body: evaluationQuestionInput,
        response: { 201: adminEvaluationList, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(request.auth.userId, request.body)),
  );
  app.put(
    '/evaluation-questions/:id',
    {
      schema: {
        ...admin,
        summary: 'Edit a question (answered: same kind, every choice kept; 409 QUESTION_ANSWERED)',
        params: idParams,
        body: evaluationQuestionInput,
        response: list,
      },
    },
    (request) => service.update(request.auth.userId, request.params.id, request.body),
  );
  app.delete(
    '/evaluation-questions/:id',
    {
      schema: {
        ...admin,
        summary: 'Delete a question nobody answered (409 QUESTION_ANSWERED otherwise: make it inactive)',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.remove(request.auth.userId, request.params.id);
      return reply.code(204).send(null);
    },
  );
  app.put(
    '/evaluation-question-order',
    {
      schema: {
        ...admin,
        summary: 'Order the questions (every question once; 409 STALE_EDIT otherwise)',
        body: questionOrder,
        response: list,
      },
    },
    (request) => service.order(request.auth.userId, request.body.questionIds),
  );
};
