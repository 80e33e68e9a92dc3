import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint.js';
import type { BillingAdminService } from './billing-admin.service.js';

export const billingAdminRoutes: FastifyPluginAsyncZod<{ service: BillingAdminService }> = async (
  app,
  { service },
) => {
  app.route({
    ...endpoint(app, 'GET /api/admin/plans'),
    handler: (request) => service.listPlans(request.query),
  });
  app.route({
    ...endpoint(app, 'POST /api/admin/plans'),
    handler: async (request, reply) =>
      reply.code(201).send(await service.createPlan(request.auth.userId, request.body)),
  });
  app.route({
    ...endpoint(app, 'GET /api/admin/plans/:id'),
    handler: (request) => service.plan(request.params.id),
  });
  app.route({
    ...endpoint(app, 'PATCH /api/admin/plans/:id'),
    handler: (request) => service.updatePlan(request.auth.userId, request.params.id, request.body),
  });
  app.route({
    ...endpoint(app, 'DELETE /api/admin/plans/:id'),
    handler: async (request, reply) => {
      await service.deletePlan(request.auth.userId, request.params.id);
      return reply.code(204).send();
    },
  });
  app.route({
    ...endpoint(app, 'GET /api/admin/coupons'),
    handler: (request) => service.listCoupons(request.query),
  });
  app.route({
    ...endpoint(app, 'POST /api/admin/coupons'),
    handler: async (request, reply) =>
      reply.code(201).send(await service.createCoupon(request.auth.userId, request.body)),
  });
  app.route({
    ...endpoint(app, 'GET /api/admin/coupons/:id'),
    handler: (request) => service.coupon(request.params.id),
  });
  app.route({
    ...endpoint(app, 'PATCH /api/admin/coupons/:id'),
    handler: (request) => service.updateCoupon(request.auth.userId, request.params.id, request.body),
  });
  app.route({
    ...endpoint(app, 'GET /api/admin/coupons/:id/redemptions'),
    handler: (request) => service.redemptions(request.params.id, request.query),
  });
};
