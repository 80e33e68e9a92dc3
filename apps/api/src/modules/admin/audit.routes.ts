import { auditPage, auditQuery } from '@rianroo/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuditService } from './audit.service.js';

export const auditRoutes: FastifyPluginAsyncZod<{ service: AuditService }> = async (app, { service }) => {
  app.get(
    '/audit',
    {
      schema: {
        tags: ['admin'],
        security: [{ bearerAuth: [] }],
        summary: 'The audit log of admin writes, one page',
        querystring: auditQuery,
        response: { 200: auditPage },
      },
    },
    (request) => service.list(request.query),
  );
};
