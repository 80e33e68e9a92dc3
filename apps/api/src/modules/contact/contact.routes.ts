import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint.js';
import { clientMeta } from '../../lib/request.js';
import type { ContactService } from './contact.service.js';

export const contactRoutes: FastifyPluginAsyncZod<{ service: ContactService }> = async (app, { service }) => {
  app.route({
    ...endpoint(app, 'GET /api/users/contact-guard'),
    handler: (request) => service.guard(request.auth.userId),
  });

  app.route({
    ...endpoint(app, 'POST /api/contact/create-contact'),
    handler: async (request, reply) =>
      reply.status(201).send(await service.create(request.auth.userId, request.body)),
  });

  app.route({
    ...endpoint(app, 'PATCH /api/contact/:id'),
    handler: (request) => service.update(request.auth.userId, request.params.id, request.body),
  });

  app.route({
    ...endpoint(app, 'GET /api/users/organization'),
    handler: (request) => service.organization(request.auth.userId),
  });

  app.route({
    ...endpoint(app, 'POST /api/organizations/join'),
    handler: (request) => service.join(request.auth.userId, request.body.code),
  });

  app.route({
    ...endpoint(app, 'POST /api/next-instructor-form'),
    handler: async (request, reply) => {
      await service.apply(request.body, clientMeta(request).ip, null);
      return reply.status(201).send({ success: true as const });
    },
  });
};
