import {
  apiError,
  contact,
  contactBody,
  contactGuardAnswer,
  contactPatchBody,
  idParams,
  instructorApplicationBody,
  joinOrganizationBody,
  myOrganizationAnswer,
  successAnswer,
} from '@rianroo/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientMeta } from '../../lib/request.js';
import type { ContactService } from './contact.service.js';

const tags = ['contact'];
const security = [{ bearerAuth: [] }];

export const contactRoutes: FastifyPluginAsyncZod<{ service: ContactService }> = async (app, { service }) => {
  const auth = { onRequest: app.authenticate };

  app.get(
    '/users/contact-guard',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Whether my contact details are required, and the ones I gave',
        response: { 200: contactGuardAnswer },
      },
    },
    (request) => service.guard(request.auth.userId),
  );

  app.post(
    '/contact/create-contact',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Give my contact details (once; change them with PATCH)',
        body: contactBody,
        response: { 201: contact, 409: apiError },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(request.auth.userId, request.body)),
  );

  app.patch(
    '/contact/:id',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Change my contact details',
        params: idParams,
        body: contactPatchBody,
        response: { 200: contact, 404: apiError },
      },
    },
    (request) => service.update(request.auth.userId, request.params.id, request.body),
  );

  app.get(
    '/users/organization',
    {
      ...auth,
      schema: { tags, security, summary: 'My organisation', response: { 200: myOrganizationAnswer } },
    },
    (request) => service.organization(request.auth.userId),
  );

  app.post(
    '/organizations/join',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary:
          'Join an organisation with its invite code (its granted courses open; it may ask for contact details)',
        body: joinOrganizationBody,
        response: { 200: myOrganizationAnswer, 404: apiError, 429: apiError },
      },
    },
    (request) => service.join(request.auth.userId, request.body.code),
  );

  app.post(
    '/next-instructor-form',
    {
      schema: {
        tags,
        summary: 'Apply to teach ("teach with us"); no login needed',
        body: instructorApplicationBody,
        response: { 201: successAnswer, 429: apiError },
      },
    },
    async (request, reply) => {
      await service.apply(request.body, clientMeta(request).ip, null);
      return reply.status(201).send({ success: true as const });
    },
  );
};
