import {
  apiError,
  deviceLimitError,
  idParams,
  loginAnswer,
  loginBody,
  logoutBody,
  partialLoginBody,
  refreshBody,
  sessionList,
  successAnswer,
  tokenPair,
  user,
} from '@rianroo/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.js';
import { clientMeta } from '../../lib/request.js';
import { bearer } from '../../lib/tokens.js';
import type { AuthService } from './auth.service.js';

const tags = ['auth'];
const secured = [{ bearerAuth: [] }];

export const authRoutes: FastifyPluginAsyncZod<{ service: AuthService }> = async (app, { service }) => {
  const auth = { onRequest: app.authenticate, schema: { security: secured } };

  app.post(
    '/auth',
    {
      schema: {
        tags,
        summary: 'Log in with e-mail and password from a device',
        body: loginBody,
        response: { 200: loginAnswer, 401: apiError, 409: deviceLimitError, 429: apiError },
      },
    },
    (request) => service.login(request.body, clientMeta(request)),
  );

  app.post(
    '/users/partial-login',
    {
      schema: {
        tags,
        summary: 'Complete a login that hit the device limit by signing out chosen devices',
        body: partialLoginBody,
        response: { 200: loginAnswer, 401: apiError, 409: deviceLimitError },
      },
    },
    (request) =>
      service.partialLogin(request.body.partialToken, request.body.logoutDeviceIds, clientMeta(request)),
  );

  app.post(
    '/auth/refresh',
    {
      schema: {
        tags,
        summary: 'Rotate the refresh token (sent as Bearer and in the body)',
        body: refreshBody,
        response: { 200: tokenPair, 401: apiError },
      },
    },
    async (request) => {
      const header = bearer(request.headers.authorization);
      if (header && header !== request.body.refreshToken) {
        throw new AppError('UNAUTHORIZED', 401, 'Invalid or expired refresh token');
      }
      return service.refresh(request.body.userId, request.body.refreshToken);
    },
  );

  app.get(
    '/auth',
    {
      ...auth,
      schema: { ...auth.schema, tags, summary: 'The current user', response: { 200: user, 401: apiError } },
    },
    (request) => service.currentUser(request.auth.userId),
  );

  app.post(
    '/auth/save-logout-user',
    {
      ...auth,
      schema: {
        ...auth.schema,
        tags,
        summary: 'Log out: ends the current session',
        body: logoutBody.nullish(),
        response: { 200: successAnswer },
      },
    },
    async (request) => {
      await service.logout(request.auth.userId, request.auth.sessionId);
      return { success: true as const };
    },
  );

  app.get(
    '/auth/sessions',
    {
      ...auth,
      schema: { ...auth.schema, tags, summary: 'My signed-in devices', response: { 200: sessionList } },
    },
    (request) => service.listSessions(request.auth.userId, request.auth.sessionId),
  );

  app.delete(
    '/auth/sessions/:id',
    {
      ...auth,
      schema: {
        ...auth.schema,
        tags,
        summary: 'Sign out one of my devices',
        params: idParams,
        response: { 204: z.null(), 404: apiError },
      },
    },
    async (request, reply) => {
      await service.endSession(request.auth.userId, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
