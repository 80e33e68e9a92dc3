import {
  adminCoupon,
  adminCouponPage,
  adminCouponQuery,
  adminPlan,
  adminPlanPage,
  adminPlanQuery,
  adminRedemptionPage,
  adminRedemptionQuery,
  couponCreateBody,
  couponUpdateBody,
  idParams,
  planCreateBody,
  planUpdateBody,
} from '@rianroo/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { BillingAdminService } from './billing-admin.service.js';

const admin = { tags: ['admin'], security: [{ bearerAuth: [] }] };

export const billingAdminRoutes: FastifyPluginAsyncZod<{ service: BillingAdminService }> = async (
  app,
  { service },
) => {
  app.get(
    '/plans',
    {
      schema: {
        ...admin,
        summary: 'Plans, one page',
        querystring: adminPlanQuery,
        response: { 200: adminPlanPage },
      },
    },
    (request) => service.listPlans(request.query),
  );
  app.post(
    '/plans',
    { schema: { ...admin, summary: 'Create a plan', body: planCreateBody, response: { 201: adminPlan } } },
    async (request, reply) =>
      reply.code(201).send(await service.createPlan(request.auth.userId, request.body)),
  );
  app.get(
    '/plans/:id',
    { schema: { ...admin, summary: 'One plan', params: idParams, response: { 200: adminPlan } } },
    (request) => service.plan(request.params.id),
  );
  app.patch(
    '/plans/:id',
    {
      schema: {
        ...admin,
        summary: 'Edit or deactivate a plan (409 EDIT_CONFLICT when another edit came first)',
        params: idParams,
        body: planUpdateBody,
        response: { 200: adminPlan },
      },
    },
    (request) => service.updatePlan(request.auth.userId, request.params.id, request.body),
  );
  app.delete(
    '/plans/:id',
    {
      schema: {
        ...admin,
        summary: 'Delete a plan never subscribed to nor ordered (409 PLAN_IN_USE otherwise)',
        params: idParams,
      },
    },
    async (request, reply) => {
      await service.deletePlan(request.auth.userId, request.params.id);
      return reply.code(204).send();
    },
  );
  app.get(
    '/coupons',
    {
      schema: {
        ...admin,
        summary: 'Promo codes, one page',
        querystring: adminCouponQuery,
        response: { 200: adminCouponPage },
      },
    },
    (request) => service.listCoupons(request.query),
  );
  app.post(
    '/coupons',
    {
      schema: {
        ...admin,
        summary: 'Create a promo code',
        body: couponCreateBody,
        response: { 201: adminCoupon },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.createCoupon(request.auth.userId, request.body)),
  );
  app.get(
    '/coupons/:id',
    { schema: { ...admin, summary: 'One promo code', params: idParams, response: { 200: adminCoupon } } },
    (request) => service.coupon(request.params.id),
  );
  app.patch(
    '/coupons/:id',
    {
      schema: {
        ...admin,
        summary: 'Edit or deactivate a promo code (409 EDIT_CONFLICT when another edit came first)',
        params: idParams,
        body: couponUpdateBody,
        response: { 200: adminCoupon },
      },
    },
    (request) => service.updateCoupon(request.auth.userId, request.params.id, request.body),
  );
  app.get(
    '/coupons/:id/redemptions',
    {
      schema: {
        ...admin,
        summary: "A promo code's redemptions (orders), one page",
        params: idParams,
        querystring: adminRedemptionQuery,
        response: { 200: adminRedemptionPage },
      },
    },
    (request) => service.redemptions(request.params.id, request.query),
  );
};
