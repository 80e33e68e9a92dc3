import { createServer, type IncomingHttpHeaders } from 'node:http';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startStripeDouble } from '../../../../test/stripe-double.js';
import type { CheckoutRequest } from './provider.js';
import { WebhookSignatureError } from './provider.js';
import { StripeProvider, WEBHOOK_TOLERANCE_SECONDS } from './stripe.js';

/** The Stripe provider on its own: the real `stripe` package against local doubles of Stripe's API, no app. */
const KEY = 'sk_test_unit_0123456789';
const SECRET = 'whsec_unit_0123456789';
const NOW_S = 1_800_000_000; // 2027-01-15T08:00:00Z
const ORDER = '01930000-0000-7000-8000-000000000001';

let double: Awaited<ReturnType<typeof startStripeDouble>>;
let provider: StripeProvider;
beforeAll(async () => {
  double = await startStripeDouble(KEY);
  provider = new StripeProvider({ secretKey: KEY, webhookSecret: SECRET, apiUrl: double.url });
});
afterAll(() => double.close());
afterEach(() => {
  vi.useRealTimers();
});
/** The clock stands at `s` (seconds since 1970): Stripe's expiry and the webhook's age are read from it. */
const clockAt = (s: number) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(s * 1000);
};

const request = (r: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  orderId: ORDER,
  orderNumber: 'RR-202701-000042',
  totalSatang: 299_000,
  description: 'Rianroo รายปี (Annual)',
  customerEmail: 'somchai@example.com',
  successUrl: `https://rianroo.test/checkout/complete/${ORDER}`,
  cancelUrl: `https://rianroo.test/checkout/failed/${ORDER}`,
  expiresAt: new Date((NOW_S + 3600) * 1000),
  recurring: null,
  ...r,
});
const sentFor = (orderId: string) =>
  double.requests.filter(
    (r) =>
      r.path === '/v1/checkout/sessions' && (r.body.metadata as { orderId?: string })?.orderId === orderId,
  );

/** A stand-in for Stripe's API answering every request with `answer`, recording the requests' headers. */
async function cannedStripe(answer: { status: number; body: unknown }) {
  const headers: IncomingHttpHeaders[] = [];
  const server = createServer((req, res) => {
    headers.push(req.headers);
    req.resume();
    req.on('end', () => {
      res.writeHead(answer.status, {
        'content-type': 'application/json',
        'request-id': `req_${headers.length}`,
      });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    provider: new StripeProvider({
      secretKey: KEY,
      webhookSecret: SECRET,
      apiUrl: `http://127.0.0.1:${port}`,
    }),
    headers,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('opening a Checkout Session', () => {
  it('in THB for the order total, card and PromptPay, in Thai, the order in its metadata and on the payment', async () => {
    clockAt(NOW_S);
    const orderId = '01930000-0000-7000-8000-000000000002';
    const opened = await provider.openCheckout(
      request({ orderId, successUrl: 'https://rianroo.test/ok', cancelUrl: 'https://rianroo.test/no' }),
    );
    const session = double.sessions.get(opened.providerRef)!;
    expect(opened).toEqual({ redirectUrl: session.url, providerRef: session.id });
    const [sent, ...more] = sentFor(orderId);
    expect(more).toEqual([]);
    expect(sent!.body).toEqual({
      mode: 'payment',
      allowed_payment_method_types: ['card', 'promptpay'],
      line_items: [
        {
          quantity: '1',
          price_data: {
            currency: 'thb',
            unit_amount: '299000',
            product_data: { name: 'Rianroo รายปี (Annual)' },
          },
        },
      ],
      client_reference_id: orderId,
      metadata: { orderId, orderNumber: 'RR-202701-000042' },
      payment_intent_data: { metadata: { orderId, orderNumber: 'RR-202701-000042' } },
      customer_email: 'somchai@example.com',
      success_url: 'https://rianroo.test/ok',
      cancel_url: 'https://rianroo.test/no',
      expires_at: String(NOW_S + 3600),
      locale: 'th',
    });
  });

  it("closes when the order does, within Stripe's limits: at least 31 minutes, at most 23 hours ahead", async () => {
    clockAt(NOW_S);
    const expiry = async (n: number, expiresAt: Date) => {
      const orderId = `01930000-0000-7000-8000-00000000010${n}`;
      await provider.openCheckout(request({ orderId, expiresAt }));
      return Number(sentFor(orderId)[0]!.body.expires_at) - NOW_S;
    };
    // An hour ahead, to the second (milliseconds are dropped).
    expect(await expiry(1, new Date((NOW_S + 3600) * 1000 + 999))).toBe(3600);
    expect(await expiry(2, new Date((NOW_S + 10 * 60) * 1000))).toBe(31 * 60);
    expect(await expiry(3, new Date((NOW_S - 60) * 1000))).toBe(31 * 60);
    expect(await expiry(4, new Date((NOW_S + 2 * 86_400) * 1000))).toBe(23 * 3600);
    expect(await expiry(5, new Date((NOW_S + 31 * 60) * 1000))).toBe(31 * 60);
    expect(await expiry(6, new Date((NOW_S + 23 * 3600) * 1000))).toBe(23 * 3600);
  });

  it('opens one session per order: the same order again answers the same session, another order a new one', async () => {
    const a = await provider.openCheckout(request({ orderId: '01930000-0000-7000-8000-000000000201' }));
    const again = await provider.openCheckout(request({ orderId: '01930000-0000-7000-8000-000000000201' }));
    const b = await provider.openCheckout(request({ orderId: '01930000-0000-7000-8000-000000000202' }));
    expect(again).toEqual(a);
    expect(b.providerRef).not.toBe(a.providerRef);
  });

  it('a refusal by Stripe is an error naming its type and status, never the key', async () => {
    const wrong = new StripeProvider({
      secretKey: 'sk_test_wrong_key_42',
      webhookSecret: SECRET,
      apiUrl: double.url,
    });
    const err = (await wrong.openCheckout(request()).catch((e: unknown) => e)) as Error;
    expect(err.message).toBe(
      'Stripe could not open a Checkout Session: StripeAuthenticationError 401 Invalid API Key provided',
    );
    expect(err.message).not.toContain('sk_test_wrong_key_42');
  });

  it('a session answered without a payment page URL is an error, not a redirect to nowhere', async () => {
    const canned = await cannedStripe({
      status: 200,
      body: { id: 'cs_test_nourl', object: 'checkout.session', url: null },
    });
    try {
      const err = (await canned.provider.openCheckout(request()).catch((e: unknown) => e)) as Error;
      expect(err).toBeInstanceOf(Error);
      // No type nor status on this one: the message says "error" and leaves the status out.
      expect(err.message).toBe(
        'Stripe could not open a Checkout Session: error  Stripe answered a Checkout Session without a URL',
      );
    } finally {
      await canned.close();
    }
  });

  it('sends Stripe no telemetry about earlier requests, and the idempotency key of the order', async () => {
    const canned = await cannedStripe({
      status: 200,
      body: { id: 'cs_test_canned', object: 'checkout.session', url: 'https://checkout.stripe.test/c' },
    });
    try {
      await canned.provider.openCheckout(request());
      await canned.provider.openCheckout(request({ orderId: '01930000-0000-7000-8000-000000000301' }));
      expect(canned.headers).toHaveLength(2);
      for (const h of canned.headers) expect(h['x-stripe-client-telemetry']).toBeUndefined();
      expect(canned.headers.map((h) => h['idempotency-key'])).toEqual([
        `order-${ORDER}`,
        'order-01930000-0000-7000-8000-000000000301',
      ]);
    } finally {
      await canned.close();
    }
  });

  it("an API URL without a port means the scheme's port: 443 for https, 80 for http", () => {
    const apiOf = (apiUrl: string | null) => {
      const p = new StripeProvider({ secretKey: KEY, webhookSecret: SECRET, apiUrl }) as unknown as {
        stripe: { getApiField(k: string): unknown };
      };
      const f = (k: string) => p.stripe.getApiField(k);
      return { host: f('host'), port: Number(f('port')), protocol: f('protocol') };
    };
    expect(apiOf('https://stripe.internal.test')).toEqual({
      host: 'stripe.internal.test',
      port: 443,
      protocol: 'https',
    });
    expect(apiOf('http://stripe.internal.test')).toEqual({
      host: 'stripe.internal.test',
      port: 80,
      protocol: 'http',
    });
    expect(apiOf('http://127.0.0.1:8181')).toEqual({ host: '127.0.0.1', port: 8181, protocol: 'http' });
    expect(apiOf(null)).toEqual({ host: 'api.stripe.com', port: 443, protocol: 'https' });
  });
});

describe('closing a Checkout Session', () => {
  it('expires an open session; one already paid or closed is refused with its reference in the error', async () => {
    const { providerRef } = await provider.openCheckout(
      request({ orderId: '01930000-0000-7000-8000-000000000401' }),
    );
    await provider.closeCheckout(providerRef);
    expect(double.sessions.get(providerRef)!.status).toBe('expired');
    const err = (await provider.closeCheckout(providerRef).catch((e: unknown) => e)) as Error;
    expect(err.message).toBe(
      `Stripe did not expire Checkout Session ${providerRef}: StripeInvalidRequestError 400 ` +
        'Only Checkout Sessions with a status of open can be expired.',
    );
  });

  it('Stripe out of reach: the error names the connection failure, without a status', async () => {
    const canned = await cannedStripe({ status: 200, body: {} });
    await canned.close();
    const err = (await canned.provider.closeCheckout('cs_test_gone').catch((e: unknown) => e)) as Error;
    expect(err.message).toMatch(
      /^Stripe did not expire Checkout Session cs_test_gone: StripeConnectionError {2}\S/,
    );
  });
});

describe('the webhook', () => {
  const session = (patch: Record<string, unknown> = {}) => ({
    id: 'cs_test_abc',
    object: 'checkout.session',
    amount_total: 29_900,
    currency: 'thb',
    client_reference_id: ORDER,
    metadata: { orderId: ORDER, orderNumber: 'RR-202701-000042' },
    payment_intent: null,
    payment_status: 'unpaid',
    status: 'open',
    ...patch,
  });
  const event = (type: string, object: Record<string, unknown>, id = 'evt_1') =>
    JSON.stringify({ id, object: 'event', type, created: NOW_S, data: { object } });
  const signed = (payload: string, { secret = SECRET, at = NOW_S } = {}) => ({
    rawBody: Buffer.from(payload),
    headers: {
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: at }),
    },
  });
  const parse = (payload: string, opts?: { secret?: string; at?: number }) =>
    provider.parseWebhook(signed(payload, opts));

  it('a session completed as paid is a card payment of its amount, with its payment id', async () => {
    clockAt(NOW_S);
    const body = event(
      'checkout.session.completed',
      session({ status: 'complete', payment_status: 'paid', payment_intent: 'pi_card_1' }),
      'evt_paid',
    );
    expect(await parse(body)).toEqual([
      {
        provider: 'stripe',
        eventId: 'evt_paid',
        type: 'paid',
        orderId: ORDER,
        providerRef: 'cs_test_abc',
        method: 'card',
        amountSatang: 29_900,
        paymentRef: 'pi_card_1',
      },
    ]);
  });

  it('PromptPay: completed unpaid is nothing yet; the async success is the payment, by PromptPay', async () => {
    clockAt(NOW_S);
    expect(
      await parse(
        event('checkout.session.completed', session({ status: 'complete', payment_status: 'unpaid' })),
      ),
    ).toEqual([]);
    const paid = await parse(
      event(
        'checkout.session.async_payment_succeeded',
        session({
          status: 'complete',
          payment_status: 'paid',
          payment_intent: { id: 'pi_pp_1', object: 'payment_intent' },
        }),
        'evt_pp',
      ),
    );
    expect(paid).toEqual([
      expect.objectContaining({
        eventId: 'evt_pp',
        type: 'paid',
        method: 'promptpay',
        amountSatang: 29_900,
        paymentRef: 'pi_pp_1',
      }),
    ]);
  });

  it('a failed payment and an expired page: no method, no amount', async () => {
    clockAt(NOW_S);
    const failed = await parse(
      event(
        'checkout.session.async_payment_failed',
        session({ status: 'complete', payment_status: 'unpaid', payment_intent: 'pi_x' }),
      ),
    );
    expect(failed).toEqual([
      {
        provider: 'stripe',
        eventId: 'evt_1',
        type: 'failed',
        orderId: ORDER,
        providerRef: 'cs_test_abc',
        method: null,
        amountSatang: null,
        paymentRef: 'pi_x',
      },
    ]);
    // An expired session is unpaid, as every expired session is: it is the expiry, not "nothing yet".
    const expired = await parse(
      event('checkout.session.expired', session({ status: 'expired', payment_status: 'unpaid' })),
    );
    expect(expired).toEqual([
      expect.objectContaining({ type: 'expired', method: null, amountSatang: null, paymentRef: null }),
    ]);
  });

  it('finds the order in the metadata, else in the client reference; none, or another kind of event, is nothing', async () => {
    clockAt(NOW_S);
    const other = '01930000-0000-7000-8000-000000000999';
    const paid = { status: 'complete', payment_status: 'paid' };
    const orderOf = async (patch: Record<string, unknown>) =>
      (await parse(event('checkout.session.completed', session({ ...paid, ...patch })))).map((e) =>
        'orderId' in e ? e.orderId : null,
      )[0];
    expect(await orderOf({ metadata: { orderId: other }, client_reference_id: ORDER })).toBe(other);
    expect(await orderOf({ metadata: {}, client_reference_id: other })).toBe(other);
    expect(await orderOf({ metadata: null, client_reference_id: other })).toBe(other);
    // No order named at all: no event (not an event without an order).
    expect(
      await parse(
        event('checkout.session.completed', session({ ...paid, metadata: {}, client_reference_id: null })),
      ),
    ).toEqual([]);
    expect(await parse(event('customer.created', { id: 'cus_1', object: 'customer' }))).toEqual([]);
    expect(await parse(event('checkout.session.async_payment_succeeded_x', session(paid)))).toEqual([]);
  });

  it('refuses a delivery without a signature, with a wrong secret or a changed body', async () => {
    clockAt(NOW_S);
    const body = event('checkout.session.completed', session({ payment_status: 'paid' }));
    for (const headers of [
      {},
      { 'stripe-signature': '' },
      { 'stripe-signature': ['t=1,v1=a', 't=1,v1=b'] },
    ]) {
      const err = await provider
        .parseWebhook({ rawBody: Buffer.from(body), headers })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(WebhookSignatureError);
      expect((err as Error).message).toBe('no Stripe-Signature header');
    }
    await expect(parse(body, { secret: 'whsec_someone_else' })).rejects.toBeInstanceOf(WebhookSignatureError);
    const forged = signed(body);
    await expect(
      provider.parseWebhook({ ...forged, rawBody: Buffer.from(body.replace('29900', '100')) }),
    ).rejects.toBeInstanceOf(WebhookSignatureError);
  });

  it(`takes a delivery signed up to ${WEBHOOK_TOLERANCE_SECONDS} s ago, refuses an older one (a replay)`, async () => {
    expect(WEBHOOK_TOLERANCE_SECONDS).toBe(300);
    const body = event('checkout.session.completed', session({ payment_status: 'paid' }));
    clockAt(NOW_S + 300);
    expect(await parse(body, { at: NOW_S })).toHaveLength(1);
    clockAt(NOW_S + 301);
    await expect(parse(body, { at: NOW_S })).rejects.toThrow(WebhookSignatureError);
    await expect(parse(body, { at: NOW_S })).rejects.toThrow('Timestamp outside the tolerance zone');
  });
});

describe('Stripe Billing (automatic renewal)', () => {
  const event = (type: string, object: Record<string, unknown>, id = 'evt_b', created = NOW_S) =>
    JSON.stringify({ id, object: 'event', type, created, data: { object } });
  const parse = (payload: string) =>
    provider.parseWebhook({
      rawBody: Buffer.from(payload),
      headers: {
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: SECRET,
          timestamp: NOW_S,
        }),
      },
    });
  const invoice = (patch: Record<string, unknown> = {}) => ({
    id: 'in_1',
    object: 'invoice',
    billing_reason: 'subscription_cycle',
    customer: 'cus_1',
    amount_due: 29_900,
    amount_paid: 0,
    next_payment_attempt: null,
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: 'sub_1', metadata: { orderId: ORDER } },
    },
    ...patch,
  });

  it('opens a session in subscription mode: card only, the plan’s recurring price, the metadata on the subscription', async () => {
    clockAt(NOW_S);
    const orderId = '01930000-0000-7000-8000-000000000031';
    const coupons = () => double.requests.filter((r) => r.path === '/v1/coupons').length;
    const couponsBefore = coupons();
    await provider.openCheckout(
      request({ orderId, recurring: { interval: 'year', count: 1, priceSatang: 299_000 } }),
    );
    const [sent, ...more] = sentFor(orderId);
    expect(more).toEqual([]);
    expect(sent!.body).toMatchObject({
      mode: 'subscription',
      allowed_payment_method_types: ['card'],
      line_items: [
        {
          quantity: '1',
          price_data: {
            currency: 'thb',
            unit_amount: '299000',
            recurring: { interval: 'year', interval_count: '1' },
          },
        },
      ],
      subscription_data: { metadata: { orderId, orderNumber: 'RR-202701-000042' } },
    });
    expect(sent!.body.payment_intent_data).toBeUndefined();
    expect(sent!.body.discounts).toBeUndefined();
    // No promo code: no coupon at Stripe.
    expect(coupons()).toBe(couponsBefore);
  });

  it('a promo code on a renewing order: a once-only coupon for the discount, the full price recurring', async () => {
    clockAt(NOW_S);
    const orderId = '01930000-0000-7000-8000-000000000032';
    await provider.openCheckout(
      request({
        orderId,
        orderNumber: 'RR-202701-000099',
        totalSatang: 239_200,
        recurring: { interval: 'month', count: 1, priceSatang: 299_000 },
      }),
    );
    const coupon = double.requests.find(
      (r) => r.path === '/v1/coupons' && r.body.name === 'Rianroo RR-202701-000099',
    )!;
    expect(coupon.body).toEqual({
      amount_off: '59800',
      currency: 'thb',
      duration: 'once',
      max_redemptions: '1',
      name: 'Rianroo RR-202701-000099',
    });
    const [sent] = sentFor(orderId);
    expect(sent!.body).toMatchObject({
      line_items: [{ price_data: { unit_amount: '299000', recurring: { interval: 'month' } } }],
      discounts: [{ coupon: expect.stringMatching(/^co_/) }],
    });
  });

  it('a subscription session completed as paid names Stripe’s subscription and customer', async () => {
    clockAt(NOW_S);
    const body = event('checkout.session.completed', {
      id: 'cs_sub',
      object: 'checkout.session',
      mode: 'subscription',
      amount_total: 29_900,
      client_reference_id: ORDER,
      metadata: { orderId: ORDER },
      payment_intent: null,
      invoice: 'in_first',
      subscription: 'sub_1',
      customer: { id: 'cus_1', object: 'customer' },
      payment_status: 'paid',
      status: 'complete',
    });
    expect(await parse(body)).toEqual([
      expect.objectContaining({
        type: 'paid',
        orderId: ORDER,
        method: 'card',
        amountSatang: 29_900,
        paymentRef: 'in_first',
        billing: { billingRef: 'sub_1', customerRef: 'cus_1' },
      }),
    ]);
    // A card-update (setup) session is no payment.
    expect(
      await parse(
        event('checkout.session.completed', { id: 'cs_setup', mode: 'setup', metadata: { orderId: ORDER } }),
      ),
    ).toEqual([]);
  });

  it('the first invoice paid is the order’s payment; its failure is the session’s business (nothing)', async () => {
    clockAt(NOW_S);
    const first = invoice({ id: 'in_first', billing_reason: 'subscription_create', amount_paid: 29_900 });
    expect(await parse(event('invoice.paid', first, 'evt_first'))).toEqual([
      {
        provider: 'stripe',
        eventId: 'evt_first',
        type: 'paid',
        orderId: ORDER,
        providerRef: null,
        method: 'card',
        amountSatang: 29_900,
        paymentRef: 'in_first',
        billing: { billingRef: 'sub_1', customerRef: 'cus_1' },
      },
    ]);
    expect(await parse(event('invoice.payment_failed', first))).toEqual([]);
    // Without the order in the subscription's metadata: nothing.
    const orphan = invoice({
      billing_reason: 'subscription_create',
      amount_paid: 29_900,
      parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_1', metadata: {} } },
    });
    expect(await parse(event('invoice.paid', orphan))).toEqual([]);
  });

  it('a new period’s invoice: paid or failed renewal of the subscription, with Stripe’s next attempt', async () => {
    clockAt(NOW_S);
    // Paid: no next attempt, whatever the invoice still says of one.
    expect(
      await parse(
        event('invoice.paid', invoice({ amount_paid: 29_900, next_payment_attempt: NOW_S + 60 }), 'evt_r1'),
      ),
    ).toEqual([
      {
        provider: 'stripe',
        eventId: 'evt_r1',
        type: 'renewal_paid',
        billingRef: 'sub_1',
        invoiceRef: 'in_1',
        amountSatang: 29_900,
        paymentRef: 'in_1',
        nextAttemptAt: null,
      },
    ]);
    const next = NOW_S + 3 * 86_400;
    expect(
      await parse(event('invoice.payment_failed', invoice({ next_payment_attempt: next }), 'evt_r2')),
    ).toEqual([
      {
        provider: 'stripe',
        eventId: 'evt_r2',
        type: 'renewal_failed',
        billingRef: 'sub_1',
        invoiceRef: 'in_1',
        amountSatang: 29_900,
        paymentRef: 'in_1',
        nextAttemptAt: new Date(next * 1000),
      },
    ]);
    // An invoice of no subscription, or of another reason (a change of plan in the portal): nothing.
    expect(await parse(event('invoice.paid', invoice({ parent: null })))).toEqual([]);
    expect(await parse(event('invoice.paid', invoice({ billing_reason: 'subscription_update' })))).toEqual(
      [],
    );
    expect(await parse(event('invoice.paid', invoice({ billing_reason: 'manual' })))).toEqual([]);
  });

  it('a subscription changed or ended at Stripe: renewal off at the period’s end, or ended, with its time', async () => {
    clockAt(NOW_S);
    const sub = { id: 'sub_1', object: 'subscription', status: 'active', cancel_at_period_end: true };
    expect(await parse(event('customer.subscription.updated', sub, 'evt_s1', NOW_S - 5))).toEqual([
      {
        provider: 'stripe',
        eventId: 'evt_s1',
        type: 'billing_changed',
        billingRef: 'sub_1',
        created: new Date((NOW_S - 5) * 1000),
        cancelAtPeriodEnd: true,
        ended: false,
      },
    ]);
    const [ended] = await parse(event('customer.subscription.deleted', { ...sub, status: 'canceled' }));
    expect(ended).toMatchObject({ ended: true });
    const [canceled] = await parse(event('customer.subscription.updated', { ...sub, status: 'canceled' }));
    expect(canceled).toMatchObject({ ended: true });
    const [expired] = await parse(
      event('customer.subscription.updated', { ...sub, status: 'incomplete_expired' }),
    );
    expect(expired).toMatchObject({ ended: true });
    const [pastDue] = await parse(event('customer.subscription.updated', { ...sub, status: 'past_due' }));
    expect(pastDue).toMatchObject({ ended: false, cancelAtPeriodEnd: true });
  });

  it('turns renewal off and on, ends a subscription, and opens the customer portal at Stripe', async () => {
    clockAt(NOW_S);
    double.subscriptions.set('sub_unit', {
      id: 'sub_unit',
      object: 'subscription',
      status: 'active',
      cancel_at_period_end: false,
    });
    await provider.setRenewal('sub_unit', false);
    expect(double.subscriptions.get('sub_unit')!.cancel_at_period_end).toBe(true);
    await provider.setRenewal('sub_unit', true);
    expect(double.subscriptions.get('sub_unit')!.cancel_at_period_end).toBe(false);
    await provider.endBilling('sub_unit');
    expect(double.subscriptions.get('sub_unit')!.status).toBe('canceled');
    // Asked again (the expiry job's sweep until it is known done): already ended is done, with no second cancel.
    const cancels = () => double.requests.filter((r) => r.method === 'DELETE').length;
    const before = cancels();
    await provider.endBilling('sub_unit');
    expect(cancels()).toBe(before);
    await expect(provider.setRenewal('sub_unit', true)).rejects.toThrow(
      /^Stripe could not update subscription sub_unit: StripeInvalidRequestError 400 A canceled/,
    );
    await expect(provider.endBilling('sub_missing')).rejects.toThrow(/read subscription sub_missing.*404/);
    // One whose first payment never completed has ended at Stripe by itself: nothing to cancel.
    double.subscriptions.set('sub_lapsed', {
      id: 'sub_lapsed',
      object: 'subscription',
      status: 'incomplete_expired',
    });
    await provider.endBilling('sub_lapsed');
    expect(double.subscriptions.get('sub_lapsed')!.status).toBe('incomplete_expired');
    expect(cancels()).toBe(before);
    const url = await provider.cardSession('cus_unit', 'https://rianroo.test/account');
    expect(url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
    expect(double.requests.filter((r) => r.path === '/v1/billing_portal/sessions').at(-1)!.body).toEqual({
      customer: 'cus_unit',
      return_url: 'https://rianroo.test/account',
      locale: 'th',
    });
    await expect(provider.cardSession(null, 'https://rianroo.test/account')).rejects.toThrow(
      'no Stripe customer',
    );
  });
});

describe('refunds', () => {
  it('refunds a PaymentIntent or a charge, the amount asked, once per key (a retried call is the same refund)', async () => {
    clockAt(NOW_S);
    double.charge('pi_refund_1', 29_900);
    const first = await provider.refund('pi_refund_1', 10_000, 'rf_1');
    expect(first.refundRef).toMatch(/^re_/);
    const sent = double.requests.filter((r) => r.path === '/v1/refunds').at(-1)!;
    expect(sent.body).toEqual({
      payment_intent: 'pi_refund_1',
      amount: '10000',
      metadata: { refundId: 'rf_1' },
    });
    // The same key again (a network blip): the same refund, nothing more refunded.
    expect(await provider.refund('pi_refund_1', 10_000, 'rf_1')).toEqual(first);
    expect(double.refunds.get(first.refundRef)).toMatchObject({ amount: 10_000 });
    const second = await provider.refund('pi_refund_1', 19_900, 'rf_2');
    expect(second.refundRef).not.toBe(first.refundRef);
    double.charge('ch_refund_2', 5_000);
    await provider.refund('ch_refund_2', 5_000, 'rf_3');
    expect(double.requests.filter((r) => r.path === '/v1/refunds').at(-1)!.body).toMatchObject({
      charge: 'ch_refund_2',
    });
    expect(
      double.requests.filter((r) => r.path === '/v1/refunds').at(-1)!.body.payment_intent,
    ).toBeUndefined();
  });

  it('an invoice of Stripe Billing is refunded through the payment that paid it; one unpaid or unknown is an error naming it', async () => {
    clockAt(NOW_S);
    const sent = () => double.requests.filter((r) => r.path === '/v1/refunds').at(-1)!.body;
    double.payInvoice('in_unit_pi', 'pi_unit_paid_invoice', 7_000);
    await provider.refund('in_unit_pi', 7_000, 'rf_inv_1');
    expect(double.requests.filter((r) => r.path === '/v1/invoice_payments').at(-1)!.query).toEqual({
      invoice: 'in_unit_pi',
      status: 'paid',
      limit: '1',
    });
    expect(sent()).toMatchObject({ payment_intent: 'pi_unit_paid_invoice', amount: '7000' });
    double.payInvoice('in_unit_ch', 'ch_unit_paid_invoice', 3_000);
    await provider.refund('in_unit_ch', 3_000, 'rf_inv_2');
    expect(sent()).toMatchObject({ charge: 'ch_unit_paid_invoice' });
    expect(sent().payment_intent).toBeUndefined();
    double.payInvoice('in_unit_unpaid', null);
    await expect(provider.refund('in_unit_unpaid', 1_000, 'rf_inv_3')).rejects.toThrow(
      /^Stripe holds no paid payment of invoice in_unit_unpaid$/,
    );
    await expect(provider.refund('in_unit_unknown', 1_000, 'rf_inv_4')).rejects.toThrow(
      /^Stripe could not read the payments of invoice in_unit_unknown: StripeInvalidRequestError 404/,
    );
    // A PaymentIntent is refunded as it is: no invoice looked up.
    const lookups = double.requests.filter((r) => r.path === '/v1/invoice_payments').length;
    double.charge('pi_unit_direct', 1_000);
    await provider.refund('pi_unit_direct', 1_000, 'rf_inv_5');
    expect(double.requests.filter((r) => r.path === '/v1/invoice_payments')).toHaveLength(lookups);
  });

  it('a refund Stripe refuses, or answers failed or canceled, is an error naming it', async () => {
    clockAt(NOW_S);
    double.charge('pi_refund_3', 1_000);
    await expect(provider.refund('pi_refund_3', 2_000, 'rf_4')).rejects.toThrow(
      /^Stripe could not refund pi_refund_3: StripeInvalidRequestError 400 Refund amount/,
    );
    double.charge('pi_refund_4', 1_000, 'failed');
    await expect(provider.refund('pi_refund_4', 1_000, 'rf_5')).rejects.toThrow(
      /^Stripe's refund re_\w+ is failed$/,
    );
    double.charge('pi_refund_5', 1_000, 'canceled');
    await expect(provider.refund('pi_refund_5', 1_000, 'rf_6')).rejects.toThrow(/is canceled$/);
    double.charge('pi_refund_6', 1_000, 'pending');
    expect((await provider.refund('pi_refund_6', 1_000, 'rf_7')).refundRef).toMatch(/^re_/);
  });
});
