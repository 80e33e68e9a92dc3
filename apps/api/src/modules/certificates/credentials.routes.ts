import {
  apiError,
  CREDENTIAL_BADGE_TYPE,
  certificateCodeParams,
  certificateCredential,
  credentialKeySet,
  credentialStatusListParams,
  OPEN_BADGES_CONTEXTS,
} from '@rianroo/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CertificatesService } from './certificates.service.js';

/** The JSON-LD of the issuer's profile (`GET /certificates/issuer`). */
const issuerProfile = z.object({
  '@context': z.array(z.enum(OPEN_BADGES_CONTEXTS)),
  id: z.string(),
  type: z.array(z.string()),
  name: z.string(),
  url: z.string(),
});

/** Open Badges 3.0: keys, issuer, status lists (public) and the owner's credential and badge. */
export const credentialsRoutes: FastifyPluginAsyncZod<{ certificates: CertificatesService }> = async (
  app,
  { certificates },
) => {
  const credentials = certificates.credentials;
  const tags = ['certificates'];
  const owner = { onRequest: app.authenticate };
  const security = [{ bearerAuth: [] }];
  const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };

  app.get(
    '/certificates/jwks.json',
    {
      schema: {
        tags,
        summary: 'Public: every key that ever signed a credential (JWKS); old keys stay after a rotation',
        response: { 200: credentialKeySet },
      },
    },
    async (_r, reply) => reply.header('cache-control', 'public, max-age=300').send(await credentials.jwks()),
  );
  app.get(
    '/certificates/issuer',
    {
      schema: {
        tags,
        summary: "Public: the credentials' issuer (an Open Badges Profile)",
        response: { 200: issuerProfile },
      },
    },
    async (_r, reply) => reply.header('cache-control', 'public, max-age=3600').send(credentials.issuer()),
  );
  app.get(
    '/certificates/status/:list',
    {
      schema: {
        tags,
        summary:
          'Public: a revocation list now (BitstringStatusListCredential as a VC-JWT, application/vc+jwt)',
        params: credentialStatusListParams,
        response: {
          200: z.string().describe('application/vc+jwt'),
          304: z.null(),
          400: apiError,
          404: apiError,
        },
      },
    },
    async (r, reply) => {
      const list = await credentials.statusList(r.params.list);
      // Short: a revocation must reach verifiers soon; the ETag spares the body when nothing changed.
      reply.header('cache-control', 'public, max-age=30, must-revalidate').header('etag', list.etag);
      if (r.headers['if-none-match'] === list.etag) return reply.code(304).send(null);
      return reply.header('content-type', 'application/vc+jwt').send(await list.jwt());
    },
  );
  app.get(
    '/certificates/:code/credential',
    {
      ...owner,
      schema: {
        tags,
        security,
        summary: 'My certificate as a signed Open Badges 3.0 credential (VC-JWT and its JSON)',
        params: certificateCodeParams,
        response: { 200: certificateCredential, ...errors },
      },
    },
    async (r, reply) =>
      reply
        .header('cache-control', 'private, no-cache')
        .send(await certificates.credential(r.auth.userId, r.params.code)),
  );
  app.get(
    '/certificates/:code/badge.png',
    {
      ...owner,
      schema: {
        tags,
        security,
        summary: 'My certificate as a PNG badge with its credential baked in (iTXt openbadgecredential)',
        params: certificateCodeParams,
        response: { 200: z.any().describe('image/png: the baked badge'), ...errors },
      },
    },
    async (r, reply) => {
      const badge = await certificates.badge(r.auth.userId, r.params.code);
      return reply
        .header('content-type', CREDENTIAL_BADGE_TYPE)
        .header('content-disposition', `attachment; filename="${badge.filename}"`)
        .header('cache-control', 'private, no-cache')
        .send(badge.png);
    },
  );
};
