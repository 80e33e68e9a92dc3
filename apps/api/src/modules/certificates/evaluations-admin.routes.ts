import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint.js';
import type { EvaluationsAdminService } from './evaluations-admin.service.js';

/** The course evaluation form's questions (one form for every course). Each write answers the whole list. */
export const evaluationsAdminRoutes: FastifyPluginAsyncZod<{ service: EvaluationsAdminService }> = async (
  app,
  { service },
) => {
  app.route({ ...endpoint(app, 'GET /api/admin/evaluation-questions'), handler: () => service.list() });
  app.route({
    ...endpoint(app, 'POST /api/admin/evaluation-questions'),
    handler: async (request, reply) =>
      reply.code(201).send(await service.create(request.auth.userId, request.body)),
  });
  app.route({
    ...endpoint(app, 'PUT /api/admin/evaluation-questions/:id'),
    handler: (request) => service.update(request.auth.userId, request.params.id, request.body),
  });
  app.route({
    ...endpoint(app, 'DELETE /api/admin/evaluation-questions/:id'),
    handler: async (request, reply) => {
      await service.remove(request.auth.userId, request.params.id);
      return reply.code(204).send(null);
    },
  });
  app.route({
    ...endpoint(app, 'PUT /api/admin/evaluation-question-order'),
    handler: (request) => service.order(request.auth.userId, request.body.questionIds),
  });
};
