import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint.js';
import type { OrgConsoleService } from './org-console.service.js';

/** The signed-in user's side: which organisations they manage (the web shows the console's link from it). */
export const managedOrganizationsRoutes: FastifyPluginAsyncZod<{ service: OrgConsoleService }> = async (
  app,
  { service },
) => {
  app.route({
    ...endpoint(app, 'GET /api/users/managed-organizations'),
    handler: (request) => service.managed(request.auth.userId),
  });
};

/**
 * Everything under /api/org/:orgId, behind one gate run before any route of the scope (and before the body is
 * read): a live session (401), a manager of some organisation (403), of this one (404). Each part of the console
 * registers its routes in this scope (app.ts); apps/api/test/org-authz.test.ts walks every operation.
 */
export const orgConsoleRoutes: FastifyPluginAsyncZod<{ service: OrgConsoleService }> = async (
  app,
  { service },
) => {
  app.route({
    ...endpoint(app, 'GET /api/org/:orgId'),
    handler: (request) => service.overview(request.params.orgId),
  });
};

/** The gate of the /api/org/:orgId scope (an onRequest hook of it). */
export const managerGate =
  (app: FastifyInstance, service: OrgConsoleService) => async (request: FastifyRequest) => {
    await app.authenticate(request);
    const { orgId } = (request.params ?? {}) as { orgId?: string };
    await service.requireManager(request.auth.userId, orgId ?? '');
  };
