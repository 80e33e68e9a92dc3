import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StripeProvider } from '../src/modules/billing/providers/stripe.js';
import { bearer, createTestApp, register, type TestApp } from './helpers.js';
import { startStripeDouble } from './stripe-double.js';

/** Payments through Stripe: the real `stripe` package against a local double of its API, webhooks signed as Stripe signs them. */
const KEY = 'sk_test_double_0123456789';
const SECRET = 'whsec_test_0123456789';
let t: TestApp;
let stripe: Awaited<ReturnType<typeof startStripeDouble>>;
beforeAll(async () => {
  stripe = await startStripeDouble(KEY);
  t = await createTestApp({
    REGISTER_MAX_PER_HOUR: '500',
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: KEY,
    STRIPE_WEBHOOK_SECRET: SECRET,
    STRIPE_API_URL: stripe.url,
  });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, token: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });

/** Delivers an event to the webhook as Stripe would (signed with `secret`, at `timestamp`). */
function deliver(
  event: object,
  { secret = SECRET, timestamp, body }: { secret?: string; timestamp?: number; body?: string } = {},
) {
  const payload = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': stripe.sign(payload, secret, timestamp),
    },
    payload: body ?? payload,
  });
}

async function openOrder(plan = 'monthly') {
  const u = await register(t.app);
  const res = await post('/api/checkout/orders', u.access_token, { plan });
  expect(res.statusCode, res.body).toBe(201);
  const { order, redirectUrl } = res.json();
  const session = [...stripe.sessions.values()].find((s) => s.client_reference_id === order.id)!;
  return { u, order, redirectUrl, session };
}
const orderOf = async (u: { access_token: string }, id: string) =>
  (await get(`/api/checkout/orders/${id}`, u.access_token)).json();
const subOf = async (u: { access_token: string }) =>
  (await get('/api/my-subscription', u.access_token)).json();

describe('Stripe Checkout', () => {
  it('opens a Checkout Session in THB with card and PromptPay, the order in its metadata, once per order', async () => {
    const { order, redirectUrl, session, u } = await openOrder('annual');
    expect(redirectUrl).toBe(session.url);
    expect(order).toMatchObject({ provider: 'stripe', status: 'pending', totalSatang: 299_000 });
    const sent = stripe.requests.find(
      (r) =>
        r.path === '/v1/checkout/sessions' && (r.body.metadata as { orderId?: string })?.orderId === order.id,
    )!;
    expect(sent.body).toMatchObject({
      mode: 'payment',
      allowed_payment_method_types: ['card', 'promptpay'],
      client_reference_id: order.id,
      customer_email: u.email,
      line_items: [{ quantity: '1', price_data: { currency: 'thb', unit_amount: '299000' } }],
      success_url: `http://rianroo.test/checkout/complete/${order.id}`,
      cancel_url: `http://rianroo.test/checkout/failed/${order.id}`,
      metadata: { orderId: order.id, orderNumber: order.number },
    });
    // The sandbox's page does not exist with Stripe.
    expect((await get(`/api/checkout/sandbox/${order.id}`, u.access_token)).statusCode).toBe(404);
    // The same order opened again (a retried request) answers the same session.
    const again = await new StripeProvider({
      secretKey: KEY,
      webhookSecret: SECRET,
      apiUrl: stripe.url,
    }).openCheckout({
      orderId: order.id,
      orderNumber: order.number,
      totalSatang: 299_000,
      description: 'x',
      customerEmail: u.email,
      successUrl: 'http://rianroo.test/s',
      cancelUrl: 'http://rianroo.test/c',
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    expect(again.providerRef).toBe(session.id);
  });

  it('a card payment: the completed session pays the order once, however often the event comes', async () => {
    const { u, order, session } = await openOrder();
    const event = stripe.event('checkout.session.completed', session, {
      status: 'complete',
      payment_status: 'paid',
      payment_intent: 'pi_card_1',
    });
    const first = await deliver(event);
    expect(first.json()).toEqual({ received: true, applied: 1 });
    expect(await orderOf(u, order.id)).toMatchObject({ status: 'paid', method: 'card' });
    const end = (await subOf(u)).currentPeriodEnd;
    // A replay (Stripe retries, or an attacker resends a captured delivery within the tolerance) changes nothing.
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await subOf(u)).currentPeriodEnd).toBe(end);
    const { rows } = await t.db.$client.query(`select count(*)::int as n from receipts where order_id = $1`, [
      order.id,
    ]);
    expect(rows[0].n).toBe(1);
  });

  it('one event delivered ten times at once is applied once', async () => {
    const { u, order, session } = await openOrder();
    const event = stripe.event('checkout.session.completed', session, {
      status: 'complete',
      payment_status: 'paid',
    });
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(event)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const sub = await subOf(u);
    const days = (new Date(sub.currentPeriodEnd).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32); // one month, not ten
    const { rows } = await t.db.$client.query(
      `select count(*)::int as n from payment_events where order_id = $1`,
      [order.id],
    );
    expect(rows[0].n).toBe(1);
  });

  it('PromptPay: a completed but unpaid session waits; the async success pays it', async () => {
    const { u, order, session } = await openOrder();
    await deliver(
      stripe.event('checkout.session.completed', session, { status: 'complete', payment_status: 'unpaid' }),
    );
    expect((await orderOf(u, order.id)).status).toBe('pending');
    expect(await subOf(u)).toBeNull();
    await deliver(
      stripe.event('checkout.session.async_payment_succeeded', session, {
        status: 'complete',
        payment_status: 'paid',
      }),
    );
    expect(await orderOf(u, order.id)).toMatchObject({ status: 'paid', method: 'promptpay' });
    expect((await subOf(u)).status).toBe('active');
  });

  it('events in any order: a payment wins over an expiry or failure before it, nothing undoes it', async () => {
    const a = await openOrder();
    await deliver(stripe.event('checkout.session.expired', a.session, { status: 'expired' }));
    expect((await orderOf(a.u, a.order.id)).status).toBe('expired');
    await deliver(
      stripe.event('checkout.session.completed', a.session, { status: 'complete', payment_status: 'paid' }),
    );
    expect((await orderOf(a.u, a.order.id)).status).toBe('paid');

    const b = await openOrder();
    await deliver(
      stripe.event('checkout.session.async_payment_succeeded', b.session, { payment_status: 'paid' }),
    );
    await deliver(
      stripe.event('checkout.session.async_payment_failed', b.session, { payment_status: 'unpaid' }),
    );
    await deliver(stripe.event('checkout.session.expired', b.session, { status: 'expired' }));
    expect((await orderOf(b.u, b.order.id)).status).toBe('paid');
    expect((await subOf(b.u)).givesAccess).toBe(true);

    const c = await openOrder();
    await deliver(stripe.event('checkout.session.async_payment_failed', c.session, {}));
    expect((await orderOf(c.u, c.order.id)).status).toBe('failed');
    expect(await subOf(c.u)).toBeNull();
  });

  it('an order replaced by a newer one: its Checkout Session is expired at Stripe, so it cannot be paid there', async () => {
    const a = await openOrder();
    const again = await post('/api/checkout/orders', a.u.access_token, { plan: 'monthly' });
    expect(again.statusCode).toBe(201);
    expect((await orderOf(a.u, a.order.id)).status).toBe('expired');
    expect(a.session.status).toBe('expired');
    const b = [...stripe.sessions.values()].find((s) => s.client_reference_id === again.json().order.id)!;
    expect(b.status).toBe('open');
    // Paid at Stripe meanwhile (Stripe refuses to expire it): a third order still opens, and the payment,
    // when its event comes, is honoured as any late payment.
    b.status = 'complete';
    const third = await post('/api/checkout/orders', a.u.access_token, { plan: 'monthly' });
    expect(third.statusCode).toBe(201);
    await deliver(
      stripe.event('checkout.session.completed', b, { status: 'complete', payment_status: 'paid' }),
    );
    expect((await orderOf(a.u, again.json().order.id)).status).toBe('paid');
  });

  it('refuses a wrong secret, a stale timestamp, a changed body and no signature, and changes nothing', async () => {
    const { u, order, session } = await openOrder();
    const paid = stripe.event('checkout.session.completed', session, { payment_status: 'paid' });
    const refused = [
      await deliver(paid, { secret: 'whsec_someone_else' }),
      await deliver(paid, { timestamp: Math.floor(Date.now() / 1000) - 301 }),
      await deliver(paid, { body: JSON.stringify({ ...paid, id: 'evt_forged' }) }),
      await t.app.inject({
        method: 'POST',
        url: '/api/payments/stripe/webhook',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(paid),
      }),
    ];
    for (const r of refused) {
      expect(r.statusCode).toBe(400);
      expect(r.json().code).toBe('SIGNATURE_INVALID');
    }
    expect((await orderOf(u, order.id)).status).toBe('pending');
    expect(await subOf(u)).toBeNull();
  });

  it('a paid event of another amount is not applied; events of other kinds or orders are answered and ignored', async () => {
    const { u, order, session } = await openOrder();
    await deliver(
      stripe.event('checkout.session.completed', session, { payment_status: 'paid', amount_total: 100 }),
    );
    expect((await orderOf(u, order.id)).status).toBe('pending');
    expect((await deliver(stripe.event('customer.created', { id: 'cus_1' }))).json()).toEqual({
      received: true,
      applied: 0,
    });
    const stranger = await deliver(
      stripe.event(
        'checkout.session.completed',
        { ...session, metadata: { orderId: 'not-ours' }, client_reference_id: null },
        { payment_status: 'paid' },
      ),
    );
    expect(stranger.statusCode).toBe(200);
  });

  it('when Stripe refuses (a wrong key), the learner gets a 503 without the key and the order is closed', async () => {
    const broken = new StripeProvider({
      secretKey: 'sk_test_wrong_key_42',
      webhookSecret: SECRET,
      apiUrl: stripe.url,
    });
    const err = await broken
      .openCheckout({
        orderId: '01930000-0000-7000-8000-0000000000ff',
        orderNumber: 'RR-1',
        totalSatang: 100,
        description: 'x',
        customerEmail: 'a@example.com',
        successUrl: 'http://rianroo.test/s',
        cancelUrl: 'http://rianroo.test/c',
        expiresAt: new Date(Date.now() + 3_600_000),
      })
      .catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).not.toContain('sk_test_wrong_key_42');
  });
});
