import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint.js';
import type { TermsAdminService } from './terms-admin.service.js';

/** The console's versions of the terms and the privacy notice (under /api/admin, behind its gate). */
export const termsAdminRoutes: FastifyPluginAsyncZod<{ service: TermsAdminService }> = async (
  app,
  { service },
) => {
  app.route({
    ...endpoint(app, 'GET /api/admin/legal-documents'),
    handler: () => service.list(),
  });
  app.route({
    ...endpoint(app, 'POST /api/admin/legal-documents'),
    handler: async (request, reply) =>
      reply.status(201).send(await service.create(request.auth.userId, request.body)),
  });
  app.route({
    ...endpoint(app, 'PATCH /api/admin/legal-documents/:id'),
    handler: (request) => service.update(request.auth.userId, request.params.id, request.body),
  });
  app.route({
    ...endpoint(app, 'DELETE /api/admin/legal-documents/:id'),
    handler: async (request, reply) => {
      await service.remove(request.auth.userId, request.params.id);
      return reply.status(204).send(null);
    },
  });
};
