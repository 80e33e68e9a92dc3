import { RENEWAL_GRACE_DAYS } from '@rianroo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../src/mail/message.js';
import { periodEnd } from '../src/modules/billing/periods.js';
import { adminUser } from './admin-fixture.js';
import { seedCatalogue } from './courses-fixture.js';
import { bearer, createTestApp, register, type TestApp } from './helpers.js';
import { startStripeDouble } from './stripe-double.js';

/**
 * Automatic renewal through Stripe Billing (PRODUCT.md section 7): Checkout in subscription mode, then Stripe's
 * invoices (`invoice.paid`, `invoice.payment_failed`) and subscription changes (`customer.subscription.updated`,
 * `.deleted`) as signed webhooks, each applied once and in any order. The real `stripe` package against the double.
 */
const KEY = 'sk_test_double_renewal';
const SECRET = 'whsec_test_renewal';
const DAY = 86_400_000;
let t: TestApp;
let stripe: Awaited<ReturnType<typeof startStripeDouble>>;
let cat: Awaited<ReturnType<typeof seedCatalogue>>;
const queued: MailMessage[] = [];
beforeAll(async () => {
  stripe = await startStripeDouble(KEY);
  t = await createTestApp({
    REGISTER_MAX_PER_HOUR: '500',
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: KEY,
    STRIPE_WEBHOOK_SECRET: SECRET,
    STRIPE_API_URL: stripe.url,
  });
  cat = await seedCatalogue(t);
  const send = t.app.mail.send.bind(t.app.mail);
  t.app.mail.send = async (m, tx) => {
    queued.push(m);
    await send(m, tx);
  };
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, token: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
const mailsTo = (to: string, subject: RegExp) => queued.filter((m) => m.to === to && subject.test(m.subject));
const sub = async (token: string) => (await get('/api/my-subscription', token)).json();
const watches = async (token: string) =>
  (await get(`/api/users/check/course/${cat.paid}`, token)).json().canAccess as boolean;

/** Delivers events to the webhook as Stripe does; answers how many the platform applied. */
async function deliver(...events: object[]) {
  let applied = 0;
  for (const event of events) {
    const payload = JSON.stringify(event);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': stripe.sign(payload, SECRET) },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    applied += res.json().applied;
  }
  return applied;
}
/** An event of Stripe's, `created` seconds ago or ahead (for events that arrive out of order). */
const at = <T extends { created: number }>(e: T, createdOffsetS: number) => ({
  ...e,
  created: e.created + createdOffsetS,
});

/** A learner who bought `plan` with automatic renewal: the session completed and its event delivered. */
async function subscriber(plan = 'monthly') {
  const u = await register(t.app);
  const opened = await post('/api/checkout/orders', u.access_token, { plan, autoRenew: true });
  expect(opened.statusCode, opened.body).toBe(201);
  const { order } = opened.json();
  const session = [...stripe.sessions.values()].find((s) => s.client_reference_id === order.id)!;
  const done = stripe.completeSubscription(session.id as string);
  expect(await deliver(stripe.event('checkout.session.completed', done.session))).toBe(1);
  const subId = done.session.subscription as unknown as string;
  return { u, order, session, subId, firstInvoice: done.invoice };
}
const endAt = (userId: string, end: Date) =>
  t.db.$client.query(
    `update subscriptions set current_period_end = $2 where user_id = $1 and status <> 'expired'`,
    [userId, end],
  );
const anchorOf = async (userId: string) =>
  (
    await t.db.$client.query<{ anchor_day: number }>(
      `select anchor_day from subscriptions where user_id = $1 and status <> 'expired'`,
      [userId],
    )
  ).rows[0]!.anchor_day;
const renewalOrders = async (userId: string) =>
  (
    await t.db.$client.query<{ status: string }>(
      `select status from orders where user_id = $1 and kind = 'renewal' order by created_at`,
      [userId],
    )
  ).rows.map((r) => r.status);
/** A renewal invoice of the subscription: paid, or failed with Stripe's next attempt. */
function renewalInvoice(subId: string, amount: number) {
  return stripe.invoice(subId, 'subscription_cycle', amount);
}
const paidInvoice = (inv: ReturnType<typeof renewalInvoice>) => ({
  ...inv,
  status: 'paid',
  amount_paid: inv.amount_due,
});
const failedInvoice = (inv: ReturnType<typeof renewalInvoice>, nextAttempt: Date | null) => ({
  ...inv,
  attempt_count: 1,
  next_payment_attempt: nextAttempt ? Math.floor(nextAttempt.getTime() / 1000) : null,
});

describe('Stripe Billing: subscription checkout', () => {
  it('automatic renewal opens Checkout in subscription mode, card only, the plan’s price every month', async () => {
    const u = await register(t.app);
    const { order } = (
      await post('/api/checkout/orders', u.access_token, { plan: 'monthly', autoRenew: true })
    ).json();
    const sent = stripe.requests.find(
      (r) =>
        r.path === '/v1/checkout/sessions' && (r.body.metadata as { orderId?: string })?.orderId === order.id,
    )!;
    expect(sent.body).toMatchObject({
      mode: 'subscription',
      allowed_payment_method_types: ['card'],
      line_items: [
        {
          price_data: {
            currency: 'thb',
            unit_amount: String(order.totalSatang),
            recurring: { interval: 'month', interval_count: '1' },
          },
        },
      ],
      subscription_data: { metadata: { orderId: order.id } },
    });
    expect(sent.body.payment_intent_data).toBeUndefined();
    // Paying once: payment mode, card and PromptPay, as before.
    const v = await register(t.app);
    const once = (await post('/api/checkout/orders', v.access_token, { plan: 'monthly' })).json();
    const onceSent = stripe.requests.find(
      (r) =>
        r.path === '/v1/checkout/sessions' &&
        (r.body.metadata as { orderId?: string })?.orderId === once.order.id,
    )!;
    expect(onceSent.body).toMatchObject({
      mode: 'payment',
      allowed_payment_method_types: ['card', 'promptpay'],
    });
  });

  it('the completed session pays the order and keeps Stripe’s subscription; the first invoice is the same payment, in either order', async () => {
    const { u, order, subId, firstInvoice } = await subscriber();
    expect((await get(`/api/checkout/orders/${order.id}`, u.access_token)).json().status).toBe('paid');
    expect(await sub(u.access_token)).toMatchObject({ status: 'active', renewal: 'automatic', card: null });
    // The first invoice's payment is the order's: nothing more.
    expect(
      await deliver(stripe.event('invoice.paid', { ...firstInvoice, amount_paid: order.totalSatang })),
    ).toBe(0);
    expect((await get('/api/my-receipts', u.access_token)).json()).toHaveLength(1);
    const { rows } = await t.db.$client.query(
      `select billing_ref, customer_ref from subscriptions where user_id = $1`,
      [u.user.id],
    );
    expect(rows[0]).toMatchObject({ billing_ref: subId, customer_ref: expect.stringMatching(/^cus_/) });

    // The invoice first, the session's completion after: the invoice pays the order, the session adds nothing.
    const v = await register(t.app);
    const opened = (
      await post('/api/checkout/orders', v.access_token, { plan: 'monthly', autoRenew: true })
    ).json();
    const session = [...stripe.sessions.values()].find((s) => s.client_reference_id === opened.order.id)!;
    const done = stripe.completeSubscription(session.id as string);
    expect(
      await deliver(stripe.event('invoice.paid', { ...done.invoice, amount_paid: opened.order.totalSatang })),
    ).toBe(1);
    expect(await deliver(stripe.event('checkout.session.completed', done.session))).toBe(0);
    expect(await sub(v.access_token)).toMatchObject({ renewal: 'automatic' });
    expect((await get('/api/my-receipts', v.access_token)).json()).toHaveLength(1);
  });

  it('a promo code takes its discount off the first payment only: a once-only coupon of Stripe’s, the plan’s price after', async () => {
    const code = `RENEW${Date.now()}`;
    await t.db.$client.query(
      `insert into coupons (id, code, percent_off) values (gen_random_uuid(), $1, 50)`,
      [code],
    );
    const u = await register(t.app);
    const { order } = (
      await post('/api/checkout/orders', u.access_token, { plan: 'monthly', autoRenew: true, cpc: code })
    ).json();
    expect(order.discountSatang).toBeGreaterThan(0);
    const coupon = stripe.requests.find(
      (r) => r.path === '/v1/coupons' && r.body.name === `Rianroo ${order.number}`,
    )!;
    expect(coupon.body).toMatchObject({
      amount_off: String(order.discountSatang),
      duration: 'once',
      currency: 'thb',
    });
    const session = [...stripe.sessions.values()].find((s) => s.client_reference_id === order.id)!;
    // The session charges the discounted total now; its recurring price is the plan's full price.
    expect(session.amount_total).toBe(order.totalSatang);
    const sent = stripe.requests.find(
      (r) =>
        r.path === '/v1/checkout/sessions' && (r.body.metadata as { orderId?: string })?.orderId === order.id,
    )!;
    expect(sent.body).toMatchObject({
      line_items: [{ price_data: { unit_amount: String(order.subtotalSatang) } }],
      discounts: [{ coupon: expect.stringMatching(/^co_/) }],
    });
  });
});

describe('Stripe Billing: renewals', () => {
  it('invoice.paid of a new period renews from the old end with a receipt, once per event and once per invoice', async () => {
    const { u } = await subscriber();
    const before = await sub(u.access_token);
    const end = new Date(before.currentPeriodEnd);
    const inv = paidInvoice(renewalInvoice((await subscriberRef(u.user.id))!, before.plan.priceSatang));
    const event = stripe.event('invoice.paid', inv);
    expect(await deliver(event)).toBe(1);
    expect(await deliver(event)).toBe(0);
    // The same invoice in another event (Stripe may send both invoice.paid and a retry's): one order.
    expect(await deliver(stripe.event('invoice.paid', inv))).toBe(0);
    expect(await renewalOrders(u.user.id)).toEqual(['paid']);
    const after = await sub(u.access_token);
    expect(after.currentPeriodEnd).toBe(periodEnd(end, 'month', 1, await anchorOf(u.user.id)).toISOString());
    expect((await get('/api/my-receipts', u.access_token)).json()).toHaveLength(2);
    expect(mailsTo(u.email, /ใบเสร็จ/)).toHaveLength(2);
  });

  it('a paid renewal is refunded at Stripe through the PaymentIntent that paid its invoice', async () => {
    const { u } = await subscriber();
    const before = await sub(u.access_token);
    const inv = paidInvoice(renewalInvoice((await subscriberRef(u.user.id))!, before.plan.priceSatang));
    expect(await deliver(stripe.event('invoice.paid', inv))).toBe(1);
    const { rows } = await t.db.$client.query<{ id: string }>(
      `select id from orders where user_id = $1 and kind = 'renewal'`,
      [u.user.id],
    );
    const admin = await adminUser(t);
    const res = await post(`/api/admin/orders/${rows[0]!.id}/refunds`, admin.token, {
      amountSatang: 5_000,
      reason: 'ต่ออายุโดยไม่ตั้งใจ',
      access: 'shorten',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().refunds[0]).toMatchObject({ status: 'succeeded', amountSatang: 5_000 });
    const call = stripe.requests.filter((r) => r.path === '/v1/refunds').at(-1)!;
    expect(call.body).toMatchObject({ payment_intent: `pi_${inv.id.slice(3)}`, amount: '5000' });
  });

  it('a failed renewal: grace with full access and a mail, Stripe’s retry paid later clears it; the older failure arriving after changes nothing', async () => {
    const { u, subId } = await subscriber();
    const end = new Date(Date.now() + 60_000);
    await endAt(u.user.id, end);
    const inv = renewalInvoice(subId, (await sub(u.access_token)).plan.priceSatang);
    // Stripe speaks whole seconds.
    const retryAt = new Date(Math.floor((end.getTime() + 3 * DAY) / 1000) * 1000);
    const failed = stripe.event('invoice.payment_failed', failedInvoice(inv, retryAt));
    expect(await deliver(failed)).toBe(1);
    expect(await sub(u.access_token)).toMatchObject({
      paymentFailed: true,
      graceUntil: new Date(end.getTime() + RENEWAL_GRACE_DAYS * DAY).toISOString(),
      nextAttemptAt: retryAt.toISOString(),
    });
    expect(mailsTo(u.email, /ไม่สำเร็จ/)).toHaveLength(1);
    // The period ends: access stays during the grace period.
    await endAt(u.user.id, new Date(Date.now() - 1000));
    expect(await watches(u.access_token)).toBe(true);
    // Card updated at Stripe's portal; Stripe's retry pays the same invoice.
    expect(await deliver(stripe.event('invoice.paid', paidInvoice(inv)))).toBe(1);
    const after = await sub(u.access_token);
    expect(after).toMatchObject({ paymentFailed: false, graceUntil: null, renewal: 'automatic' });
    expect(await renewalOrders(u.user.id)).toEqual(['paid']);
    // A failure of that invoice delivered late (older, out of order): the payment stands.
    expect(await deliver(stripe.event('invoice.payment_failed', failedInvoice(inv, null)))).toBe(0);
    expect((await sub(u.access_token)).paymentFailed).toBe(false);
  });

  it('failed until the grace period ends: locked, Stripe’s subscription canceled, the learner told', async () => {
    const { u, subId } = await subscriber();
    const end = new Date(Date.now() + 60_000);
    await endAt(u.user.id, end);
    const inv = renewalInvoice(subId, (await sub(u.access_token)).plan.priceSatang);
    expect(
      await deliver(
        stripe.event('invoice.payment_failed', failedInvoice(inv, new Date(end.getTime() + DAY))),
      ),
    ).toBe(1);
    expect(await deliver(stripe.event('invoice.payment_failed', failedInvoice(inv, null)))).toBe(1);
    expect((await sub(u.access_token)).nextAttemptAt).toBeNull();
    const grace = new Date(end.getTime() + RENEWAL_GRACE_DAYS * DAY);
    await t.app.billing.expireDue(new Date(grace.getTime() - 1000), u.user.id);
    expect((await sub(u.access_token)).status).toBe('active');
    await t.app.billing.expireDue(new Date(grace.getTime() + 1000), u.user.id);
    expect(await sub(u.access_token)).toBeNull();
    expect(await watches(u.access_token)).toBe(false);
    expect(stripe.subscriptions.get(subId)!.status).toBe('canceled');
    expect(mailsTo(u.email, /สิ้นสุดแล้ว/)).toHaveLength(1);
  });

  it('cancel at the period’s end and resume go to Stripe; Stripe’s own changes come back, older ones ignored', async () => {
    const { u, subId } = await subscriber();
    expect((await post('/api/my-subscription/cancel', u.access_token)).json()).toMatchObject({
      renewal: 'off',
    });
    expect(stripe.subscriptions.get(subId)!.cancel_at_period_end).toBe(true);
    expect((await post('/api/my-subscription/resume', u.access_token)).json()).toMatchObject({
      renewal: 'automatic',
    });
    expect(stripe.subscriptions.get(subId)!.cancel_at_period_end).toBe(false);
    // Turned off in Stripe's portal (newer), then an older "on" arriving late: off stays.
    const s = stripe.subscriptions.get(subId)!;
    const off = at(stripe.event('customer.subscription.updated', { ...s, cancel_at_period_end: true }), 10);
    const olderOn = at(
      stripe.event('customer.subscription.updated', { ...s, cancel_at_period_end: false }),
      -10,
    );
    expect(await deliver(off)).toBe(1);
    expect(await deliver(olderOn)).toBe(0);
    expect(await deliver(off)).toBe(0);
    expect(await sub(u.access_token)).toMatchObject({
      status: 'canceled',
      renewal: 'off',
      givesAccess: true,
    });
    // Ended at Stripe: nothing renews it; access stays to the period's end.
    expect(
      await deliver(at(stripe.event('customer.subscription.deleted', { ...s, status: 'canceled' }), 20)),
    ).toBe(1);
    expect(await sub(u.access_token)).toMatchObject({ renewal: 'off', givesAccess: true });
    expect(await subscriberRef(u.user.id)).toBeNull();
  });

  it('the card is updated at Stripe’s customer portal', async () => {
    const { u } = await subscriber();
    const res = await post('/api/my-subscription/card-session', u.access_token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().redirectUrl).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
    const sent = stripe.requests.filter((r) => r.path === '/v1/billing_portal/sessions').at(-1)!;
    expect(sent.body).toMatchObject({ return_url: 'http://rianroo.test/account' });
    // The sandbox's own card page does not exist with Stripe.
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/my-subscription/card',
      headers: bearer(u.access_token),
      payload: { number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'ก' },
    });
    expect(put.statusCode).toBe(404);
  });

  it('moving from monthly to annual: the year follows the month, and the monthly subscription at Stripe is ended', async () => {
    const { u, subId } = await subscriber('monthly');
    const opened = (
      await post('/api/checkout/orders', u.access_token, { plan: 'annual', autoRenew: true })
    ).json();
    const session = [...stripe.sessions.values()].find((s) => s.client_reference_id === opened.order.id)!;
    const done = stripe.completeSubscription(session.id as string);
    expect(await deliver(stripe.event('checkout.session.completed', done.session))).toBe(1);
    expect((await sub(u.access_token)).plan.code).toBe('annual');
    expect(stripe.subscriptions.get(subId)!.status).toBe('canceled');
    expect(await subscriberRef(u.user.id)).toBe(done.session.subscription);
  });
});

describe('Stripe Billing: a subscription ended here is ended at Stripe', () => {
  it('an administrator ends it in the console: the expiry job cancels Stripe’s subscription once, then forgets it', async () => {
    const { u, subId } = await subscriber();
    const admin = await adminUser(t);
    const { rows } = await t.db.$client.query<{ id: string }>(
      `select id from subscriptions where user_id = $1 and status = 'active'`,
      [u.user.id],
    );
    const ended = await post(`/api/admin/users/${u.user.id}/subscriptions/${rows[0]!.id}/end`, admin.token);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(await watches(u.access_token)).toBe(false);
    expect(stripe.subscriptions.get(subId)!.status).toBe('active');
    const cancels = () =>
      stripe.requests.filter((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${subId}`).length;
    await t.app.billing.expireDue(new Date(), u.user.id);
    expect(stripe.subscriptions.get(subId)!.status).toBe('canceled');
    expect(cancels()).toBe(1);
    const { rows: after } = await t.db.$client.query<{ billing_ref: string | null }>(
      `select billing_ref from subscriptions where id = $1`,
      [rows[0]!.id],
    );
    expect(after[0]!.billing_ref).toBeNull();
    // Nothing is asked of Stripe again at the next runs.
    const calls = stripe.requests.length;
    await t.app.billing.expireDue(new Date(), u.user.id);
    expect(stripe.requests.length).toBe(calls);
  });

  it('a cancel Stripe refuses is tried again at the next run, until it is done', async () => {
    const { u, subId } = await subscriber();
    await t.db.$client.query(
      `update subscriptions set status = 'expired', expired_at = now() where user_id = $1 and billing_ref = $2`,
      [u.user.id, subId],
    );
    // Stripe does not know it (yet): the first run fails, the subscription keeps its reference.
    const saved = stripe.subscriptions.get(subId)!;
    stripe.subscriptions.delete(subId);
    await t.app.billing.expireDue(new Date(), u.user.id);
    expect(
      (await t.db.$client.query(`select 1 from subscriptions where billing_ref = $1`, [subId])).rowCount,
    ).toBe(1);
    stripe.subscriptions.set(subId, saved);
    await t.app.billing.expireDue(new Date(), u.user.id);
    expect(stripe.subscriptions.get(subId)!.status).toBe('canceled');
    expect(
      (await t.db.$client.query(`select 1 from subscriptions where billing_ref = $1`, [subId])).rowCount,
    ).toBe(0);
  });
});

async function subscriberRef(userId: string) {
  const { rows } = await t.db.$client.query<{ billing_ref: string | null }>(
    `select billing_ref from subscriptions where user_id = $1 and status <> 'expired'`,
    [userId],
  );
  return rows[0]?.billing_ref ?? null;
}
