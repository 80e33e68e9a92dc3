import { apiError } from '@rianroo/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { endpoint } from '../../lib/endpoint.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { BillingService } from './billing.service.js';
import { WebhookSignatureError } from './providers/provider.js';

/** Plans, subscription, free trial, checkout, the sandbox's payment page, receipts and the Stripe webhook. */
export const billingRoutes: FastifyPluginAsyncZod<{ service: BillingService }> = async (app, { service }) => {
  app.route({
    ...endpoint(app, 'GET /api/plans'),
    handler: async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return service.plans();
    },
  });
  app.route({
    ...endpoint(app, 'GET /api/my-subscription'),
    handler: (r) => service.mySubscription(r.auth.userId),
  });
  app.route({
    ...endpoint(app, 'GET /api/my-subscription/expired'),
    handler: (r) => service.expiredSubscriptions(r.auth.userId),
  });
  app.route({
    ...endpoint(app, 'POST /api/my-subscription/cancel'),
    handler: (r) => service.setRenewal(r.auth.userId, false),
  });
  app.route({
    ...endpoint(app, 'POST /api/my-subscription/resume'),
    handler: (r) => service.setRenewal(r.auth.userId, true),
  });
  app.route({
    ...endpoint(app, 'POST /api/my-subscription/card-session'),
    handler: (r) => service.cardSession(r.auth.userId),
  });
  app.route({
    ...endpoint(app, 'PUT /api/my-subscription/card'),
    handler: async (r) => {
      // Like the sandbox's payment page: card tries are bounded.
      await app.limiter.consume(`sandbox-card:${r.auth.userId}`, 20, 600);
      return service.saveCard(r.auth.userId, r.body);
    },
  });
  app.route({
    ...endpoint(app, 'GET /api/free-trial'),
    handler: (r) => service.freeTrial(r.auth.userId),
  });
  app.route({
    ...endpoint(app, 'POST /api/free-trial'),
    handler: async (r, reply) => reply.code(201).send(await service.startTrial(r.auth.userId)),
  });
  app.route({
    ...endpoint(app, 'POST /api/checkout/quote'),
    handler: (r) => service.quote(r.auth.userId, r.body.plan, r.body.cpc),
  });
  app.route({
    ...endpoint(app, 'POST /api/checkout/orders'),
    handler: async (r, reply) => {
      // Orders open provider sessions: a bounded number per learner and hour.
      await app.limiter.consume(`order:${r.auth.userId}`, 30, 3600);
      return reply
        .code(201)
        .send(await service.createOrder(r.auth.userId, r.body.plan, r.body.cpc, r.body.autoRenew));
    },
  });
  app.route({
    ...endpoint(app, 'GET /api/checkout/orders/:id'),
    handler: (r) => service.order(r.auth.userId, r.params.id),
  });

  app.route({
    ...endpoint(app, 'GET /api/checkout/sandbox/:id'),
    handler: (r) => service.sandboxPayment(r.auth.userId, r.params.id),
  });
  app.route({
    ...endpoint(app, 'POST /api/checkout/sandbox/:id/card'),
    handler: async (r) => {
      // Like a provider: card tries are bounded, so the page cannot be used to test card numbers.
      await app.limiter.consume(`sandbox-card:${r.auth.userId}`, 20, 600);
      return service.sandboxPay(r.auth.userId, r.params.id, r.body);
    },
  });
  app.route({
    ...endpoint(app, 'POST /api/checkout/sandbox/:id/promptpay'),
    handler: (r) => service.sandboxPay(r.auth.userId, r.params.id, null),
  });

  app.route({
    ...endpoint(app, 'GET /api/my-receipts'),
    handler: (r) => service.receipts(r.auth.userId),
  });
  app.route({
    ...endpoint(app, 'GET /api/my-receipts/:number'),
    handler: async (r) => {
      const [found] = await service.receipts(r.auth.userId, r.params.number);
      if (!found) throw notFound('Receipt');
      return found;
    },
  });

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
    hooks.route({
      ...endpoint(hooks, 'POST /api/payments/stripe/webhook'),
      handler: async (r) => {
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
    });
  });
};
