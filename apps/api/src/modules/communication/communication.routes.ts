import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint.js';
import type { CommunicationService } from './communication.service.js';

export const communicationRoutes: FastifyPluginAsyncZod<{ service: CommunicationService }> = async (
  app,
  { service },
) => {
  // Mail clients post the one-click form body `List-Unsubscribe=One-Click` (RFC 8058); the token is in the URL.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, body),
  );

  app.route({
    ...endpoint(app, 'GET /api/unsubscribe'),
    handler: (request) => service.describe(request.query.token),
  });

  app.route({
    ...endpoint(app, 'POST /api/unsubscribe'),
    handler: (request) => service.unsubscribe(request.query.token, request.ip),
  });
};
