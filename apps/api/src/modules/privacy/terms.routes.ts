import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint.js';
import { clientMeta } from '../../lib/request.js';
import type { ConsentsService } from './consents.service.js';
import type { TermsService } from './terms.service.js';

/** The documents (public), a learner's acceptance of them, and their consents. */
export const termsRoutes: FastifyPluginAsyncZod<{ terms: TermsService; consents: ConsentsService }> = async (
  app,
  { terms, consents },
) => {
  app.route({
    ...endpoint(app, 'GET /api/legal/:kind'),
    handler: (request) => terms.document(request.params.kind, request.query.version),
  });
  app.route({
    ...endpoint(app, 'GET /api/users/legal-status'),
    handler: (request) => terms.status(request.auth.userId),
  });
  app.route({
    ...endpoint(app, 'POST /api/users/legal-acceptances'),
    handler: (request) => terms.accept(request.auth.userId, request.body, clientMeta(request)),
  });
  app.route({
    ...endpoint(app, 'GET /api/users/consents'),
    handler: (request) => consents.consents(request.auth.userId),
  });
  app.route({
    ...endpoint(app, 'PUT /api/users/consents/analytics'),
    handler: (request) => consents.setAnalytics(request.auth.userId, request.body, clientMeta(request).ip),
  });
};
