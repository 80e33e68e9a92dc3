import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint.js';
import type { PeopleService } from './people.service.js';

export const peopleRoutes: FastifyPluginAsyncZod<{ service: PeopleService }> = async (app, { service }) => {
  app.route({
    ...endpoint(app, 'GET /api/admin/users'),
    handler: (request) => service.list(request.query),
  });
  app.route({
    ...endpoint(app, 'GET /api/admin/users/:id'),
    handler: (request) => service.detail(request.params.id),
  });
  app.route({
    ...endpoint(app, 'PUT /api/admin/users/:id/role'),
    handler: (request) => service.setRole(request.auth.userId, request.params.id, request.body),
  });
  app.route({
    ...endpoint(app, 'DELETE /api/admin/users/:id/sessions/:sessionId'),
    handler: async (request, reply) => {
      await service.endSession(request.auth.userId, request.params.id, request.params.sessionId);
      return reply.code(204).send();
    },
  });
  app.route({
    ...endpoint(app, 'POST /api/admin/users/:id/subscriptions'),
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(await service.grantSubscription(request.auth.userId, request.params.id, request.body)),
  });
  app.route({
    ...endpoint(app, 'POST /api/admin/users/:id/subscriptions/:subscriptionId/end'),
    handler: (request) =>
      service.endSubscription(request.auth.userId, request.params.id, request.params.subscriptionId),
  });
  app.route({
    ...endpoint(app, 'POST /api/admin/certificates/:id/revoke'),
    handler: (request) =>
      service.revokeCertificate(request.auth.userId, request.params.id, request.body.reason),
  });
};
