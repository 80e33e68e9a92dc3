import { apiError, unsubscribeAnswer, unsubscribeQuery } from '@rianroo/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CommunicationService } from './communication.service.js';

const tags = ['communication'];

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

  app.get(
    '/unsubscribe',
    {
      schema: {
        tags,
        summary: 'What an unsubscribe link turns off (nothing is changed)',
        querystring: unsubscribeQuery,
        response: { 200: unsubscribeAnswer, 400: apiError },
      },
    },
    (request) => service.describe(request.query.token),
  );

  app.post(
    '/unsubscribe',
    {
      schema: {
        tags,
        summary: 'One-click unsubscribe (RFC 8058): no login; the link works once',
        querystring: unsubscribeQuery,
        response: { 200: unsubscribeAnswer, 400: apiError },
      },
    },
    (request) => service.unsubscribe(request.query.token),
  );
};
