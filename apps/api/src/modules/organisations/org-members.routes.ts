import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint.js';
import type { OrgMembersService } from './org-members.service.js';

/** The console's members, managers, settings and completions chart (inside the /api/org/:orgId gate). */
export const orgMembersRoutes: FastifyPluginAsyncZod<{ service: OrgMembersService }> = async (
  app,
  { service },
) => {
  app.route({
    ...endpoint(app, 'GET /api/org/:orgId/members'),
    handler: (request) => service.members(request.params.orgId, request.query),
  });
  app.route({
    ...endpoint(app, 'DELETE /api/org/:orgId/members/:userId'),
    handler: async (request, reply) => {
      const { orgId, userId } = request.params;
      await service.removeMember(request.auth.userId, orgId, userId);
      return reply.code(204).send(null);
    },
  });
  app.route({
    ...endpoint(app, 'GET /api/org/:orgId/managers'),
    handler: (request) => service.managers(request.params.orgId),
  });
  app.route({
    ...endpoint(app, 'DELETE /api/org/:orgId/managers/:userId'),
    handler: async (request, reply) => {
      const { orgId, userId } = request.params;
      await service.removeManager(request.auth.userId, orgId, userId);
      return reply.code(204).send(null);
    },
  });
  app.route({
    ...endpoint(app, 'GET /api/org/:orgId/settings'),
    handler: (request) => service.settings(request.params.orgId),
  });
  app.route({
    ...endpoint(app, 'PUT /api/org/:orgId/settings'),
    handler: (request) => service.updateSettings(request.auth.userId, request.params.orgId, request.body),
  });
  app.route({
    ...endpoint(app, 'GET /api/org/:orgId/completions'),
    handler: (request) => service.completions(request.params.orgId),
  });
};

/** The admin console's side: an organisation's managers (inside the /api/admin gate; audited). */
export const orgManagersAdminRoutes: FastifyPluginAsyncZod<{ service: OrgMembersService }> = async (
  app,
  { service },
) => {
  app.route({
    ...endpoint(app, 'GET /api/admin/organizations/:id/managers'),
    handler: (request) => service.managers(request.params.id),
  });
  app.route({
    ...endpoint(app, 'POST /api/admin/organizations/:id/managers'),
    handler: (request) =>
      service.addManagerByEmail(request.auth.userId, request.params.id, request.body.email),
  });
  app.route({
    ...endpoint(app, 'DELETE /api/admin/organizations/:id/managers/:userId'),
    handler: (request) =>
      service.removeManager(request.auth.userId, request.params.id, request.params.userId),
  });
};
