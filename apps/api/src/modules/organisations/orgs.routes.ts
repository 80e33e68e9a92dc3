import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint.js';
import type { OrgsService } from './orgs.service.js';

export const orgsRoutes: FastifyPluginAsyncZod<{ service: OrgsService }> = async (app, { service }) => {
  app.route({
    ...endpoint(app, 'GET /api/admin/organizations'),
    handler: (request) => service.list(request.query),
  });
  app.route({
    ...endpoint(app, 'GET /api/admin/organizations/course-options'),
    handler: () => service.courseOptions(),
  });
  app.route({
    ...endpoint(app, 'POST /api/admin/organizations'),
    handler: async (request, reply) =>
      reply.code(201).send(await service.create(request.auth.userId, request.body)),
  });
  app.route({
    ...endpoint(app, 'GET /api/admin/organizations/:id'),
    handler: (request) => service.detail(request.params.id),
  });
  app.route({
    ...endpoint(app, 'PUT /api/admin/organizations/:id'),
    handler: (request) => service.update(request.auth.userId, request.params.id, request.body),
  });
  app.route({
    ...endpoint(app, 'PUT /api/admin/organizations/:id/courses'),
    handler: (request) => service.setCourses(request.auth.userId, request.params.id, request.body),
  });
  app.route({
    ...endpoint(app, 'PUT /api/admin/organizations/:id/seats'),
    handler: (request) => service.setSeats(request.auth.userId, request.params.id, request.body),
  });
  app.route({
    ...endpoint(app, 'DELETE /api/admin/organizations/:id/seats'),
    handler: (request) => service.endSeats(request.auth.userId, request.params.id),
  });
  app.route({
    ...endpoint(app, 'GET /api/admin/organizations/:id/members'),
    handler: (request) => service.members(request.params.id, request.query),
  });
  app.route({
    ...endpoint(app, 'POST /api/admin/organizations/:id/members'),
    handler: async (request, reply) => {
      await service.addMember(request.auth.userId, request.params.id, request.body.email);
      return reply.code(204).send();
    },
  });
  app.route({
    ...endpoint(app, 'DELETE /api/admin/organizations/:id/members/:userId'),
    handler: async (request, reply) => {
      await service.removeMember(request.auth.userId, request.params.id, request.params.userId);
      return reply.code(204).send();
    },
  });
};
