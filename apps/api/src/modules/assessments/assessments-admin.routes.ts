import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint.js';
import type { AssessmentsAdminService } from './assessments-admin.service.js';

/** Quizzes (per episode), pre- and post-tests (per course): settings, questions, choices and right answers. */
export const assessmentsAdminRoutes: FastifyPluginAsyncZod<{ service: AssessmentsAdminService }> = async (
  app,
  { service },
) => {
  app.route({
    ...endpoint(app, 'GET /api/admin/courses/:id/assessments'),
    handler: (request) => service.byCourse(request.params.id),
  });
  app.route({
    ...endpoint(app, 'POST /api/admin/courses/:id/assessments'),
    handler: async (request, reply) =>
      reply.code(201).send(await service.create(request.auth.userId, request.params.id, request.body)),
  });
  app.route({
    ...endpoint(app, 'GET /api/admin/assessments/:id'),
    handler: (request) => service.get(request.params.id),
  });
  app.route({
    ...endpoint(app, 'PATCH /api/admin/assessments/:id'),
    handler: (request) => service.update(request.auth.userId, request.params.id, request.body),
  });
  app.route({
    ...endpoint(app, 'DELETE /api/admin/assessments/:id'),
    handler: async (request, reply) => {
      await service.remove(request.auth.userId, request.params.id);
      return reply.code(204).send(null);
    },
  });
  app.route({
    ...endpoint(app, 'POST /api/admin/assessments/:id/questions'),
    handler: (request) => service.addQuestion(request.auth.userId, request.params.id, request.body),
  });
  app.route({
    ...endpoint(app, 'PUT /api/admin/assessments/:id/question-order'),
    handler: (request) => service.order(request.auth.userId, request.params.id, request.body.questionIds),
  });
  app.route({
    ...endpoint(app, 'PUT /api/admin/assessment-questions/:id'),
    handler: (request) => service.updateQuestion(request.auth.userId, request.params.id, request.body),
  });
  app.route({
    ...endpoint(app, 'DELETE /api/admin/assessment-questions/:id'),
    handler: (request) => service.removeQuestion(request.auth.userId, request.params.id),
  });
  app.route({
    ...endpoint(app, 'PUT /api/admin/assessment-questions/:id/retired'),
    handler: (request) =>
      service.retireQuestion(request.auth.userId, request.params.id, request.body.retired),
  });
};
