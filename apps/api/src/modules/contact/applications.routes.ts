import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint.js';
import type { ApplicationsService } from './applications.service.js';

export const applicationsRoutes: FastifyPluginAsyncZod<{ service: ApplicationsService }> = async (
  app,
  { service },
) => {
  app.route({
    ...endpoint(app, 'GET /api/admin/applications'),
    handler: (request) => service.list(request.query),
  });
  app.route({
    ...endpoint(app, 'GET /api/admin/applications/:id'),
    handler: (request) => service.read(request.params.id),
  });
  app.route({
    ...endpoint(app, 'PUT /api/admin/applications/:id/status'),
    handler: (request) => service.mark(request.auth.userId, request.params.id, request.body),
  });
};
