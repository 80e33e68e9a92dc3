import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import Stripe from 'stripe';

/**
 * A local double of the Stripe API paths the platform calls, on 127.0.0.1, speaking Stripe's protocol: form-encoded
 * bodies in bracket notation, the secret key as Bearer, Idempotency-Key honoured, errors as `{ error: { … } }`.
 * Webhooks are signed exactly as Stripe signs them (`Stripe.webhooks.generateTestHeaderString`).
 */
export async function startStripeDouble(secretKey: string) {
  const sessions = new Map<string, Record<string, unknown>>();
  /** Payments Stripe holds (PaymentIntent or charge id → amount paid and refunded), for the Refunds API. */
  const charges = new Map<string, { amount: number; refunded: number; refundStatus: string }>();
  const refunds = new Map<string, Record<string, unknown>>();
  const refundsByKey = new Map<string, string>();
  const byIdempotencyKey = new Map<string, string>();
  /** Stripe Billing: subscriptions (as Checkout in subscription mode makes them) and one-off coupons. */
  const subscriptions = new Map<string, Record<string, unknown>>();
  const coupons = new Map<string, Record<string, unknown>>();
  /** Stripe Billing's invoices paid (invoice id → the PaymentIntent that paid it), for the InvoicePayments API. */
  const invoicePayments = new Map<string, string | null>();
  const requests: {
    method: string;
    path: string;
    query: Record<string, string>;
    body: Record<string, unknown>;
    headers: IncomingMessage['headers'];
  }[] = [];

  const read = async (req: IncomingMessage) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    return decodeForm(raw);
  };
  const server = createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': `req_${randomBytes(6).toString('hex')}`,
      });
      res.end(JSON.stringify(body));
    };
    const fail = (status: number, type: string, message: string, param?: string) =>
      send(status, { error: { type, message, ...(param ? { param } : {}) } });
    const body = await read(req);
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const query = Object.fromEntries(new URL(req.url ?? '/', 'http://x').searchParams);
    requests.push({ method: req.method ?? '', path, query, body, headers: req.headers });
    if (req.headers.authorization !== `Bearer ${secretKey}`)
      return fail(401, 'invalid_request_error', 'Invalid API Key provided');

    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const key = req.headers['idempotency-key'];
      if (typeof key === 'string' && byIdempotencyKey.has(key))
        return send(200, sessions.get(byIdempotencyKey.get(key)!));
      const items = (body.line_items as Record<string, unknown>[] | undefined) ?? [];
      const item = items[0] as
        | {
            quantity?: string;
            price_data?: {
              currency?: string;
              unit_amount?: string;
              recurring?: { interval?: string; interval_count?: string };
            };
          }
        | undefined;
      const amount = Number(item?.price_data?.unit_amount);
      if (body.mode !== 'payment' && body.mode !== 'subscription')
        return fail(400, 'invalid_request_error', 'mode must be payment or subscription', 'mode');
      // As Stripe: subscription mode needs a recurring price, payment mode refuses one.
      const recurring = item?.price_data?.recurring;
      if ((body.mode === 'subscription') !== !!recurring)
        return fail(
          400,
          'invalid_request_error',
          body.mode === 'subscription'
            ? 'You must provide at least one recurring price in `subscription` mode when using prices.'
            : 'You specified `payment` mode but passed a recurring price.',
          'line_items',
        );
      if (recurring && !['month', 'year'].includes(recurring.interval ?? ''))
        return fail(
          400,
          'invalid_request_error',
          'Invalid interval',
          'line_items[0][price_data][recurring][interval]',
        );
      if (body.mode === 'subscription' && body.payment_intent_data !== undefined)
        return fail(
          400,
          'invalid_request_error',
          'You can not pass `payment_intent_data` in `subscription` mode.',
          'payment_intent_data',
        );
      const discounts = (body.discounts as { coupon?: string }[] | undefined) ?? [];
      const off = discounts.reduce((sum, d) => {
        const c = d.coupon ? coupons.get(d.coupon) : undefined;
        return sum + (c ? Number(c.amount_off) : NaN);
      }, 0);
      if (Number.isNaN(off)) return fail(400, 'invalid_request_error', 'No such coupon', 'discounts');
      if (!item || item.price_data?.currency !== 'thb' || !(amount > 0))
        return fail(
          400,
          'invalid_request_error',
          'a line item in thb with a positive amount is required',
          'line_items',
        );
      if (typeof body.success_url !== 'string' || typeof body.cancel_url !== 'string')
        return fail(400, 'invalid_request_error', 'success_url and cancel_url are required', 'success_url');
      const expiresAt = Number(body.expires_at);
      const now = Math.floor(Date.now() / 1000);
      if (body.expires_at !== undefined && (expiresAt < now + 30 * 60 || expiresAt > now + 24 * 3600))
        return fail(
          400,
          'invalid_request_error',
          'expires_at must be 30 minutes to 24 hours ahead',
          'expires_at',
        );
      const id = `cs_test_${randomBytes(12).toString('hex')}`;
      const session = {
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/c/pay/${id}`,
        mode: body.mode,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: amount * Number(item.quantity ?? 1) - off,
        subscription: null,
        customer: null,
        invoice: null,
        recurring: recurring ?? null,
        subscription_data: body.subscription_data ?? null,
        currency: 'thb',
        client_reference_id: body.client_reference_id ?? null,
        customer_email: body.customer_email ?? null,
        metadata: body.metadata ?? {},
        payment_method_types: (body.allowed_payment_method_types as string[] | undefined) ?? ['card'],
        payment_intent: null,
        expires_at: expiresAt || now + 24 * 3600,
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        livemode: false,
      };
      sessions.set(id, session);
      if (typeof key === 'string') byIdempotencyKey.set(key, id);
      return send(200, session);
    }
    const one = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    if (one && sessions.has(one[1]!)) {
      const session = sessions.get(one[1]!)!;
      if (req.method === 'GET' && !one[2]) return send(200, session);
      if (req.method === 'POST' && one[2]) {
        // As Stripe: only an open session can be expired.
        if (session.status !== 'open')
          return fail(
            400,
            'invalid_request_error',
            'Only Checkout Sessions with a status of open can be expired.',
          );
        session.status = 'expired';
        return send(200, session);
      }
    }
    if (req.method === 'POST' && path === '/v1/refunds') {
      // As Stripe: the same Idempotency-Key answers the same refund; never more than the charge's unrefunded part.
      const key = req.headers['idempotency-key'];
      if (typeof key === 'string' && refundsByKey.has(key))
        return send(200, refunds.get(refundsByKey.get(key)!));
      const ref = (body.payment_intent ?? body.charge) as string | undefined;
      const paid = ref ? charges.get(ref) : undefined;
      if (!ref || !paid)
        return fail(
          400,
          'invalid_request_error',
          `No such payment_intent: '${ref ?? ''}'`,
          body.charge ? 'charge' : 'payment_intent',
        );
      const left = paid.amount - paid.refunded;
      if (left <= 0)
        return fail(400, 'invalid_request_error', `Charge for ${ref} has already been refunded.`);
      const amount = body.amount === undefined ? left : Number(body.amount);
      if (!Number.isInteger(amount) || amount <= 0)
        return fail(400, 'invalid_request_error', 'Invalid positive integer', 'amount');
      if (amount > left)
        return fail(
          400,
          'invalid_request_error',
          `Refund amount (฿${amount / 100}) is greater than unrefunded amount on charge (฿${left / 100})`,
          'amount',
        );
      paid.refunded += amount;
      const id = `re_${randomBytes(12).toString('hex')}`;
      const refund = {
        id,
        object: 'refund',
        amount,
        currency: 'thb',
        payment_intent: ref.startsWith('pi_') ? ref : null,
        charge: ref.startsWith('ch_') ? ref : `ch_${ref.slice(3)}`,
        metadata: body.metadata ?? {},
        status: paid.refundStatus,
        created: Math.floor(Date.now() / 1000),
      };
      refunds.set(id, refund);
      if (typeof key === 'string') refundsByKey.set(key, id);
      return send(200, refund);
    }
    if (req.method === 'POST' && path === '/v1/coupons') {
      if (!(Number(body.amount_off) > 0) || body.currency !== 'thb')
        return fail(400, 'invalid_request_error', 'amount_off and currency are required', 'amount_off');
      const id = `co_${randomBytes(8).toString('hex')}`;
      const coupon = { id, object: 'coupon', ...body, amount_off: Number(body.amount_off), valid: true };
      coupons.set(id, coupon);
      return send(200, coupon);
    }
    if (req.method === 'GET' && path === '/v1/invoice_payments') {
      const query = new URL(req.url ?? '/', 'http://x').searchParams;
      const invoice = query.get('invoice') ?? '';
      if (!invoicePayments.has(invoice))
        return fail(404, 'invalid_request_error', `No such invoice: '${invoice}'`, 'invoice');
      const pi = invoicePayments.get(invoice);
      const paid = pi && (query.get('status') ?? 'paid') === 'paid';
      const data = paid
        ? [
            {
              id: `inpay_${pi.slice(3)}`,
              object: 'invoice_payment',
              invoice,
              status: 'paid',
              is_default: true,
              payment: pi.startsWith('ch_')
                ? { type: 'charge', charge: pi }
                : { type: 'payment_intent', payment_intent: pi },
            },
          ]
        : [];
      return send(200, { object: 'list', url: '/v1/invoice_payments', has_more: false, data });
    }
    const sub = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (sub) {
      const found = subscriptions.get(sub[1]!);
      if (!found) return fail(404, 'invalid_request_error', `No such subscription: '${sub[1]}'`, 'id');
      if (req.method === 'GET') return send(200, found);
      if (found.status === 'canceled')
        return fail(
          400,
          'invalid_request_error',
          'A canceled subscription can only update its cancellation_details and metadata.',
        );
      if (req.method === 'POST') {
        if (body.cancel_at_period_end !== undefined)
          found.cancel_at_period_end = body.cancel_at_period_end === 'true';
        return send(200, found);
      }
      if (req.method === 'DELETE') {
        found.status = 'canceled';
        return send(200, found);
      }
    }
    if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (typeof body.customer !== 'string')
        return fail(400, 'invalid_request_error', 'Missing required param: customer.', 'customer');
      const id = `bps_${randomBytes(8).toString('hex')}`;
      return send(200, {
        id,
        object: 'billing_portal.session',
        customer: body.customer,
        return_url: body.return_url ?? null,
        url: `https://billing.stripe.test/p/session/${id}`,
      });
    }
    return fail(404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${path})`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };

  return {
    url: `http://127.0.0.1:${port}`,
    refunds,
    /**
     * An invoice of Stripe Billing paid by `payment` (a PaymentIntent or a charge, refundable up to `amount`), or
     * not paid (null), as the InvoicePayments API lists it.
     */
    payInvoice(invoiceId: string, payment: string | null, amount = 0) {
      invoicePayments.set(invoiceId, payment);
      if (payment) charges.set(payment, { amount, refunded: 0, refundStatus: 'succeeded' });
    },
    /** A payment Stripe took (a PaymentIntent or a charge): refundable up to `amount`, its refunds in `refundStatus`. */
    charge(paymentIntent: string, amount: number, refundStatus = 'succeeded') {
      charges.set(paymentIntent, { amount, refunded: 0, refundStatus });
    },
    sessions,
    requests,
    subscriptions,
    /**
     * A subscription-mode session paid by card, as Stripe completes it: the subscription and the customer made,
     * the session `complete`/`paid` with them, and the first invoice. Answers the session and the invoice.
     */
    completeSubscription(sessionId: string) {
      const session = sessions.get(sessionId)!;
      const subId = `sub_${randomBytes(10).toString('hex')}`;
      const customer = `cus_${randomBytes(8).toString('hex')}`;
      const invoiceId = `in_${randomBytes(10).toString('hex')}`;
      const metadata = (session.subscription_data as { metadata?: unknown } | null)?.metadata ?? {};
      subscriptions.set(subId, {
        id: subId,
        object: 'subscription',
        customer,
        status: 'active',
        cancel_at_period_end: false,
        metadata,
      });
      Object.assign(session, {
        status: 'complete',
        payment_status: 'paid',
        subscription: subId,
        customer,
        invoice: invoiceId,
      });
      return {
        session,
        invoice: this.invoice(subId, 'subscription_create', Number(session.amount_total), invoiceId),
      };
    },
    /** An invoice of a subscription as Stripe sends it in `invoice.*` events (parent.subscription_details). */
    invoice(subId: string, reason: string, amount: number, id = `in_${randomBytes(10).toString('hex')}`) {
      const s = subscriptions.get(subId)!;
      // Paid (when its event says so) by a PaymentIntent of its own, refundable as Stripe's are.
      const pi = `pi_${id.slice(3)}`;
      charges.set(pi, { amount, refunded: 0, refundStatus: 'succeeded' });
      invoicePayments.set(id, pi);
      return {
        id,
        object: 'invoice',
        billing_reason: reason,
        customer: s.customer,
        currency: 'thb',
        amount_due: amount,
        amount_paid: 0,
        next_payment_attempt: null as number | null,
        status: 'open',
        parent: {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { subscription: subId, metadata: s.metadata },
        },
      };
    },
    /** An event as Stripe sends it, about a session (changed by `patch`, e.g. `{ payment_status: 'paid' }`). */
    event(type: string, session: Record<string, unknown>, patch: Record<string, unknown> = {}) {
      return {
        id: `evt_${randomBytes(12).toString('hex')}`,
        object: 'event',
        api_version: '2026-10-28.endive',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        type,
        data: { object: { ...session, ...patch } },
      };
    },
    /** The `Stripe-Signature` header of a payload, made the way Stripe makes it. */
    sign(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)) {
      return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** `a[b][0][c]=1&d=2` → `{ a: { b: [{ c: '1' }] }, d: '2' }` (Stripe's bracket notation). */
function decodeForm(raw: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(parts[i + 1]!);
      const k = /^\d+$/.test(part) && Array.isArray(node) ? Number(part) : part;
      const container = node as Record<string | number, unknown>;
      if (last) container[k] = value;
      else {
        container[k] ??= nextIsIndex ? [] : {};
        node = container[k] as Record<string, unknown>;
      }
    });
  }
  return root;
}
