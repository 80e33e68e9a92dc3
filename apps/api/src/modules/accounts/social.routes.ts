import { oidcProviders } from '@rianroo/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint.js';
import { clientMeta } from '../../lib/request.js';
import type { SocialService } from './social.service.js';

export const socialRoutes: FastifyPluginAsyncZod<{ service: SocialService }> = async (app, { service }) => {
  app.route({
    ...endpoint(app, 'POST /api/google-auth'),
    handler: (request) => service.google(request.body.credential, request.body.device, clientMeta(request)),
  });

  app.route({
    ...endpoint(app, 'POST /api/facebook-auth'),
    handler: (request) =>
      service.facebook(request.body.accessToken, request.body.device, clientMeta(request)),
  });

  // OpenID Connect: the partner's sign-in (/siriraj-auth, PRODUCT.md section 3) and LINE Login (/line-auth).
  for (const provider of oidcProviders) {
    app.route({
      ...endpoint(app, `POST /api/${provider}-auth/authorize`),
      handler: (request) => service.oidcAuthorize(provider, request.body, clientMeta(request)),
    });
    app.route({
      ...endpoint(app, `POST /api/${provider}-auth`),
      handler: (request) => service.oidcSignIn(provider, request.body, clientMeta(request)),
    });
  }
};
