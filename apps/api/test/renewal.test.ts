import { RENEWAL_GRACE_DAYS, RENEWAL_RETRY_DAYS } from '@rianroo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../src/mail/message.js';
import { RENEWAL_LEAD_MS } from '../src/modules/billing/billing.service.js';
import { periodEnd } from '../src/modules/billing/periods.js';
import { seedCatalogue } from './courses-fixture.js';
import { bearer, createTestApp, register, type TestApp } from './helpers.js';

/**
 * Automatic renewal with the sandbox provider (PRODUCT.md section 7): the card paid with is saved, the renewal job
 * charges it at the period's end, a declined renewal is tried again while access stays for the grace period, then
 * the subscription ends. The clock is the `at` each job is run with; the database's own clock (access) is now, so
 * periods are placed around now.
 */
let t: TestApp;
let cat: Awaited<ReturnType<typeof seedCatalogue>>;
const queued: MailMessage[] = [];
beforeAll(async () => {
  t = await createTestApp({ REGISTER_MAX_PER_HOUR: '500' });
  cat = await seedCatalogue(t);
  const send = t.app.mail.send.bind(t.app.mail);
  t.app.mail.send = async (m, tx) => {
    queued.push(m);
    await send(m, tx);
  };
});
afterAll(() => t.close());

const DAY = 86_400_000;
const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, token: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
const put = (url: string, token: string, payload: object) =>
  t.app.inject({ method: 'PUT', url, headers: bearer(token), payload });
const card = (number: string) => ({ number, expiry: '12/39', cvc: '123', name: 'สมชาย ใจดี' });
const GOOD = card('4242 4242 4242 4242');
const DECLINES_AT_RENEWAL = card('4000 0000 0000 0341');
const DECLINED = card('4000 0000 0000 0002');
const mailsTo = (to: string, subject: RegExp) => queued.filter((m) => m.to === to && subject.test(m.subject));

/** Buys a plan through the sandbox's page with a card, renewing automatically unless `autoRenew` is false. */
async function buy(token: string, plan: string, withCard = GOOD, autoRenew = true) {
  const opened = await post('/api/checkout/orders', token, { plan, autoRenew });
  expect(opened.statusCode, opened.body).toBe(201);
  const { order } = opened.json();
  expect(order.autoRenew).toBe(autoRenew);
  const paid = await post(`/api/checkout/sandbox/${order.id}/card`, token, withCard);
  expect(paid.statusCode, paid.body).toBe(200);
  return paid.json();
}
const sub = async (token: string) => (await get('/api/my-subscription', token)).json();
/** Whether the learner opens the paid course now (the one entitlement rule, in SQL, on the database's clock). */
const watches = async (token: string) =>
  (await get(`/api/users/check/course/${cat.paid}`, token)).json().canAccess as boolean;
/** Places the learner's current period's end (the database's clock decides access, so around now). */
async function endAt(userId: string, end: Date) {
  await t.db.$client.query(
    `update subscriptions set current_period_end = $2 where user_id = $1 and status <> 'expired'`,
    [userId, end],
  );
}
async function renewalOrders(userId: string) {
  const { rows } = await t.db.$client.query<{ status: string; total_satang: string; auto_renew: boolean }>(
    `select status, total_satang, auto_renew from orders where user_id = $1 and kind = 'renewal' order by created_at`,
    [userId],
  );
  return rows.map((r) => r.status);
}
/** The day of the month the learner's periods end on (set by the first payment). */
const anchorOf = async (userId: string) =>
  (
    await t.db.$client.query<{ anchor_day: number }>(
      `select anchor_day from subscriptions where user_id = $1 and status <> 'expired'`,
      [userId],
    )
  ).rows[0]!.anchor_day;
const monthlyPrice = async () =>
  Number(
    (await t.db.$client.query<{ p: string }>(`select price_satang as p from plans where code = 'monthly'`))
      .rows[0]!.p,
  );

describe('what the learner is told', () => {
  it('paid by card with automatic renewal: "renews automatically on <end> at <price>", the card shown', async () => {
    const u = await register(t.app);
    await buy(u.access_token, 'monthly');
    const s = await sub(u.access_token);
    expect(s).toMatchObject({
      status: 'active',
      renewal: 'automatic',
      renewsAt: s.currentPeriodEnd,
      renewalAmountSatang: await monthlyPrice(),
      card: { brand: 'visa', last4: '4242' },
      paymentFailed: false,
      graceUntil: null,
      nextAttemptAt: null,
    });
    // Cancel: it ends at the period's end and nothing renews; resume: automatic again.
    expect((await post('/api/my-subscription/cancel', u.access_token)).json()).toMatchObject({
      status: 'canceled',
      renewal: 'off',
      renewsAt: null,
      renewalAmountSatang: null,
    });
    expect((await post('/api/my-subscription/resume', u.access_token)).json()).toMatchObject({
      renewal: 'automatic',
    });
  });

  it('paid once (or by PromptPay): "ends on <end>; we will remind you", no card kept', async () => {
    const u = await register(t.app);
    await buy(u.access_token, 'monthly', GOOD, false);
    expect(await sub(u.access_token)).toMatchObject({ renewal: 'reminder', renewsAt: null, card: null });
    const v = await register(t.app);
    const opened = (await post('/api/checkout/orders', v.access_token, { plan: 'monthly' })).json();
    expect(opened.order.autoRenew).toBe(false);
    expect(
      (await post(`/api/checkout/sandbox/${opened.order.id}/promptpay`, v.access_token)).statusCode,
    ).toBe(200);
    expect(await sub(v.access_token)).toMatchObject({ renewal: 'reminder', card: null });
  });

  it('an order that renews automatically is paid by card: PromptPay answers 409 CARD_REQUIRED and pays nothing', async () => {
    const u = await register(t.app);
    const { order } = (
      await post('/api/checkout/orders', u.access_token, { plan: 'monthly', autoRenew: true })
    ).json();
    const res = await post(`/api/checkout/sandbox/${order.id}/promptpay`, u.access_token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ statusCode: 409, code: 'CARD_REQUIRED' });
    expect((await get(`/api/checkout/orders/${order.id}`, u.access_token)).json().status).toBe('pending');
    expect(await sub(u.access_token)).toBeNull();
  });

  it('moving from monthly to annual credits the unused days: the year starts when the month ends', async () => {
    const u = await register(t.app);
    await buy(u.access_token, 'monthly');
    const end = new Date(Date.now() + 10 * DAY + 3_600_000);
    await endAt(u.user.id, end);
    const quote = (await post('/api/checkout/quote', u.access_token, { plan: 'annual' })).json();
    expect(quote.creditDays).toBe(10);
    expect(quote.periodStart).toBe(end.toISOString());
    await buy(u.access_token, 'annual');
    const s = await sub(u.access_token);
    expect(s.plan.code).toBe('annual');
    expect(s.currentPeriodEnd).toBe(periodEnd(end, 'year', 1, await anchorOf(u.user.id)).toISOString());
    expect(
      (await post('/api/checkout/quote', (await register(t.app)).access_token, { plan: 'annual' })).json()
        .creditDays,
    ).toBe(0);
  });
});

describe('the renewal job (sandbox), with the clock moved', () => {
  it('charges the saved card at the period’s end, once however often the job runs: a new period from the old end, a receipt', async () => {
    const u = await register(t.app);
    await buy(u.access_token, 'monthly');
    const end = new Date(Date.now() + 3 * 3_600_000);
    await endAt(u.user.id, end);
    // The card is charged from an hour before the end (the job runs every 15 minutes), not earlier.
    const from = end.getTime() - RENEWAL_LEAD_MS;
    expect(await t.app.billing.renewDue(new Date(from - 1000))).toEqual({ paid: 0, failed: 0 });
    expect(await renewalOrders(u.user.id)).toEqual([]);
    // Five runs at once (two job workers, a retry): one charge.
    const runs = await Promise.all(
      Array.from({ length: 5 }, () => t.app.billing.renewDue(new Date(from + 1000))),
    );
    expect(runs.reduce((n, r) => n + r.paid, 0)).toBe(1);
    expect(await renewalOrders(u.user.id)).toEqual(['paid']);
    const s = await sub(u.access_token);
    expect(s.currentPeriodEnd).toBe(periodEnd(end, 'month', 1, await anchorOf(u.user.id)).toISOString());
    expect(s).toMatchObject({ renewal: 'automatic', paymentFailed: false, card: { last4: '4242' } });
    expect(mailsTo(u.email, /ใบเสร็จ/)).toHaveLength(2);
    const receipts = (await get('/api/my-receipts', u.access_token)).json();
    expect(receipts).toHaveLength(2);
    // Not renewing: canceled, paid once, or a trial: the job charges nothing.
    const off = await register(t.app);
    await buy(off.access_token, 'monthly');
    await post('/api/my-subscription/cancel', off.access_token);
    const once = await register(t.app);
    await buy(once.access_token, 'monthly', GOOD, false);
    for (const x of [off, once]) await endAt(x.user.id, end);
    await t.app.billing.renewDue(new Date(from + 1000));
    expect(await renewalOrders(off.user.id)).toEqual([]);
    expect(await renewalOrders(once.user.id)).toEqual([]);
  });

  it('a declined renewal: access kept through the grace period, retried on schedule, then the lock and a mail', async () => {
    const u = await register(t.app);
    await buy(u.access_token, 'monthly', DECLINES_AT_RENEWAL);
    // The period ends in half an hour: the job charges it now (within the hour before), and is declined.
    const end = new Date(Date.now() + 30 * 60_000);
    await endAt(u.user.id, end);
    const first = await t.app.billing.renewDue(new Date());
    expect(first).toEqual({ paid: 0, failed: 1 });
    const grace = new Date(end.getTime() + RENEWAL_GRACE_DAYS * DAY);
    const retry = (n: number) => new Date(end.getTime() + RENEWAL_RETRY_DAYS[n]! * DAY);
    expect(await sub(u.access_token)).toMatchObject({
      status: 'active',
      givesAccess: true,
      renewal: 'automatic',
      paymentFailed: true,
      graceUntil: grace.toISOString(),
      nextAttemptAt: retry(0).toISOString(),
      currentPeriodEnd: end.toISOString(),
    });
    expect(await watches(u.access_token)).toBe(true);
    const [failedMail, ...more] = mailsTo(u.email, /ไม่สำเร็จ/);
    expect(more).toEqual([]);
    expect(failedMail!.text).toContain('http://rianroo.test/account');
    // Before the retry's time nothing is charged again.
    expect(await t.app.billing.renewDue(new Date(retry(0).getTime() - 1000))).toEqual({ paid: 0, failed: 0 });
    // Each retry at its time, once.
    for (const [i] of RENEWAL_RETRY_DAYS.entries()) {
      const at = new Date(retry(i).getTime() + 1000);
      const runs = await Promise.all([t.app.billing.renewDue(at), t.app.billing.renewDue(at)]);
      expect(runs.reduce((n, r) => n + r.failed, 0)).toBe(1);
    }
    expect(await renewalOrders(u.user.id)).toEqual(Array(1 + RENEWAL_RETRY_DAYS.length).fill('failed'));
    expect((await sub(u.access_token)).nextAttemptAt).toBeNull();
    // No attempt left: the job charges nothing more.
    expect(await t.app.billing.renewDue(new Date(grace.getTime() - 1000))).toEqual({ paid: 0, failed: 0 });
    // Still inside the grace period: the expiry job leaves it.
    await t.app.billing.expireDue(new Date(grace.getTime() - 1000), u.user.id);
    expect((await sub(u.access_token)).status).toBe('active');
    // The grace period over: ended, locked, told.
    await t.app.billing.expireDue(new Date(grace.getTime() + 1000), u.user.id);
    expect(await sub(u.access_token)).toBeNull();
    expect(await watches(u.access_token)).toBe(false);
    expect(mailsTo(u.email, /สิ้นสุดแล้ว/)).toHaveLength(1);
    expect(mailsTo(u.email, /ใบเสร็จ/)).toHaveLength(1);
  });

  it('a declined renewal paid by updating the card: charged at once, the period continues from the old end', async () => {
    const u = await register(t.app);
    await buy(u.access_token, 'monthly', DECLINES_AT_RENEWAL);
    const end = new Date(Date.now() + 30 * 60_000);
    await endAt(u.user.id, end);
    await t.app.billing.renewDue(new Date());
    expect((await sub(u.access_token)).paymentFailed).toBe(true);
    // The period ends meanwhile: the grace period keeps access.
    const ended = new Date(Date.now() - 60_000);
    await endAt(u.user.id, ended);
    expect(await watches(u.access_token)).toBe(true);
    expect((await post('/api/my-subscription/card-session', u.access_token)).json()).toEqual({
      redirectUrl: '/account/card',
    });
    // A declined card is refused and changes nothing; bad input is a 400 in the one shape.
    const declined = await put('/api/my-subscription/card', u.access_token, DECLINED);
    expect(declined.statusCode).toBe(402);
    expect(declined.json().code).toBe('PAYMENT_DECLINED');
    const bad = await put('/api/my-subscription/card', u.access_token, { ...GOOD, expiry: '13/39' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
    expect((await sub(u.access_token)).card.last4).toBe('0341');
    // The good card: saved, charged now, the month added after the old end (the grace days were used).
    const saved = await put('/api/my-subscription/card', u.access_token, GOOD);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      paymentFailed: false,
      graceUntil: null,
      card: { last4: '4242' },
      currentPeriodEnd: periodEnd(ended, 'month', 1, await anchorOf(u.user.id)).toISOString(),
      renewal: 'automatic',
    });
    expect(await renewalOrders(u.user.id)).toEqual(['failed', 'paid']);
  });

  it('canceling during the grace period ends it: no more retries, access stops', async () => {
    const u = await register(t.app);
    await buy(u.access_token, 'monthly', DECLINES_AT_RENEWAL);
    await endAt(u.user.id, new Date(Date.now() + 30 * 60_000));
    await t.app.billing.renewDue(new Date());
    await endAt(u.user.id, new Date(Date.now() - 60_000));
    expect(await watches(u.access_token)).toBe(true);
    const canceled = await post('/api/my-subscription/cancel', u.access_token);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(await watches(u.access_token)).toBe(false);
    expect(await t.app.billing.renewDue(new Date(Date.now() + 2 * DAY))).toEqual({ paid: 0, failed: 0 });
  });

  it('no card page without a paid subscription (409), and a trial has none', async () => {
    const u = await register(t.app);
    expect((await post('/api/my-subscription/card-session', u.access_token)).statusCode).toBe(409);
    expect((await put('/api/my-subscription/card', u.access_token, GOOD)).statusCode).toBe(409);
    await post('/api/free-trial', u.access_token);
    expect((await put('/api/my-subscription/card', u.access_token, GOOD)).statusCode).toBe(409);
    expect(await sub(u.access_token)).toMatchObject({ status: 'trialing', renewal: 'off', card: null });
  });

  it('the 7-day reminder of an automatic renewal says when and how much, and links to the account', async () => {
    const u = await register(t.app);
    await buy(u.access_token, 'monthly');
    const end = new Date(Date.now() + 30 * DAY);
    await endAt(u.user.id, end);
    await t.app.billing.remindDue(new Date(end.getTime() - 6 * DAY));
    const [mail] = mailsTo(u.email, /ต่ออายุอัตโนมัติ/);
    expect(mail!.text).toContain('http://rianroo.test/account');
    expect(mail!.text).toMatch(/\d[\d,]*(\.\d\d)? บาท/);
  });
});
