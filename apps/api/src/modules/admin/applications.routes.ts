import {
  adminApplication,
  adminApplicationBody,
  adminApplicationPage,
  adminApplicationQuery,
  idParams,
} from '@rianroo/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ApplicationsService } from './applications.service.js';

const admin = { tags: ['admin'], security: [{ bearerAuth: [] }] };

export const applicationsRoutes: FastifyPluginAsyncZod<{ service: ApplicationsService }> = async (
  app,
  { service },
) => {
  app.get(
    '/applications',
    {
      schema: {
        ...admin,
        summary: 'Instructor applications, one page',
        querystring: adminApplicationQuery,
        response: { 200: adminApplicationPage },
      },
    },
    (request) => service.list(request.query),
  );
  app.get(
    '/applications/:id',
    {
      schema: {
        ...admin,
        summary: 'One instructor application',
        params: idParams,
        response: { 200: adminApplication },
      },
    },
    (request) => service.read(request.params.id),
  );
  app.put(
    '/applications/:id/status',
    {
      schema: {
        ...admin,
        summary: 'Mark an application handled (contacted, accepted, declined) with a note',
        params: idParams,
        body: adminApplicationBody,
        response: { 200: adminApplication },
      },
    },
    (request) => service.mark(request.auth.userId, request.params.id, request.body),
  );
};
