import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint.js';
import type { OrgInvitesService } from './org-invites.service.js';

/** The console's invitations (inside the /api/org/:orgId gate). */
export const orgInvitesRoutes: FastifyPluginAsyncZod<{ service: OrgInvitesService }> = async (
  app,
  { service },
) => {
  app.route({
    ...endpoint(app, 'GET /api/org/:orgId/invites'),
    handler: (request) => service.list(request.params.orgId, request.query),
  });
  app.route({
    ...endpoint(app, 'POST /api/org/:orgId/invites'),
    handler: (request) => service.invite(request.auth.userId, request.params.orgId, request.body),
  });
  app.route({
    ...endpoint(app, 'POST /api/org/:orgId/invites/:inviteId/resend'),
    handler: (request) => service.resend(request.params.orgId, request.params.inviteId),
  });
  app.route({
    ...endpoint(app, 'POST /api/org/:orgId/invites/:inviteId/revoke'),
    handler: (request) => service.revoke(request.params.orgId, request.params.inviteId),
  });
};

/** The invitee's side: accepting by the mailed link's token (any signed-in user). */
export const orgInviteAcceptRoutes: FastifyPluginAsyncZod<{ service: OrgInvitesService }> = async (
  app,
  { service },
) => {
  app.route({
    ...endpoint(app, 'POST /api/users/org-invites/accept'),
    handler: (request) => service.accept(request.auth.userId, request.body.token),
  });
};
