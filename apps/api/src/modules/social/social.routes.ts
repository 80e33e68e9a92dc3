import {
  apiError,
  deviceLimitOrTaken,
  facebookAuthBody,
  googleAuthBody,
  loginAnswer,
  oidcAuthBody,
  oidcAuthorizeAnswer,
  oidcAuthorizeBody,
  oidcProviders,
} from '@rianroo/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientMeta } from '../../lib/request.js';
import type { SocialService } from './social.service.js';

export const socialRoutes: FastifyPluginAsyncZod<{ service: SocialService }> = async (app, { service }) => {
  app.post(
    '/google-auth',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in (or sign up) with a Google ID token',
        body: googleAuthBody,
        response: { 200: loginAnswer, 401: apiError, 404: apiError, 409: deviceLimitOrTaken },
      },
    },
    (request) => service.google(request.body.credential, request.body.device, clientMeta(request)),
  );

  app.post(
    '/facebook-auth',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in (or sign up) with a Facebook Login access token (verified with the Graph API)',
        body: facebookAuthBody,
        response: { 200: loginAnswer, 401: apiError, 404: apiError, 409: deviceLimitOrTaken, 502: apiError },
      },
    },
    (request) => service.facebook(request.body.accessToken, request.body.device, clientMeta(request)),
  );

  // OpenID Connect: the partner's sign-in (/siriraj-auth, PRODUCT.md section 3) and LINE Login (/line-auth).
  for (const provider of oidcProviders) {
    const label = provider === 'line' ? 'LINE Login' : 'the partner’s sign-in';
    app.post(
      `/${provider}-auth/authorize`,
      {
        schema: {
          tags: ['auth'],
          summary: `Start ${label}: the provider's authorization URL for this PKCE challenge (state and nonce chosen here)`,
          body: oidcAuthorizeBody,
          response: { 200: oidcAuthorizeAnswer, 400: apiError, 404: apiError, 502: apiError },
        },
      },
      (request) => service.oidcAuthorize(provider, request.body, clientMeta(request)),
    );
    app.post(
      `/${provider}-auth`,
      {
        schema: {
          tags: ['auth'],
          summary: `Finish ${label}: the authorization code, its PKCE verifier and the state it came back with`,
          body: oidcAuthBody,
          response: {
            200: loginAnswer,
            401: apiError,
            404: apiError,
            409: deviceLimitOrTaken,
            502: apiError,
          },
        },
      },
      (request) => service.oidcSignIn(provider, request.body, clientMeta(request)),
    );
  }
};
