import {
  apiError,
  checkoutBody,
  checkoutStarted,
  freeTrialStatus,
  mySubscription,
  order,
  orderParams,
  planList,
  quote,
  receipt,
  receiptList,
  receiptParams,
  sandboxCardBody,
  sandboxPayment,
  subscription,
  subscriptionList,
  webhookAnswer,
} from '@rianroo/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/errors.js';
import type { BillingService } from './billing.service.js';
import { WebhookSignatureError } from './providers/provider.js';

/** Plans, subscription, free trial, checkout, the sandbox's payment page, receipts and the Stripe webhook. */
export const billingRoutes: FastifyPluginAsyncZod<{ service: BillingService }> = async (app, { service }) => {
  const auth = { onRequest: app.authenticate };
  const security = [{ bearerAuth: [] }];
  const tags = ['billing'];
  const errors = { 400: apiError, 401: apiError, 404: apiError, 409: apiError, 429: apiError };

  app.get(
    '/plans',
    {
      schema: { tags, summary: 'The plans on sale, with their prices (public)', response: { 200: planList } },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return service.plans();
    },
  );
  app.get(
    '/my-subscription',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'My current subscription, or null',
        response: { 200: mySubscription, 401: apiError },
      },
    },
    (r) => service.mySubscription(r.auth.userId),
  );
  app.get(
    '/my-subscription/expired',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'My ended subscriptions, newest first',
        response: { 200: subscriptionList, 401: apiError },
      },
    },
    (r) => service.expiredSubscriptions(r.auth.userId),
  );
  for (const [action, on] of [
    ['cancel', false],
    ['resume', true],
  ] as const)
    app.post(
      `/my-subscription/${action}`,
      {
        ...auth,
        schema: {
          tags,
          security,
          summary: on
            ? 'Turn renewal back on'
            : 'Turn renewal off; access stays until the period ends (409 NOT_CANCELABLE)',
          response: { 200: subscription, ...errors },
        },
      },
      (r) => service.setRenewal(r.auth.userId, on),
    );
  app.get(
    '/free-trial',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'May I start the free trial, is it running, until when',
        response: { 200: freeTrialStatus, 401: apiError },
      },
    },
    (r) => service.freeTrial(r.auth.userId),
  );
  app.post(
    '/free-trial',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Start my one free trial (409 TRIAL_NOT_ELIGIBLE after one, or while subscribed)',
        response: { 201: freeTrialStatus, ...errors },
      },
    },
    async (r, reply) => reply.code(201).send(await service.startTrial(r.auth.userId)),
  );
  app.post(
    '/checkout/quote',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'What a plan costs me with a promo code, and the period it buys',
        body: checkoutBody,
        response: { 200: quote, ...errors },
      },
    },
    (r) => service.quote(r.auth.userId, r.body.plan, r.body.cpc),
  );
  app.post(
    '/checkout/orders',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Open an order and the payment page (409 COUPON_INVALID with couponProblem)',
        body: checkoutBody,
        response: { 201: checkoutStarted, ...errors, 503: apiError },
      },
    },
    async (r, reply) => {
      // Orders open provider sessions: a bounded number per learner and hour.
      await app.limiter.consume(`order:${r.auth.userId}`, 30, 3600);
      return reply.code(201).send(await service.createOrder(r.auth.userId, r.body.plan, r.body.cpc));
    },
  );
  app.get(
    '/checkout/orders/:id',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'One of my orders',
        params: orderParams,
        response: { 200: order, ...errors },
      },
    },
    (r) => service.order(r.auth.userId, r.params.id),
  );

  app.get(
    '/checkout/sandbox/:id',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary:
          "The sandbox provider's payment page: test cards and a PromptPay QR (404 with another provider)",
        params: orderParams,
        response: { 200: sandboxPayment, ...errors },
      },
    },
    (r) => service.sandboxPayment(r.auth.userId, r.params.id),
  );
  app.post(
    '/checkout/sandbox/:id/card',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Pay a sandbox order with a test card (402 PAYMENT_DECLINED)',
        params: orderParams,
        body: sandboxCardBody,
        response: { 200: order, 402: apiError, ...errors },
      },
    },
    async (r) => {
      // Like a provider: card tries are bounded, so the page cannot be used to test card numbers.
      await app.limiter.consume(`sandbox-card:${r.auth.userId}`, 20, 600);
      return service.sandboxPay(r.auth.userId, r.params.id, r.body);
    },
  );
  app.post(
    '/checkout/sandbox/:id/promptpay',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: "Confirm a sandbox order's PromptPay payment (what the bank app would do)",
        params: orderParams,
        response: { 200: order, ...errors },
      },
    },
    (r) => service.sandboxPay(r.auth.userId, r.params.id, null),
  );

  app.get(
    '/my-receipts',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'My receipts, newest first',
        response: { 200: receiptList, 401: apiError },
      },
    },
    (r) => service.receipts(r.auth.userId),
  );
  app.get(
    '/my-receipts/:number',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'One of my receipts',
        params: receiptParams,
        response: { 200: receipt, ...errors },
      },
    },
    async (r) => {
      const [found] = await service.receipts(r.auth.userId, r.params.number);
      if (!found) throw notFound('Receipt');
      return found;
    },
  );

  // Browser tests move the jobs' clock for one learner (NODE_ENV=test only: no such route anywhere else).
  if (app.config.env === 'test')
    app.post(
      '/test/billing/advance-clock',
      {
        schema: {
          hide: true,
          body: z.object({ email: z.email(), days: z.number().min(0).max(400) }),
          response: { 200: z.object({ subscriptions: z.number(), orders: z.number() }), 404: apiError },
        },
      },
      (r) => service.expireForTest(r.body.email, r.body.days),
    );

  // The provider's webhook reads the exact bytes (the signature is over them), so JSON is not parsed here.
  await app.register(async (hooks) => {
    hooks.removeAllContentTypeParsers();
    hooks.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    hooks.post(
      '/payments/stripe/webhook',
      {
        schema: {
          tags,
          summary: 'Stripe webhook (signed; each event applied once, in any order)',
          response: {
            200: webhookAnswer,
            400: apiError,
            404: apiError,
          },
        },
      },
      async (r) => {
        if (service.provider.name !== 'stripe') throw notFound('Webhook');
        try {
          const applied = await service.webhook({ rawBody: r.body as Buffer, headers: r.headers });
          return { received: true as const, applied };
        } catch (err) {
          if (err instanceof WebhookSignatureError)
            throw new AppError(
              'SIGNATURE_INVALID',
              400,
              'The webhook signature is missing, wrong or too old',
            );
          throw err;
        }
      },
    );
  });
};
