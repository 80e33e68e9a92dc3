import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../src/mail/message.js';
import { periodEndAfterRefund } from '../src/modules/billing/refund-period.js';
import { thaiBahtText } from '../src/modules/billing/thai-baht-text.js';
import { adminUser } from './admin-fixture.js';
import { bearer, createTestApp, register } from './helpers.js';
import { startStripeDouble } from './stripe-double.js';

/** Refunds in the console: through the provider, a credit note, and the learner's access ended or shortened. */
const HOSPITAL = {
  name: 'โรงพยาบาลตัวอย่าง',
  address: '2 ถนนวังหลัง แขวงศิริราช เขตบางกอกน้อย กรุงเทพมหานคร 10700',
  taxId: '0994000161531',
  branch: 'head_office',
};
const GOOD_CARD = { number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'สมชาย ใจดี' };

/** One app and what its tests use: calls, an administrator, the mails queued. */
async function harness(env: Record<string, string> = {}) {
  const t = await createTestApp({ REGISTER_MAX_PER_HOUR: '500', ...env });
  const queued: MailMessage[] = [];
  const send = t.app.mail.send.bind(t.app.mail);
  t.app.mail.send = async (m, tx) => {
    queued.push(m);
    await send(m, tx);
  };
  const admin = await adminUser(t);
  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const refund = (orderId: string, body: object, token = admin.token) =>
    call('POST', `/api/admin/orders/${orderId}/refunds`, token, body);
  const detail = async (orderId: string) =>
    (await call('GET', `/api/admin/orders/${orderId}`, admin.token)).json();
  const subscription = async (userId: string) =>
    (
      await t.db.$client.query<{ status: string; current_period_end: Date }>(
        `select status, current_period_end from subscriptions where user_id = $1 order by created_at desc limit 1`,
        [userId],
      )
    ).rows[0]!;
  const canWatch = async (token: string) =>
    (await call('GET', '/api/my-subscription', token)).json() !== null;
  return { t, queued, admin, call, refund, detail, subscription, canWatch };
}
type Harness = Awaited<ReturnType<typeof harness>>;

async function pdfText(pdf: Buffer) {
  const doc = await getDocument({ data: new Uint8Array(pdf) }).promise;
  const page = await doc.getPage(1);
  const text = (await page.getTextContent()).items
    .map((i) => ('str' in i ? i.str : ''))
    .join(' ')
    .normalize('NFKC');
  await doc.destroy();
  return text;
}

describe('refunds with the sandbox', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness();
  });
  afterAll(() => h.t.close());

  /** A learner who paid a plan with the sandbox's test card. */
  async function payer(plan = 'annual') {
    const u = await register(h.t.app);
    const { order } = (await h.call('POST', '/api/checkout/orders', u.access_token, { plan })).json();
    const paid = await h.call('POST', `/api/checkout/sandbox/${order.id}/card`, u.access_token, GOOD_CARD);
    expect(paid.statusCode, paid.body).toBe(200);
    return { token: u.access_token, id: u.user.id, email: u.user.email, order: paid.json() };
  }

  it('a full refund that ends access: credit note issued, access gone at once, the learner told with the PDF', async () => {
    const p = await payer();
    // The learner had asked for a full tax invoice: the credit note refers to it and names its buyer.
    const invoice = (
      await h.call('POST', `/api/my-receipts/${p.order.receiptNumber}/tax-invoice`, p.token, HOSPITAL)
    ).json();
    expect(await h.canWatch(p.token)).toBe(true);
    const res = await h.refund(p.order.id, {
      amountSatang: 299_000,
      reason: 'ยกเลิกภายใน 7 วัน',
      access: 'end',
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json();
    expect(order).toMatchObject({ status: 'paid', refundedSatang: 299_000, refundableSatang: 0 });
    expect(order.refunds).toEqual([
      expect.objectContaining({
        amountSatang: 299_000,
        status: 'succeeded',
        access: 'end',
        reason: 'ยกเลิกภายใน 7 วัน',
      }),
    ]);
    const cn = order.refunds[0].creditNoteNumber;
    expect(cn).toMatch(/^CN-\d{4}-\d{6}$/);
    expect(order.refunds[0].providerRef).toBe(`sbx_re_${order.refunds[0].id}`);
    // Access ended now (the subscription recorded as expired) and the learner sees the credit note.
    expect(await h.canWatch(p.token)).toBe(false);
    expect((await h.subscription(p.id)).status).toBe('expired');
    const docs = (await h.call('GET', '/api/my-tax-documents', p.token)).json();
    expect(docs.creditNotes).toEqual([
      expect.objectContaining({
        number: cn,
        receiptNumber: p.order.receiptNumber,
        taxInvoiceNumber: invoice.number,
        amountSatang: 299_000,
        vatSatang: 19_561,
        originalTotalSatang: 299_000,
      }),
    ]);
    const mail = h.queued.find((m) => m.to === p.email && m.subject.includes(cn))!;
    expect(mail.text).toContain('2,990.00');
    const attached = await h.t.app.storage.readAll(mail.attachments![0]!.storageKey);
    expect(await pdfText(attached!)).toContain(cn);
    // Audited: the amount taken, then the refund with the access it changed.
    const { rows } = await h.t.db.$client.query(
      `select action, before, after from audit_log where entity = 'order' and entity_id = $1 order by at`,
      [p.order.id],
    );
    expect(rows.map((r) => r.action)).toEqual(['order.refund.start', 'order.refund']);
    // Before, the learner's current subscription; after, none (it ended).
    expect(rows[1].before.subscription).toMatchObject({ status: 'active' });
    expect(rows[1].after).toMatchObject({ refundedSatang: 299_000, subscription: null });
  });

  it('a part refund that shortens access by the refunded share of the period bought', async () => {
    const p = await payer();
    const before = await h.subscription(p.id);
    const res = await h.refund(p.order.id, {
      amountSatang: 74_750,
      reason: 'ส่วนลดย้อนหลัง',
      access: 'shorten',
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json();
    expect(order).toMatchObject({ refundedSatang: 74_750, refundableSatang: 299_000 - 74_750 });
    const after = await h.subscription(p.id);
    const cut = before.current_period_end.getTime() - after.current_period_end.getTime();
    const year = new Date(order.periodEnd).getTime() - new Date(order.periodStart).getTime();
    expect(cut).toBe(Math.round(year / 4 / 1000) * 1000);
    expect(after.current_period_end).toEqual(
      periodEndAfterRefund({
        access: 'shorten',
        currentEnd: before.current_period_end,
        bought: { start: new Date(order.periodStart), end: new Date(order.periodEnd) },
        refundedSatang: 74_750,
        paidSatang: 299_000,
        now: new Date(),
      }),
    );
    expect(await h.canWatch(p.token)).toBe(true);
    // The credit note without a full tax invoice: it refers to the receipt, and its PDF says so in Thai.
    const note = (await h.call('GET', '/api/my-tax-documents', p.token)).json().creditNotes[0];
    expect(note).toMatchObject({
      taxInvoiceNumber: null,
      receiptNumber: p.order.receiptNumber,
      amountSatang: 74_750,
    });
    const pdf = await h.call('GET', `/api/my-tax-documents/${note.number}/pdf`, p.token);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('ใบลดหนี้');
    expect(text).toContain(note.number);
    expect(text).toContain(p.order.receiptNumber);
    expect(text).toContain('ส่วนลดย้อนหลัง');
    expect(text).toContain(thaiBahtText(74_750).normalize('NFKC'));
    // Another learner: 404; the console: any.
    const other = await register(h.t.app);
    expect(
      (await h.call('GET', `/api/my-tax-documents/${note.number}/pdf`, other.access_token)).statusCode,
    ).toBe(404);
    expect(
      (await h.call('GET', `/api/admin/tax-documents/${note.number}/pdf`, h.admin.token)).statusCode,
    ).toBe(200);
  });

  it('refunds made at once never exceed what was paid, and their credit notes number without a gap', async () => {
    const p = await payer();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        h.refund(p.order.id, { amountSatang: 74_750, reason: 'x', access: 'shorten' }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(4);
    expect(codes.filter((c) => c === 422)).toHaveLength(6);
    for (const a of answers.filter((x) => x.statusCode === 422))
      expect(a.json().code).toBe('REFUND_TOO_LARGE');
    const order = await h.detail(p.order.id);
    expect(order).toMatchObject({ refundedSatang: 299_000, refundableSatang: 0 });
    expect(order.refunds).toHaveLength(4);
    const numbers = order.refunds.map((r: { creditNoteNumber: string }) =>
      Number(r.creditNoteNumber.split('-')[2]),
    );
    numbers.sort((a: number, b: number) => a - b);
    expect(numbers).toEqual(Array.from({ length: 4 }, (_, i) => numbers[0] + i));
    // Four quarters of the year refunded: access ends now.
    expect(await h.canWatch(p.token)).toBe(false);
  });

  it('bad input answers 4xx and changes nothing', async () => {
    const p = await payer('monthly');
    const before = await h.subscription(p.id);
    const tooMuch = await h.refund(p.order.id, { amountSatang: 29_901, reason: 'x', access: 'end' });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json()).toMatchObject({ code: 'REFUND_TOO_LARGE', details: [{ path: 'amountSatang' }] });
    for (const body of [
      { amountSatang: 0, reason: 'x', access: 'end' },
      { amountSatang: 100, reason: '', access: 'end' },
      { amountSatang: 100, reason: 'x', access: 'later' },
      { amountSatang: 1.5, reason: 'x', access: 'end' },
    ])
      expect((await h.refund(p.order.id, body)).statusCode).toBe(400);
    // An order not paid (still pending), and one that does not exist.
    const u = await register(h.t.app);
    const { order: pending } = (
      await h.call('POST', '/api/checkout/orders', u.access_token, { plan: 'monthly' })
    ).json();
    const unpaid = await h.refund(pending.id, { amountSatang: 100, reason: 'x', access: 'end' });
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().code).toBe('NOT_REFUNDABLE');
    expect(
      (
        await h.refund('0190a000-0000-7000-8000-000000000000', {
          amountSatang: 1,
          reason: 'x',
          access: 'end',
        })
      ).statusCode,
    ).toBe(404);
    // A learner is no administrator.
    expect(
      (await h.refund(p.order.id, { amountSatang: 100, reason: 'x', access: 'end' }, p.token)).statusCode,
    ).toBe(403);
    const { rows } = await h.t.db.$client.query(
      `select count(*)::int as n from refunds where order_id in ($1, $2)`,
      [p.order.id, pending.id],
    );
    expect(rows[0].n).toBe(0);
    expect(await h.subscription(p.id)).toEqual(before);
    expect((await h.call('GET', '/api/my-tax-documents', p.token)).json().creditNotes).toEqual([]);
  });

  it('lists orders for the console, searched by number or e-mail', async () => {
    const p = await payer('monthly');
    const page = (
      await h.call('GET', `/api/admin/orders?q=${encodeURIComponent(p.email)}`, h.admin.token)
    ).json();
    expect(page.items).toEqual([
      expect.objectContaining({
        id: p.order.id,
        number: p.order.number,
        status: 'paid',
        totalSatang: 29_900,
      }),
    ]);
    const byNumber = (await h.call('GET', `/api/admin/orders?q=${p.order.number}`, h.admin.token)).json();
    expect(byNumber.items.map((o: { id: string }) => o.id)).toEqual([p.order.id]);
  });
});

describe('refunds through Stripe (the Refunds API of the double)', () => {
  const KEY = 'sk_test_double_refunds';
  const SECRET = 'whsec_test_refunds';
  let h: Harness;
  let stripe: Awaited<ReturnType<typeof startStripeDouble>>;
  beforeAll(async () => {
    stripe = await startStripeDouble(KEY);
    h = await harness({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: KEY,
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_API_URL: stripe.url,
    });
  });
  afterAll(async () => {
    await h.t.close();
    await stripe.close();
  });

  /** An order paid by card at Stripe: the completed session's event delivered, signed as Stripe signs it. */
  async function stripePayer(paymentIntent: string) {
    const u = await register(h.t.app);
    const { order } = (
      await h.call('POST', '/api/checkout/orders', u.access_token, { plan: 'monthly' })
    ).json();
    const session = [...stripe.sessions.values()].find((s) => s.client_reference_id === order.id)!;
    const event = stripe.event('checkout.session.completed', session, {
      status: 'complete',
      payment_status: 'paid',
      payment_intent: paymentIntent,
    });
    const payload = JSON.stringify(event);
    const res = await h.t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': stripe.sign(payload, SECRET) },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return { token: u.access_token, id: u.user.id, orderId: order.id as string };
  }

  it('refunds the PaymentIntent at Stripe (keyed by the refund), then issues the credit note and shortens access', async () => {
    stripe.charge('pi_refund_1', 29_900);
    const p = await stripePayer('pi_refund_1');
    const before = await h.subscription(p.id);
    const res = await h.refund(p.orderId, { amountSatang: 10_000, reason: 'บริการขัดข้อง', access: 'shorten' });
    expect(res.statusCode, res.body).toBe(201);
    const [refund] = res.json().refunds;
    const call = stripe.requests.filter((r) => r.path === '/v1/refunds');
    expect(call).toHaveLength(1);
    expect(call[0]!.body).toMatchObject({ payment_intent: 'pi_refund_1', amount: '10000' });
    expect(refund).toMatchObject({ status: 'succeeded', providerRef: expect.stringMatching(/^re_/) });
    expect(stripe.refunds.get(refund.providerRef)).toMatchObject({
      amount: 10_000,
      metadata: { refundId: refund.id },
    });
    expect(refund.creditNoteNumber).toMatch(/^CN-/);
    expect((await h.subscription(p.id)).current_period_end.getTime()).toBeLessThan(
      before.current_period_end.getTime(),
    );
  });

  it('a refund Stripe refuses fails: nothing held, no credit note, access unchanged (502 REFUND_FAILED)', async () => {
    // Stripe holds less than the order says (refunded there already): it refuses the refund.
    stripe.charge('pi_refund_2', 5_000);
    const p = await stripePayer('pi_refund_2');
    const before = await h.subscription(p.id);
    const res = await h.refund(p.orderId, { amountSatang: 29_900, reason: 'x', access: 'end' });
    expect(res.statusCode).toBe(502);
    expect(res.json().code).toBe('REFUND_FAILED');
    const order = await h.detail(p.orderId);
    expect(order).toMatchObject({ refundedSatang: 0, refundableSatang: 29_900 });
    expect(order.refunds).toEqual([expect.objectContaining({ status: 'failed', creditNoteNumber: null })]);
    expect(await h.subscription(p.id)).toEqual(before);
    expect(await h.canWatch(p.token)).toBe(true);
    // What Stripe does hold can then be refunded.
    const rest = await h.refund(p.orderId, { amountSatang: 5_000, reason: 'x', access: 'shorten' });
    expect(rest.statusCode, rest.body).toBe(201);
  });
});
