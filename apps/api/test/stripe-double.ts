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
  const byIdempotencyKey = new Map<string, string>();
  const requests: { method: string; path: string; body: Record<string, unknown> }[] = [];

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
    requests.push({ method: req.method ?? '', path, body });
    if (req.headers.authorization !== `Bearer ${secretKey}`)
      return fail(401, 'invalid_request_error', 'Invalid API Key provided');

    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const key = req.headers['idempotency-key'];
      if (typeof key === 'string' && byIdempotencyKey.has(key))
        return send(200, sessions.get(byIdempotencyKey.get(key)!));
      const items = (body.line_items as Record<string, unknown>[] | undefined) ?? [];
      const item = items[0] as
        { quantity?: string; price_data?: { currency?: string; unit_amount?: string } } | undefined;
      const amount = Number(item?.price_data?.unit_amount);
      if (body.mode !== 'payment') return fail(400, 'invalid_request_error', 'mode must be payment', 'mode');
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
        mode: 'payment',
        status: 'open',
        payment_status: 'unpaid',
        amount_total: amount * Number(item.quantity ?? 1),
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
    return fail(404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${path})`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };

  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    requests,
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
