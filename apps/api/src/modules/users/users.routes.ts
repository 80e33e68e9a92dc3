import {
  apiError,
  changePasswordBody,
  checkPasswordAnswer,
  checkPasswordBody,
  forgotPasswordBody,
  idParams,
  loginAnswer,
  registerBody,
  resetPasswordBody,
  setPasswordOldUserParams,
  successAnswer,
  user,
  userPatchBody,
  verifyResetAnswer,
  verifyResetBody,
} from '@rianroo/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientMeta } from '../../lib/request.js';
import type { UsersService } from './users.service.js';
import { ProfileImages } from './profile-images.js';

const tags = ['users'];
const ok = { success: true as const };

export const usersRoutes: FastifyPluginAsyncZod<{ service: UsersService }> = async (app, { service }) => {
  const auth = { onRequest: app.authenticate };
  const security = [{ bearerAuth: [] }];

  app.post(
    '/users',
    {
      schema: {
        tags,
        summary: 'Register (and log in)',
        body: registerBody,
        response: { 201: loginAnswer, 409: apiError },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.register(request.body, clientMeta(request))),
  );

  app.post(
    '/users/forgot-password',
    {
      schema: {
        tags,
        summary: 'E-mail a password reset link (always 200)',
        body: forgotPasswordBody,
        response: { 200: successAnswer },
      },
    },
    async (request) => {
      await service.forgotPassword(request.body.email, request.ip);
      return ok;
    },
  );

  app.post(
    '/users/verify-password-reset',
    {
      schema: {
        tags,
        summary: 'Check a reset code before showing the form',
        body: verifyResetBody,
        response: { 200: verifyResetAnswer, 400: apiError },
      },
    },
    (request) => service.verifyReset(request.body.verificationString),
  );

  app.post(
    '/users/reset-password',
    {
      schema: {
        tags,
        summary: 'Set a new password with a reset code',
        body: resetPasswordBody,
        response: { 200: successAnswer, 400: apiError },
      },
    },
    async (request) => {
      const b = request.body;
      await service.resetPassword(b.verificationString, b.password, b.passwordConfirmation, b.device);
      return ok;
    },
  );

  app.get(
    '/users/set-password-old-user/:email',
    {
      schema: {
        tags,
        summary: 'E-mail a migrated user a link to set a password',
        params: setPasswordOldUserParams,
        response: { 200: successAnswer, 404: apiError },
      },
    },
    async (request) => {
      await service.sendSetPasswordToLegacyUser(request.params.email, request.ip);
      return ok;
    },
  );

  app.post(
    '/users/check-password',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Confirm my current password',
        body: checkPasswordBody,
        response: { 200: checkPasswordAnswer },
      },
    },
    (request) => service.checkPassword(request.auth.userId, request.body.password),
  );

  app.post(
    '/users/reset-password-contact',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Change my password (ends my other sessions)',
        body: changePasswordBody,
        response: { 200: successAnswer, 400: apiError },
      },
    },
    async (request) => {
      await service.changePassword(request.auth, request.body);
      return ok;
    },
  );

  app.get(
    '/users/:id',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'A user (self or admin)',
        params: idParams,
        response: { 200: user, 404: apiError },
      },
    },
    (request) => service.get(request.auth, request.params.id),
  );

  app.patch(
    '/users/:id',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Update a user (self or admin); protected fields are ignored',
        params: idParams,
        body: userPatchBody,
        response: { 200: user, 404: apiError },
      },
    },
    (request) => service.update(request.auth, request.params.id, request.body),
  );

  await app.register(ProfileImages, { service });
};
