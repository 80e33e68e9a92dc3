import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint.js';
import type { RequestsService } from './requests.service.js';

/** A learner's own data requests, under /api. */
export const requestsRoutes: FastifyPluginAsyncZod<{ service: RequestsService }> = async (
  app,
  { service },
) => {
  app.route({
    ...endpoint(app, 'GET /api/users/data-requests'),
    handler: (request) => service.mine(request.auth.userId),
  });
  app.route({
    ...endpoint(app, 'POST /api/users/data-requests'),
    handler: async (request, reply) =>
      reply.status(201).send(await service.file(request.auth.userId, request.body)),
  });
};

/** The console's data-request queue, under /api/admin. */
export const requestsAdminRoutes: FastifyPluginAsyncZod<{ service: RequestsService }> = async (
  app,
  { service },
) => {
  app.route({
    ...endpoint(app, 'GET /api/admin/data-requests'),
    handler: (request) => service.list(request.query),
  });
  app.route({
    ...endpoint(app, 'GET /api/admin/data-requests/:id'),
    handler: (request) => service.read(request.params.id),
  });
  app.route({
    ...endpoint(app, 'POST /api/admin/data-requests'),
    handler: async (request, reply) =>
      reply.status(201).send(await service.enter(request.auth.userId, request.body)),
  });
  app.route({
    ...endpoint(app, 'PATCH /api/admin/data-requests/:id'),
    handler: (request) => service.change(request.auth.userId, request.params.id, request.body),
  });
};
