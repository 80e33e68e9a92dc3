import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint.js';
import type { ClosureService } from './closure.service.js';

export const closureRoutes: FastifyPluginAsyncZod<{ service: ClosureService }> = async (app, { service }) => {
  app.route({
    ...endpoint(app, 'POST /api/users/account-closure'),
    handler: (request) => service.request(request.auth.userId, request.body),
  });

  app.route({
    ...endpoint(app, 'GET /api/users/account-closure'),
    handler: (request) => service.current(request.auth.userId),
  });

  app.route({
    ...endpoint(app, 'DELETE /api/users/account-closure'),
    handler: (request) => service.cancel(request.auth.userId),
  });
};
