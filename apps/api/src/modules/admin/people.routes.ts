import {
  adminCertificate,
  adminRoleBody,
  adminSubscriptionGrantBody,
  adminUserDetail,
  adminUserPage,
  adminUserQuery,
  adminUserSessionParams,
  adminUserSubscription,
  adminUserSubscriptionParams,
  certificateRevokeBody,
  idParams,
} from '@rianroo/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PeopleService } from './people.service.js';

const admin = { tags: ['admin'], security: [{ bearerAuth: [] }] };

export const peopleRoutes: FastifyPluginAsyncZod<{ service: PeopleService }> = async (app, { service }) => {
  app.get(
    '/users',
    {
      schema: {
        ...admin,
        summary: 'Users, one page',
        querystring: adminUserQuery,
        response: { 200: adminUserPage },
      },
    },
    (request) => service.list(request.query),
  );
  app.get(
    '/users/:id',
    {
      schema: {
        ...admin,
        summary: 'One user with sessions, subscriptions and certificates',
        params: idParams,
        response: { 200: adminUserDetail },
      },
    },
    (request) => service.detail(request.params.id),
  );
  app.put(
    '/users/:id/role',
    {
      schema: {
        ...admin,
        summary: "Change a user's role",
        params: idParams,
        body: adminRoleBody,
        response: { 200: adminUserDetail },
      },
    },
    (request) => service.setRole(request.auth.userId, request.params.id, request.body),
  );
  app.delete(
    '/users/:id/sessions/:sessionId',
    { schema: { ...admin, summary: "End one of a user's sessions", params: adminUserSessionParams } },
    async (request, reply) => {
      await service.endSession(request.auth.userId, request.params.id, request.params.sessionId);
      return reply.code(204).send();
    },
  );
  app.post(
    '/users/:id/subscriptions',
    {
      schema: {
        ...admin,
        summary:
          'Grant a paid plan until a date or for one period (409 SUBSCRIPTION_EXISTS when one is current)',
        params: idParams,
        body: adminSubscriptionGrantBody,
        response: { 201: adminUserSubscription },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await service.grantSubscription(request.auth.userId, request.params.id, request.body)),
  );
  app.post(
    '/users/:id/subscriptions/:subscriptionId/end',
    {
      schema: {
        ...admin,
        summary: 'End a subscription now',
        params: adminUserSubscriptionParams,
        response: { 200: adminUserSubscription },
      },
    },
    (request) =>
      service.endSubscription(request.auth.userId, request.params.id, request.params.subscriptionId),
  );
  app.post(
    '/certificates/:id/revoke',
    {
      schema: {
        ...admin,
        summary: 'Revoke a certificate, with a reason',
        params: idParams,
        body: certificateRevokeBody,
        response: { 200: adminCertificate },
      },
    },
    (request) => service.revokeCertificate(request.auth.userId, request.params.id, request.body.reason),
  );
};
