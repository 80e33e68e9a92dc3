import { apiError, deviceLimitError, facebookAuthBody, googleAuthBody, loginAnswer } from '@rianroo/contract';
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
        response: { 200: loginAnswer, 401: apiError, 404: apiError, 409: deviceLimitError },
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
        response: { 200: loginAnswer, 401: apiError, 404: apiError, 409: deviceLimitError, 502: apiError },
      },
    },
    (request) => service.facebook(request.body.accessToken, request.body.device, clientMeta(request)),
  );
};
