import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint.js';
import type { AuditService } from './audit.service.js';

export const auditRoutes: FastifyPluginAsyncZod<{ service: AuditService }> = async (app, { service }) => {
  app.route({
    ...endpoint(app, 'GET /api/admin/audit'),
    handler: (request) => service.list(request.query),
  });
  app.route({
    ...endpoint(app, 'GET /api/admin/audit/facets'),
    handler: () => service.facets(),
  });
};
