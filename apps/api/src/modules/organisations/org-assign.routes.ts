import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint.js';
import type { OrgAssignService } from './org-assign.service.js';

/** The console's course assignments (inside the /api/org/:orgId scope and its gate). */
export const orgAssignRoutes: FastifyPluginAsyncZod<{ service: OrgAssignService }> = async (
  app,
  { service },
) => {
  app.route({
    ...endpoint(app, 'GET /api/org/:orgId/assignments'),
    handler: (r) => service.summaries(r.params.orgId),
  });
  app.route({
    ...endpoint(app, 'POST /api/org/:orgId/assignments'),
    handler: (r) => service.assign(r.auth.userId, r.params.orgId, r.body),
  });
  app.route({
    ...endpoint(app, 'GET /api/org/:orgId/assignments/:courseId'),
    handler: (r) => service.course(r.params.orgId, r.params.courseId),
  });
  app.route({
    ...endpoint(app, 'DELETE /api/org/:orgId/assignments/:courseId/users/:userId'),
    handler: async (r, reply) => {
      await service.withdraw(r.auth.userId, r.params.orgId, r.params.courseId, r.params.userId);
      return reply.code(204).send(null);
    },
  });
};
