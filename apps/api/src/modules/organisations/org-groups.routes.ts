import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint.js';
import type { OrgGroupsService } from './org-groups.service.js';

/** The console's groups and its member picker (inside the /api/org/:orgId scope and its gate). */
export const orgGroupsRoutes: FastifyPluginAsyncZod<{ service: OrgGroupsService }> = async (
  app,
  { service },
) => {
  app.route({
    ...endpoint(app, 'GET /api/org/:orgId/people'),
    handler: (r) => service.people(r.params.orgId, r.query.q),
  });
  app.route({
    ...endpoint(app, 'GET /api/org/:orgId/groups'),
    handler: (r) => service.list(r.params.orgId),
  });
  app.route({
    ...endpoint(app, 'POST /api/org/:orgId/groups'),
    handler: async (r, reply) =>
      reply.code(201).send(await service.create(r.auth.userId, r.params.orgId, r.body.name)),
  });
  app.route({
    ...endpoint(app, 'PATCH /api/org/:orgId/groups/:groupId'),
    handler: (r) => service.rename(r.auth.userId, r.params.orgId, r.params.groupId, r.body.name),
  });
  app.route({
    ...endpoint(app, 'DELETE /api/org/:orgId/groups/:groupId'),
    handler: async (r, reply) => {
      await service.remove(r.auth.userId, r.params.orgId, r.params.groupId);
      return reply.code(204).send(null);
    },
  });
  app.route({
    ...endpoint(app, 'GET /api/org/:orgId/groups/:groupId/members'),
    handler: (r) => service.members(r.params.orgId, r.params.groupId),
  });
  app.route({
    ...endpoint(app, 'POST /api/org/:orgId/groups/:groupId/members'),
    handler: (r) => service.addMembers(r.auth.userId, r.params.orgId, r.params.groupId, r.body.userIds),
  });
  app.route({
    ...endpoint(app, 'DELETE /api/org/:orgId/groups/:groupId/members/:userId'),
    handler: async (r, reply) => {
      await service.removeMember(r.auth.userId, r.params.orgId, r.params.groupId, r.params.userId);
      return reply.code(204).send(null);
    },
  });
};
