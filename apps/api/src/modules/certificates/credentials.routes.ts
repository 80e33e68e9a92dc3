import { CREDENTIAL_BADGE_TYPE } from '@rianroo/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint.js';
import type { CertificatesService } from './certificates.service.js';

/** Open Badges 3.0: keys, issuer, status lists (public) and the owner's credential and badge. */
export const credentialsRoutes: FastifyPluginAsyncZod<{ certificates: CertificatesService }> = async (
  app,
  { certificates },
) => {
  const credentials = certificates.credentials;

  app.route({
    ...endpoint(app, 'GET /api/certificates/jwks.json'),
    handler: async (_r, reply) =>
      reply.header('cache-control', 'public, max-age=300').send(await credentials.jwks()),
  });
  app.route({
    ...endpoint(app, 'GET /api/certificates/issuer'),
    handler: async (_r, reply) =>
      reply.header('cache-control', 'public, max-age=3600').send(credentials.issuer()),
  });
  app.route({
    ...endpoint(app, 'GET /api/certificates/status/:list'),
    handler: async (r, reply) => {
      const list = await credentials.statusList(r.params.list);
      // Short: a revocation must reach verifiers soon; the ETag spares the body when nothing changed.
      reply.header('cache-control', 'public, max-age=30, must-revalidate').header('etag', list.etag);
      if (r.headers['if-none-match'] === list.etag) return reply.code(304).send(null);
      return reply.header('content-type', 'application/vc+jwt').send(await list.jwt());
    },
  });
  app.route({
    ...endpoint(app, 'GET /api/certificates/:code/credential'),
    handler: async (r, reply) =>
      reply
        .header('cache-control', 'private, no-cache')
        .send(await certificates.credential(r.auth.userId, r.params.code)),
  });
  app.route({
    ...endpoint(app, 'GET /api/certificates/:code/badge.png'),
    handler: async (r, reply) => {
      const badge = await certificates.badge(r.auth.userId, r.params.code);
      return reply
        .header('content-type', CREDENTIAL_BADGE_TYPE)
        .header('content-disposition', `attachment; filename="${badge.filename}"`)
        .header('cache-control', 'private, no-cache')
        .send(badge.png);
    },
  });
};
