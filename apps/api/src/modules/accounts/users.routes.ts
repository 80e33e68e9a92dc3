import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint.js';
import { clientMeta } from '../../lib/request.js';
import type { UsersService } from './users.service.js';
import { ProfileImages } from './profile-images.js';

const ok = { success: true as const };

export const usersRoutes: FastifyPluginAsyncZod<{ service: UsersService }> = async (app, { service }) => {
  app.route({
    ...endpoint(app, 'POST /api/users'),
    handler: async (request, reply) =>
      reply.status(201).send(await service.register(request.body, clientMeta(request))),
  });

  app.route({
    ...endpoint(app, 'POST /api/users/forgot-password'),
    handler: async (request) => {
      await service.forgotPassword(request.body.email, request.ip);
      return ok;
    },
  });

  app.route({
    ...endpoint(app, 'POST /api/users/verify-password-reset'),
    handler: (request) => service.verifyReset(request.body.verificationString),
  });

  app.route({
    ...endpoint(app, 'POST /api/users/reset-password'),
    handler: async (request) => {
      const b = request.body;
      await service.resetPassword(b.verificationString, b.password, b.passwordConfirmation, b.device);
      return ok;
    },
  });

  app.route({
    ...endpoint(app, 'GET /api/users/set-password-old-user/:email'),
    handler: async (request) => {
      await service.sendSetPasswordToLegacyUser(request.params.email, request.ip);
      return ok;
    },
  });

  app.route({
    ...endpoint(app, 'POST /api/users/check-password'),
    handler: (request) => service.checkPassword(request.auth.userId, request.body.password),
  });

  app.route({
    ...endpoint(app, 'POST /api/users/reset-password-contact'),
    handler: async (request) => {
      await service.changePassword(request.auth, request.body);
      return ok;
    },
  });

  app.route({
    ...endpoint(app, 'GET /api/users/:id'),
    handler: (request) => service.get(request.auth, request.params.id),
  });

  app.route({
    ...endpoint(app, 'PATCH /api/users/:id'),
    handler: (request) => service.update(request.auth, request.params.id, request.body, request.ip),
  });

  await app.register(ProfileImages, { service });
};
