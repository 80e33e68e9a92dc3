import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint.js';
import { AppError } from '../../lib/errors.js';
import { clientMeta } from '../../lib/request.js';
import { bearer } from '../../lib/tokens.js';
import type { AuthService } from './auth.service.js';

export const authRoutes: FastifyPluginAsyncZod<{ service: AuthService }> = async (app, { service }) => {
  app.route({
    ...endpoint(app, 'POST /api/auth'),
    handler: (request) => service.login(request.body, clientMeta(request)),
  });

  app.route({
    ...endpoint(app, 'POST /api/users/partial-login'),
    handler: (request) =>
      service.partialLogin(request.body.partialToken, request.body.logoutDeviceIds, clientMeta(request)),
  });

  app.route({
    ...endpoint(app, 'POST /api/auth/refresh'),
    handler: async (request) => {
      const header = bearer(request.headers.authorization);
      if (header && header !== request.body.refreshToken) {
        throw new AppError('UNAUTHORIZED', 401, 'Invalid or expired refresh token');
      }
      return service.refresh(request.body.userId, request.body.refreshToken);
    },
  });

  app.route({
    ...endpoint(app, 'GET /api/auth'),
    handler: (request) => service.currentUser(request.auth.userId),
  });

  app.route({
    ...endpoint(app, 'POST /api/auth/save-logout-user'),
    handler: async (request) => {
      await service.logout(request.auth.userId, request.auth.sessionId);
      return { success: true as const };
    },
  });

  app.route({
    ...endpoint(app, 'GET /api/auth/sessions'),
    handler: (request) => service.listSessions(request.auth.userId, request.auth.sessionId),
  });

  app.route({
    ...endpoint(app, 'DELETE /api/auth/sessions/:id'),
    handler: async (request, reply) => {
      await service.endSession(request.auth.userId, request.params.id);
      return reply.status(204).send(null);
    },
  });
};
