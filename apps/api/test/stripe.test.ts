import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodEnd } from '../src/modules/billing/periods.js';
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
/** What a webhook delivery answered it applied (the body must be the contract's answer). */
const applied = (res: { statusCode: number; body: string; json: () => unknown }) => {
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { received: true; applied: number };
  expect(Object.keys(body).sort()).toEqual(['applied', 'received']);
  expect(body.received).toBe(true);
  return body.applied;
};
/** The rows a payment leaves behind, counted: recorded events, receipts, subscriptions (of the order's learner). */
async function traces(orderId: string, userId: string) {
  const { rows } = await t.db.$client.query<{ events: number; receipts: number; subscriptions: number }>(
    `select (select count(*)::int from payment_events where order_id = $1) as events,
            (select count(*)::int from receipts where order_id = $1) as receipts,
            (select count(*)::int from subscriptions where user_id = $2) as subscriptions`,
    [orderId, userId],
  );
  return rows[0]!;
}

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
      recurring: null,
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
    // A replay (Stripe retries, or an attacker resends a captured delivery within the tolerance) changes nothing,
    // and says so: applied 0.
    for (let i = 0; i < 2; i++) expect((await deliver(event)).json()).toEqual({ received: true, applied: 0 });
    expect((await subOf(u)).currentPeriodEnd).toBe(end);
    expect(await traces(order.id, u.user.id)).toEqual({ events: 1, receipts: 1, subscriptions: 1 });
  });

  it('one event delivered ten times at once is applied once: one applied 1, one payment, one extension, one receipt', async () => {
    // A subscriber renewing: the payment extends the running subscription from its end, once.
    const first = await openOrder();
    const paidFirst = stripe.event('checkout.session.completed', first.session, { payment_status: 'paid' });
    expect(applied(await deliver(paidFirst))).toBe(1);
    const before = await subOf(first.u);
    const opened = await post('/api/checkout/orders', first.u.access_token, { plan: 'monthly' });
    expect(opened.statusCode, opened.body).toBe(201);
    const order = opened.json().order;
    const session = [...stripe.sessions.values()].find((s) => s.client_reference_id === order.id)!;
    const event = stripe.event('checkout.session.completed', session, {
      status: 'complete',
      payment_status: 'paid',
    });
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(event)));
    expect(answers.map(applied).sort()).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    // One extension: the same subscription, one month added to its end (not ten), and the order says that period.
    const after = await subOf(first.u);
    expect(after.id).toBe(before.id);
    const { rows } = await t.db.$client.query<{ period_start: Date; period_end: Date; anchor_day: number }>(
      `select o.period_start, o.period_end, s.anchor_day from orders o join subscriptions s on s.id = $2
       where o.id = $1`,
      [order.id, after.id],
    );
    expect(rows[0]!.period_start.toISOString()).toBe(before.currentPeriodEnd);
    expect(after.currentPeriodEnd).toBe(
      periodEnd(new Date(before.currentPeriodEnd), 'month', 1, rows[0]!.anchor_day).toISOString(),
    );
    expect(rows[0]!.period_end.toISOString()).toBe(after.currentPeriodEnd);
    expect(await traces(order.id, first.u.user.id)).toEqual({ events: 1, receipts: 1, subscriptions: 1 });
    expect(await orderOf(first.u, order.id)).toMatchObject({ status: 'paid', method: 'card' });
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
    expect(
      applied(await deliver(stripe.event('checkout.session.expired', a.session, { status: 'expired' }))),
    ).toBe(1);
    expect((await orderOf(a.u, a.order.id)).status).toBe('expired');
    const late = stripe.event('checkout.session.completed', a.session, {
      status: 'complete',
      payment_status: 'paid',
    });
    expect(applied(await deliver(late))).toBe(1);
    expect((await orderOf(a.u, a.order.id)).status).toBe('paid');

    const b = await openOrder();
    expect(
      applied(
        await deliver(
          stripe.event('checkout.session.async_payment_succeeded', b.session, { payment_status: 'paid' }),
        ),
      ),
    ).toBe(1);
    const end = (await subOf(b.u)).currentPeriodEnd;
    // Events about an order already past them (another event of its payment, a failure, an expiry): applied 0.
    const after = [
      stripe.event('checkout.session.completed', b.session, { status: 'complete', payment_status: 'paid' }),
      stripe.event('checkout.session.async_payment_failed', b.session, { payment_status: 'unpaid' }),
      stripe.event('checkout.session.expired', b.session, { status: 'expired' }),
    ];
    for (const e of after) expect(applied(await deliver(e)), e.type).toBe(0);
    expect(await orderOf(b.u, b.order.id)).toMatchObject({ status: 'paid', method: 'promptpay' });
    expect(await subOf(b.u)).toMatchObject({ givesAccess: true, currentPeriodEnd: end });
    expect(await traces(b.order.id, b.u.user.id)).toEqual({ events: 4, receipts: 1, subscriptions: 1 });

    const c = await openOrder();
    expect(applied(await deliver(stripe.event('checkout.session.async_payment_failed', c.session, {})))).toBe(
      1,
    );
    expect((await orderOf(c.u, c.order.id)).status).toBe('failed');
    // Already closed: a second failure or an expiry of the closed order changes nothing.
    for (const type of ['checkout.session.async_payment_failed', 'checkout.session.expired'])
      expect(applied(await deliver(stripe.event(type, c.session, { status: 'expired' }))), type).toBe(0);
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
    const unchanged = async () => {
      expect(await orderOf(u, order.id)).toMatchObject({
        status: 'pending',
        paidAt: null,
        receiptNumber: null,
      });
      expect(await subOf(u)).toBeNull();
      expect((await get('/api/my-receipts', u.access_token)).json()).toEqual([]);
      const { rows } = await t.db.$client.query(
        `select count(*)::int as n from payment_events where order_id = $1 and type = 'paid'`,
        [order.id],
      );
      return rows[0].n as number;
    };
    const wrongAmount = await deliver(
      stripe.event('checkout.session.completed', session, { payment_status: 'paid', amount_total: 100 }),
    );
    expect(applied(wrongAmount)).toBe(0);
    expect(await unchanged()).toBe(1); // recorded (seen), not applied
    expect(applied(await deliver(stripe.event('customer.created', { id: 'cus_1' })))).toBe(0);
    // Stray events: the real session (its id, its amount, paid), but the order named is not one of ours, or an
    // order id nobody has. Nothing of the session's own order is paid for them.
    for (const orderId of ['not-ours', '01930000-0000-7000-8000-00000000beef']) {
      const stranger = await deliver(
        stripe.event(
          'checkout.session.completed',
          { ...session, metadata: { orderId }, client_reference_id: null },
          { payment_status: 'paid', payment_intent: 'pi_stray' },
        ),
      );
      expect(applied(stranger), orderId).toBe(0);
    }
    expect(await unchanged()).toBe(1);
    expect((await t.db.$client.query(`select 1 from orders where payment_ref = 'pi_stray'`)).rows).toEqual(
      [],
    );
  });

  it('when Stripe refuses (a wrong key), the learner gets a 503 without the key and the order is closed', async () => {
    // A second API process on the same database, configured with a key Stripe refuses.
    const wrongKey = 'sk_test_wrong_key_42';
    const broken = await createTestApp(
      {
        REGISTER_MAX_PER_HOUR: '500',
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: wrongKey,
        STRIPE_WEBHOOK_SECRET: SECRET,
        STRIPE_API_URL: stripe.url,
      },
      t,
    );
    try {
      // A promo code of one redemption: the failed order must give it back.
      const couponId = '01930000-0000-7000-8000-00000000c0de';
      await t.db.$client.query(
        `insert into coupons (id, code, percent_off, max_redemptions) values ($1, 'ONEONLY', 10, 1)`,
        [couponId],
      );
      const u = await register(broken.app);
      const res = await broken.app.inject({
        method: 'POST',
        url: '/api/checkout/orders',
        headers: bearer(u.access_token),
        payload: { plan: 'monthly', cpc: 'ONEONLY' },
      });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['code', 'message', 'statusCode']);
      expect(body).toMatchObject({ statusCode: 503, code: 'SERVICE_UNAVAILABLE' });
      expect(res.body).not.toContain(wrongKey);
      expect(res.body).not.toMatch(/sk_test|Bearer/);
      // Stripe was asked (with the wrong key) and refused.
      expect(
        stripe.requests.some(
          (r) =>
            r.path === '/v1/checkout/sessions' && (r.body.customer_email as string | undefined) === u.email,
        ),
      ).toBe(true);
      // The order was opened, then closed as failed: the learner sees it failed, and its promo code is free again.
      const { rows } = await t.db.$client.query<{ id: string }>(`select id from orders where user_id = $1`, [
        u.user.id,
      ]);
      expect(rows).toHaveLength(1);
      expect(await orderOf(u, rows[0]!.id)).toMatchObject({ status: 'failed', paidAt: null });
      const coupon = await t.db.$client.query(`select redeemed_count from coupons where id = $1`, [couponId]);
      expect(coupon.rows[0].redeemed_count).toBe(0);
      expect(
        (await t.db.$client.query(`select 1 from coupon_redemptions where coupon_id = $1`, [couponId])).rows,
      ).toEqual([]);
      expect(await subOf(u)).toBeNull();
    } finally {
      await broken.close();
    }
  });
});
