import { vatIncluded } from '@rianroo/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDb, type Db } from '../src/db/client.js';
import { coupons, users } from '../src/db/schema.js';
import { uuidv7 } from '../src/lib/ids.js';
import type { MailMessage } from '../src/mail/message.js';
import * as repo from '../src/modules/billing/billing.repo.js';
import { BillingService, type BillingDeps } from '../src/modules/billing/billing.service.js';
import { bangkokDay, periodEnd } from '../src/modules/billing/periods.js';
import type { PaymentEvent } from '../src/modules/billing/providers/provider.js';
import { SandboxProvider } from '../src/modules/billing/providers/sandbox.js';
import { createTestDatabase } from './test-database.js';

/*
 * The billing rules where a silent mistake costs money, on the service itself over a database without the app
 * (the file starts in a second): what a payment buys and from when, each event applied once, a late payment,
 * a failed checkout, the receipt. The plans are the migrations' own: monthly 299 baht, annual 2,990 baht.
 */
const DAY = 86_400_000;
const SELLER = { name: 'Rianroo Co., Ltd.', taxId: '0105566000000', address: 'Bangkok' };
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let billing: BillingService;
let sandbox: SandboxProvider;
const mails: MailMessage[] = [];
const logged: { level: string; msg: string }[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.url, 10);
  sandbox = new SandboxProvider('0812345678');
  const log = (level: string) => (_: unknown, msg: string) => void logged.push({ level, msg });
  const app = {
    db,
    config: { publicUrl: 'https://rianroo.test', payments: { seller: SELLER } },
    log: { warn: log('warn'), error: log('error'), info: log('info'), debug: log('debug') },
    mail: { send: async (m: MailMessage) => void mails.push(m) },
  };
  billing = new BillingService(app as unknown as BillingDeps, sandbox);
});
afterAll(async () => {
  await db.$client.end();
  await database.drop();
});

async function learner(locale: 'th' | 'en' = 'th') {
  const id = uuidv7();
  const email = `rules-${id}@example.com`;
  await db.insert(users).values({ id, email, firstName: 'สมชาย', lastName: 'ใจดี', locale });
  return { id, email };
}
async function coupon(c: Partial<typeof coupons.$inferInsert> & { code: string }) {
  const id = uuidv7();
  await db
    .insert(coupons)
    .values({ id, ...c, ...(c.amountOffSatang ? {} : { percentOff: c.percentOff ?? 20 }) });
  return id;
}
const order = async (id: string) => (await repo.orderById(db.$client, id))!;
const current = async (userId: string) => (await repo.currentSubscription(db.$client, userId))!;
const paidEvent = (o: { id: string; total_satang: number }, patch: Partial<PaymentEvent> = {}) => ({
  ...sandbox.paidEvent({ id: o.id, totalSatang: o.total_satang }, 'card'),
  ...patch,
});
/** Opens an order and pays it with the sandbox's event; answers the order, paid. */
async function buy(userId: string, plan: string, cpc?: string) {
  const { order: o } = await billing.createOrder(userId, plan, cpc);
  if (o.status !== 'paid') expect(await billing.applyEvent(paidEvent(await order(o.id)))).toBe(true);
  return order(o.id);
}
const setEnd = (userId: string, end: Date, anchorDay?: number) =>
  db.$client.query(
    `update subscriptions set current_period_end = $2, anchor_day = coalesce($3, anchor_day)
     where user_id = $1 and status <> 'expired'`,
    [userId, end, anchorDay ?? null],
  );
const redeemed = async (couponId: string) =>
  (
    await db.$client.query<{ n: number; held: number }>(
      `select redeemed_count as n, (select count(*)::int from coupon_redemptions where coupon_id = $1) as held
       from coupons where id = $1`,
      [couponId],
    )
  ).rows[0];
const caught = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => e as Record<string, unknown>,
  );

describe('what a payment buys, and from when', () => {
  it('a first payment starts now: the month ends on the Bangkok day it began, and the order records the period', async () => {
    const u = await learner();
    const paid = await buy(u.id, 'monthly');
    const s = await current(u.id);
    expect(s).toMatchObject({ status: 'active', auto_renew: true, provider: 'sandbox', trial: false });
    expect(s.plan.code).toBe('monthly');
    expect(s.current_period_start).toEqual(paid.period_start);
    expect(s.current_period_end).toEqual(periodEnd(paid.period_start!, 'month', 1));
    expect(s.anchor_day).toBe(bangkokDay(paid.period_start!));
    expect(paid.period_end).toEqual(s.current_period_end);
    expect(paid).toMatchObject({ status: 'paid', method: 'card' });
    expect(paid.paid_at).not.toBeNull();
  });

  it('a renewal extends from the current end on the subscription’s anchor day, as quoted', async () => {
    const u = await learner();
    await buy(u.id, 'monthly');
    const end = new Date(Date.now() + 10 * DAY);
    // An anchor day other than the end's own: the next end falls on the anchor, not a month after the end.
    const anchor = bangkokDay(end) === 1 ? 2 : 1;
    await setEnd(u.id, end, anchor);
    const expected = periodEnd(end, 'month', 1, anchor);
    const quote = await billing.quote(u.id, 'monthly');
    expect([quote.periodStart, quote.periodEnd]).toEqual([end.toISOString(), expected.toISOString()]);
    const paid = await buy(u.id, 'monthly');
    expect([paid.period_start, paid.period_end]).toEqual([end, expected]);
    const s = await current(u.id);
    expect(s.current_period_end).toEqual(expected);
    expect(s.anchor_day).toBe(anchor);
    // Still the one subscription.
    const { rows } = await db.$client.query(
      `select count(*)::int as n from subscriptions where user_id = $1`,
      [u.id],
    );
    expect(rows[0].n).toBe(1);
  });

  it('a year from the current end of a month makes the learner an annual subscriber; a month during a year keeps the year', async () => {
    const u = await learner();
    await buy(u.id, 'monthly');
    const monthEnd = (await current(u.id)).current_period_end;
    await buy(u.id, 'annual');
    let s = await current(u.id);
    expect(s.plan.code).toBe('annual');
    expect(s.current_period_end).toEqual(periodEnd(monthEnd, 'year', 1, s.anchor_day!));
    const yearEnd = s.current_period_end;
    await buy(u.id, 'monthly');
    s = await current(u.id);
    expect(s.plan.code).toBe('annual');
    expect(s.current_period_end).toEqual(periodEnd(yearEnd, 'month', 1, s.anchor_day!));
  });

  it('a canceled subscription paid again renews: active, renewal back on', async () => {
    const u = await learner();
    await buy(u.id, 'monthly');
    await billing.setRenewal(u.id, false);
    expect((await current(u.id)).status).toBe('canceled');
    await buy(u.id, 'monthly');
    const s = await current(u.id);
    expect(s).toMatchObject({ status: 'active', auto_renew: true });
  });

  it('a payment after the subscription ended starts a new period now, not from the old end', async () => {
    const u = await learner();
    await buy(u.id, 'monthly');
    const old = await current(u.id);
    const ended = new Date(Date.now() - 5 * DAY);
    await setEnd(u.id, ended);
    const paid = await buy(u.id, 'monthly');
    expect(paid.period_start!.getTime()).toBeGreaterThan(ended.getTime() + 4 * DAY);
    const s = await current(u.id);
    expect(s.id).not.toBe(old.id);
    expect(s.current_period_start).toEqual(paid.period_start);
    expect(s.current_period_end).toEqual(periodEnd(paid.period_start!, 'month', 1));
    const { rows } = await db.$client.query(
      `select status, current_period_end from subscriptions where id = $1`,
      [old.id],
    );
    expect(rows[0]).toEqual({ status: 'expired', current_period_end: ended });
  });

  it('a trial still running is followed by the paid month, on the same subscription row', async () => {
    const u = await learner();
    await billing.startTrial(u.id);
    const trial = await current(u.id);
    const paid = await buy(u.id, 'monthly');
    expect(paid.period_start).toEqual(trial.current_period_end);
    const s = await current(u.id);
    expect(s.id).toBe(trial.id);
    expect(s).toMatchObject({ status: 'active', provider: 'sandbox' });
    expect(s.plan.code).toBe('monthly');
  });
  it('a subscription the expiry job records expired while a payment waits for it is not revived: the payment starts a new one', async () => {
    const u = await learner();
    await buy(u.id, 'monthly');
    const old = await current(u.id);
    const { order: o } = await billing.createOrder(u.id, 'monthly');
    const row = await order(o.id);
    // The expiry job's transaction, caught as it records the subscription expired (its period ending now).
    const job = await db.$client.connect();
    try {
      await job.query('begin');
      await job.query(
        `update subscriptions set status = 'expired', expired_at = now(), current_period_end = now() where id = $1`,
        [old.id],
      );
      const applied = billing.applyEvent(paidEvent(row));
      // The payment reaches the subscription's row and waits for the job's transaction.
      await expect
        .poll(
          async () =>
            // From another connection: inside a transaction, pg_stat_activity is read once.
            (
              await db.$client.query(
                `select count(*)::int as n from pg_stat_activity
                 where datname = current_database() and wait_event_type = 'Lock'`,
              )
            ).rows[0].n,
          { timeout: 30_000 },
        )
        .toBe(1);
      await job.query('commit');
      expect(await applied).toBe(true);
    } finally {
      job.release();
    }
    const { rows } = await db.$client.query<{ id: string; status: string }>(
      `select id, status from subscriptions where user_id = $1 order by created_at`,
      [u.id],
    );
    expect(rows.map((r) => r.status)).toEqual(['expired', 'active']);
    const s = await current(u.id);
    expect(s.id).not.toBe(old.id);
    expect(s.current_period_end).toEqual(periodEnd(s.current_period_start, 'month', 1));
  });
});

describe('each payment event applied once', () => {
  it('the same event twice, or another provider’s event, or one for no order of ours: nothing more', async () => {
    const u = await learner();
    const { order: o } = await billing.createOrder(u.id, 'monthly');
    const row = await order(o.id);
    expect(await billing.applyEvent(paidEvent(row, { provider: 'stripe' }))).toBe(false);
    expect((await order(o.id)).status).toBe('pending');
    expect(logged).toContainEqual({
      level: 'warn',
      msg: 'a payment event for an order this provider does not have',
    });
    expect(await billing.applyEvent(paidEvent(row, { orderId: 'not-an-order' }))).toBe(false);
    expect(logged).toContainEqual({ level: 'warn', msg: 'a payment event without an order of ours' });
    expect(await billing.applyEvent(paidEvent(row, { orderId: uuidv7() }))).toBe(false);
    // Only a UUID is looked up (anything else would be refused by PostgreSQL's uuid type: an error, not "not ours").
    for (const orderId of [
      `x${o.id}`,
      `${o.id}0`,
      o.id.slice(0, -1),
      `${o.id.slice(0, 9)}g${o.id.slice(10)}`,
      `${o.id.slice(0, 8)}x${o.id.slice(9)}`,
    ])
      expect(await billing.applyEvent(paidEvent(row, { orderId })), orderId).toBe(false);
    expect((await order(o.id)).status).toBe('pending');
    const event = paidEvent(row);
    expect(await billing.applyEvent(event)).toBe(true);
    const end = (await current(u.id)).current_period_end;
    expect(await billing.applyEvent(event)).toBe(false);
    // Another event paying the same order again (a second tab): nothing is bought twice.
    expect(await billing.applyEvent(paidEvent(row))).toBe(false);
    expect((await current(u.id)).current_period_end).toEqual(end);
    const receipts = await billing.receipts(u.id);
    expect(receipts).toHaveLength(1);
  });

  it('eight events paying one order at once: one applies, one period, one receipt, one mail', async () => {
    const u = await learner();
    const { order: o } = await billing.createOrder(u.id, 'monthly');
    const row = await order(o.id);
    const applied = await Promise.all(Array.from({ length: 8 }, () => billing.applyEvent(paidEvent(row))));
    expect(applied.filter(Boolean)).toHaveLength(1);
    const s = await current(u.id);
    expect(s.current_period_end).toEqual(periodEnd(s.current_period_start, 'month', 1));
    expect(await billing.receipts(u.id)).toHaveLength(1);
    expect(mails.filter((m) => m.to === u.email)).toHaveLength(1);
  });

  it('a payment of another amount is not applied; one that names no amount is', async () => {
    const u = await learner();
    const { order: o } = await billing.createOrder(u.id, 'monthly');
    const row = await order(o.id);
    expect(await billing.applyEvent(paidEvent(row, { amountSatang: row.total_satang - 1 }))).toBe(false);
    expect((await order(o.id)).status).toBe('pending');
    expect(logged).toContainEqual({ level: 'error', msg: 'a payment of the wrong amount; not applied' });
    expect(await billing.applyEvent(paidEvent(row, { amountSatang: null }))).toBe(true);
    expect((await order(o.id)).status).toBe('paid');
  });

  it('a failed payment or an expired page closes the pending order and gives its promo code back; never a paid one', async () => {
    const cid = await coupon({ code: `BACK-${uuidv7().slice(-6)}`, percentOff: 20, maxRedemptions: 10 });
    const code = (await db.$client.query(`select code from coupons where id = $1`, [cid])).rows[0].code;
    const u = await learner();
    const { order: a } = await billing.createOrder(u.id, 'monthly', code);
    expect(await redeemed(cid)).toEqual({ n: 1, held: 1 });
    const failed = { ...paidEvent(await order(a.id)), type: 'failed' as const, amountSatang: null };
    expect(await billing.applyEvent(failed)).toBe(true);
    expect((await order(a.id)).status).toBe('failed');
    expect(await redeemed(cid)).toEqual({ n: 0, held: 0 });
    // Expired after failed: stays failed, nothing given back twice.
    expect(await billing.applyEvent({ ...failed, eventId: 'e2', type: 'expired' })).toBe(false);
    expect((await order(a.id)).status).toBe('failed');
    expect(await redeemed(cid)).toEqual({ n: 0, held: 0 });

    const { order: b } = await billing.createOrder(u.id, 'monthly', code);
    const expired = { ...paidEvent(await order(b.id)), type: 'expired' as const, amountSatang: null };
    expect(await billing.applyEvent(expired)).toBe(true);
    expect((await order(b.id)).status).toBe('expired');
    expect(await redeemed(cid)).toEqual({ n: 0, held: 0 });

    const paid = await buy(u.id, 'monthly', code);
    expect(await billing.applyEvent({ ...failed, eventId: 'e3', orderId: paid.id })).toBe(false);
    expect((await order(paid.id)).status).toBe('paid');
    expect(await redeemed(cid)).toEqual({ n: 1, held: 1 });
  });

  it('a late payment of a closed order counts, and takes its promo code again while there is room', async () => {
    const cid = await coupon({
      code: `LATE-${uuidv7().slice(-6)}`,
      percentOff: 50,
      maxRedemptions: 1,
      oncePerLearner: true,
    });
    const code = (await db.$client.query(`select code from coupons where id = $1`, [cid])).rows[0].code;
    const u = await learner();
    const { order: a } = await billing.createOrder(u.id, 'monthly', code);
    const row = await order(a.id);
    expect(row).toMatchObject({ discount_satang: 14_950, total_satang: 14_950 });
    await billing.expireDue(row.expires_at);
    expect(await redeemed(cid)).toEqual({ n: 0, held: 0 });
    expect(await billing.applyEvent(paidEvent(row))).toBe(true);
    expect((await order(a.id)).status).toBe('paid');
    expect(await redeemed(cid)).toEqual({ n: 1, held: 1 });
    const { rows } = await db.$client.query(
      `select once_per_learner, user_id from coupon_redemptions where order_id = $1`,
      [a.id],
    );
    expect(rows).toEqual([{ once_per_learner: false, user_id: u.id }]);

    // No room left: the payment still counts (the money came), the count stays within the cap.
    const v = await learner();
    const other = await coupon({ code: `FULL-${uuidv7().slice(-6)}`, percentOff: 10, maxRedemptions: 1 });
    const otherCode = (await db.$client.query(`select code from coupons where id = $1`, [other])).rows[0]
      .code;
    const { order: b } = await billing.createOrder(v.id, 'monthly', otherCode);
    const late = await order(b.id);
    await billing.expireDue(late.expires_at);
    const w = await learner();
    await buy(w.id, 'monthly', otherCode);
    expect(await billing.applyEvent(paidEvent(late))).toBe(true);
    expect((await order(b.id)).status).toBe('paid');
    expect(await redeemed(other)).toEqual({ n: 1, held: 1 });
    expect(logged).toContainEqual({
      level: 'warn',
      msg: 'a late payment used a promo code that has no redemptions left',
    });
  });
});

describe('opening an order', () => {
  it('prices it, opens the provider’s page for it, and closes the learner’s older unpaid orders with their pages', async () => {
    const cid = await coupon({ code: `OPEN-${uuidv7().slice(-6)}`, amountOffSatang: 5_000 });
    const code = (await db.$client.query(`select code from coupons where id = $1`, [cid])).rows[0].code;
    const u = await learner();
    const open = vi.spyOn(sandbox, 'openCheckout');
    const close = vi.spyOn(sandbox, 'closeCheckout');
    try {
      const first = await billing.createOrder(u.id, 'annual', code);
      expect(first.redirectUrl).toBe(`/checkout/pay/${first.order.id}`);
      expect(first.order).toMatchObject({
        status: 'pending',
        provider: 'sandbox',
        subtotalSatang: 299_000,
        discountSatang: 5_000,
        totalSatang: 294_000,
        vatSatang: vatIncluded(294_000),
        couponCode: code,
        paidAt: null,
      });
      expect(
        new Date(first.order.expiresAt).getTime() - new Date(first.order.createdAt).getTime(),
      ).toBeGreaterThan(59 * 60_000);
      expect(open).toHaveBeenLastCalledWith({
        orderId: first.order.id,
        orderNumber: first.order.number,
        totalSatang: 294_000,
        description: 'Rianroo รายปี (Annual)',
        customerEmail: u.email,
        successUrl: `https://rianroo.test/checkout/complete/${first.order.id}`,
        cancelUrl: `https://rianroo.test/checkout/failed/${first.order.id}`,
        expiresAt: new Date(first.order.expiresAt),
        // Paid once (the default): nothing recurring at the provider.
        recurring: null,
      });
      expect((await order(first.order.id)).provider_ref).toBe(`sbx_${first.order.id}`);
      expect(close).not.toHaveBeenCalled();
      // Renewing automatically: the plan's period and full price recur at the provider.
      const second = await billing.createOrder(u.id, 'monthly', undefined, true);
      expect(open).toHaveBeenLastCalledWith(
        expect.objectContaining({ recurring: { interval: 'month', count: 1, priceSatang: 29_900 } }),
      );
      expect((await order(second.order.id)).auto_renew).toBe(true);
      expect((await order(first.order.id)).status).toBe('expired');
      expect(close).toHaveBeenCalledWith(`sbx_${first.order.id}`);
      expect(close).toHaveBeenCalledTimes(1);
      expect(await redeemed(cid)).toEqual({ n: 0, held: 0 });
      expect(second.order.status).toBe('pending');
    } finally {
      open.mockRestore();
      close.mockRestore();
    }
  });

  it('an order opened exactly when its time is up is closed by the expiry job, not a millisecond before', async () => {
    const u = await learner();
    const { order: o } = await billing.createOrder(u.id, 'monthly');
    const row = await order(o.id);
    expect(row.expires_at.getTime() - row.created_at.getTime()).toBeGreaterThanOrEqual(60 * 60_000 - 1000);
    await billing.expireDue(new Date(row.expires_at.getTime() - 1));
    expect((await order(o.id)).status).toBe('pending');
    const swept = await billing.expireDue(row.expires_at);
    expect((await order(o.id)).status).toBe('expired');
    expect(swept.orders).toBeGreaterThanOrEqual(1);
  });

  it('the expiry job records ended subscriptions and says how many', async () => {
    const u = await learner();
    await buy(u.id, 'monthly');
    const end = (await current(u.id)).current_period_end;
    expect(await billing.expireDue(new Date(end.getTime() - 1), u.id)).toMatchObject({ subscriptions: 0 });
    expect(await billing.expireDue(end, u.id)).toMatchObject({ subscriptions: 1 });
    expect(await repo.currentSubscription(db.$client, u.id)).toBeUndefined();
  });

  it('a checkout the provider cannot open: 503, the order failed, its promo code given back', async () => {
    const cid = await coupon({ code: `DOWN-${uuidv7().slice(-6)}`, percentOff: 10, maxRedemptions: 3 });
    const code = (await db.$client.query(`select code from coupons where id = $1`, [cid])).rows[0].code;
    const u = await learner();
    const open = vi.spyOn(sandbox, 'openCheckout').mockRejectedValueOnce(new Error('provider down'));
    try {
      const err = await caught(billing.createOrder(u.id, 'monthly', code));
      expect(err).toMatchObject({ code: 'SERVICE_UNAVAILABLE', statusCode: 503 });
    } finally {
      open.mockRestore();
    }
    const { rows } = await db.$client.query(`select status from orders where user_id = $1`, [u.id]);
    expect(rows).toEqual([{ status: 'failed' }]);
    expect(await redeemed(cid)).toEqual({ n: 0, held: 0 });
    expect(await repo.currentSubscription(db.$client, u.id)).toBeUndefined();
  });

  it('a 100% promo code: paid at once without a provider, with its receipt', async () => {
    const cid = await coupon({ code: `GIFT-${uuidv7().slice(-6)}`, percentOff: 100 });
    const code = (await db.$client.query(`select code from coupons where id = $1`, [cid])).rows[0].code;
    const u = await learner();
    const open = vi.spyOn(sandbox, 'openCheckout');
    try {
      const { order: o, redirectUrl } = await billing.createOrder(u.id, 'monthly', code);
      expect(open).not.toHaveBeenCalled();
      expect(redirectUrl).toBe(`/checkout/complete/${o.id}`);
      expect(o).toMatchObject({ status: 'paid', provider: 'free', totalSatang: 0, method: null });
      expect(o.receiptNumber).toMatch(/^RC-\d{4}-\d{6,}$/);
      expect((await current(u.id)).provider).toBe('free');
      expect(mails.filter((m) => m.to === u.email)).toHaveLength(1);
    } finally {
      open.mockRestore();
    }
  });

  it('a promo code that cannot be used is refused with its reason; once per learner means once', async () => {
    const u = await learner();
    const refused = async (cpc: string, plan = 'monthly') =>
      (await caught(billing.createOrder(u.id, plan, cpc))) as {
        code: string;
        statusCode: number;
        extra: unknown;
      };
    expect(await refused('NO-SUCH-CODE')).toMatchObject({
      code: 'COUPON_INVALID',
      statusCode: 409,
      message: 'This promo code cannot be used (NOT_FOUND)',
      extra: { couponProblem: 'NOT_FOUND' },
    });
    const once = await coupon({ code: `ONCE-${uuidv7().slice(-6)}`, percentOff: 50, oncePerLearner: true });
    const onceCode = (await db.$client.query(`select code from coupons where id = $1`, [once])).rows[0].code;
    await buy(u.id, 'monthly', onceCode);
    expect((await billing.quote(u.id, 'monthly', onceCode)).couponProblem).toBe('ALREADY_USED');
    expect(await refused(onceCode)).toMatchObject({
      code: 'COUPON_INVALID',
      extra: { couponProblem: 'ALREADY_USED' },
    });
    // A code that is not once per learner is used again by the same learner.
    const many = await coupon({
      code: `MANY-${uuidv7().slice(-6)}`,
      percentOff: 10,
      oncePerLearner: false,
    });
    const manyCode = (await db.$client.query(`select code from coupons where id = $1`, [many])).rows[0].code;
    await buy(u.id, 'monthly', manyCode);
    const again = await billing.quote(u.id, 'monthly', manyCode);
    expect(again).toMatchObject({
      couponProblem: null,
      discountSatang: 2_990,
      totalSatang: 26_910,
      coupon: { code: manyCode, percentOff: 10, amountOffSatang: null },
    });
    const unknown = await billing.quote(u.id, 'monthly', 'NO-SUCH-CODE');
    expect(unknown).toMatchObject({
      couponProblem: 'NOT_FOUND',
      coupon: null,
      discountSatang: 0,
      totalSatang: 29_900,
    });
    expect(await billing.quote(u.id, 'monthly')).toMatchObject({
      couponProblem: null,
      coupon: null,
      totalSatang: 29_900,
    });
  });
  it('a code with one redemption left, five learners ordering at once: one order gets it, four are told it is used up', async () => {
    const cid = await coupon({ code: `LAST-${uuidv7().slice(-6)}`, percentOff: 10, maxRedemptions: 1 });
    const code = (await db.$client.query(`select code from coupons where id = $1`, [cid])).rows[0].code;
    const learners = await Promise.all([1, 2, 3, 4, 5].map(() => learner()));
    const outcomes = await Promise.all(
      learners.map((u) =>
        billing.createOrder(u.id, 'monthly', code).then(
          (r) => `${r.order.status} ${r.order.discountSatang}`,
          (e: { code: string; extra?: { couponProblem?: string } }) => `${e.code} ${e.extra?.couponProblem}`,
        ),
      ),
    );
    expect(outcomes.sort()).toEqual([
      'COUPON_INVALID USED_UP',
      'COUPON_INVALID USED_UP',
      'COUPON_INVALID USED_UP',
      'COUPON_INVALID USED_UP',
      'pending 2990',
    ]);
    expect(await redeemed(cid)).toEqual({ n: 1, held: 1 });
  });

  it('each free order is paid and buys its period (two learners, and one learner twice)', async () => {
    const cid = await coupon({ code: `FREE-${uuidv7().slice(-6)}`, percentOff: 100, oncePerLearner: false });
    const code = (await db.$client.query(`select code from coupons where id = $1`, [cid])).rows[0].code;
    const [u, v] = [await learner(), await learner()];
    const orders = [
      await billing.createOrder(u.id, 'monthly', code),
      await billing.createOrder(v.id, 'monthly', code),
      await billing.createOrder(u.id, 'monthly', code),
    ];
    expect(orders.map((o) => o.order.status)).toEqual(['paid', 'paid', 'paid']);
    const s = await current(u.id);
    expect(s.current_period_end).toEqual(
      periodEnd(periodEnd(s.current_period_start, 'month', 1), 'month', 1, s.anchor_day!),
    );
  });

  it('a payment page the provider will not close does not stop the new order; it is logged', async () => {
    const u = await learner();
    const first = await billing.createOrder(u.id, 'monthly');
    const close = vi.spyOn(sandbox, 'closeCheckout').mockRejectedValueOnce(new Error('already paid there'));
    try {
      const second = await billing.createOrder(u.id, 'monthly');
      expect(second.order.status).toBe('pending');
      expect(close).toHaveBeenCalledWith(`sbx_${first.order.id}`);
    } finally {
      close.mockRestore();
    }
    expect((await order(first.order.id)).status).toBe('expired');
    expect(logged).toContainEqual({ level: 'warn', msg: 'a closed order’s payment page stays open' });
  });

  it('an order is shown to its learner only; an expired one cannot be paid on the sandbox page', async () => {
    const u = await learner();
    const other = await learner();
    const { order: o } = await billing.createOrder(u.id, 'monthly');
    expect(await billing.order(u.id, o.id)).toMatchObject({
      id: o.id,
      status: 'pending',
      totalSatang: 29_900,
    });
    expect(await caught(billing.order(other.id, o.id))).toMatchObject({ code: 'NOT_FOUND', statusCode: 404 });
    expect(await caught(billing.order(u.id, uuidv7()))).toMatchObject({ code: 'NOT_FOUND', statusCode: 404 });
    await billing.expireDue((await order(o.id)).expires_at);
    expect(await caught(billing.sandboxPay(u.id, o.id, null))).toMatchObject({
      code: 'ORDER_NOT_PAYABLE',
      statusCode: 409,
      message: 'This order can no longer be paid',
    });
  });

  it('a quote at the very instant the period ends starts a new period then, on that day, not on the old anchor', async () => {
    const u = await learner();
    await buy(u.id, 'monthly');
    const end = new Date(Date.now() + 10 * DAY);
    const anchor = bangkokDay(end) === 1 ? 2 : 1;
    await setEnd(u.id, end, anchor);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(end);
      const quote = await billing.quote(u.id, 'monthly');
      expect([quote.periodStart, quote.periodEnd]).toEqual([
        end.toISOString(),
        periodEnd(end, 'month', 1, bangkokDay(end)).toISOString(),
      ]);
      vi.setSystemTime(end.getTime() - 1);
      expect((await billing.quote(u.id, 'monthly')).periodEnd).toBe(
        periodEnd(end, 'month', 1, anchor).toISOString(),
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('a quote after the period ended (not yet recorded) starts now, on today’s Bangkok day, not on the old anchor', async () => {
    const u = await learner();
    await buy(u.id, 'monthly');
    const ended = new Date(Date.now() - 3 * DAY);
    const now = new Date();
    await setEnd(u.id, ended, bangkokDay(now) === 1 ? 2 : 1);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(now);
      const quote = await billing.quote(u.id, 'monthly');
      expect([quote.periodStart, quote.periodEnd]).toEqual([
        now.toISOString(),
        periodEnd(now, 'month', 1).toISOString(),
      ]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('promo-code redemptions, one statement each', () => {
  it('a redemption is taken only while the code is on, in its window and below its cap', async () => {
    const now = new Date();
    const ms = (d: number) => new Date(now.getTime() + d);
    const take = async (c: Partial<typeof coupons.$inferInsert>) =>
      repo.takeRedemption(db.$client, await coupon({ code: `TAKE-${uuidv7().slice(-8)}`, ...c }), now);
    expect(await take({})).toBe(true);
    expect(await take({ validFrom: now, validTo: ms(1) })).toBe(true);
    expect(await take({ validFrom: ms(1) })).toBe(false);
    expect(await take({ validTo: now })).toBe(false);
    expect(await take({ active: false })).toBe(false);
    const capped = await coupon({ code: `CAP-${uuidv7().slice(-8)}`, maxRedemptions: 2 });
    expect(await repo.takeRedemption(db.$client, capped, now)).toBe(true);
    expect(await repo.takeRedemption(db.$client, capped, now)).toBe(true);
    expect(await repo.takeRedemption(db.$client, capped, now)).toBe(false);
    expect((await redeemed(capped))!.n).toBe(2);
  });

  it('a late payment retakes one whatever the window, but never past the cap', async () => {
    const ended = await coupon({
      code: `ENDED-${uuidv7().slice(-8)}`,
      validTo: new Date(Date.now() - DAY),
      active: false,
      maxRedemptions: 1,
    });
    expect(await repo.retakeRedemption(db.$client, ended)).toBe(true);
    expect(await repo.retakeRedemption(db.$client, ended)).toBe(false);
    expect((await redeemed(ended))!.n).toBe(1);
    const open = await coupon({ code: `OPENCAP-${uuidv7().slice(-8)}` });
    expect(await repo.retakeRedemption(db.$client, open)).toBe(true);
    expect(await repo.retakeRedemption(db.$client, open)).toBe(true);
    expect((await redeemed(open))!.n).toBe(2);
  });
});

describe('the receipt', () => {
  it('is mailed in the learner’s language, with the plan’s name in it and the link to it', async () => {
    const th = await learner('th');
    const en = await learner('en');
    const a = await buy(th.id, 'annual');
    const b = await buy(en.id, 'annual');
    const [thMail] = mails.filter((m) => m.to === th.email);
    const [enMail] = mails.filter((m) => m.to === en.email);
    expect(thMail!.subject).toBe(`ใบเสร็จรับเงิน ${a.receipt_number} · คำสั่งซื้อ ${a.number}`);
    expect(thMail!.text).toContain('แพ็กเกจ รายปี ของคุณ');
    expect(thMail!.text).toContain(`https://rianroo.test/account/receipts/${a.receipt_number}`);
    expect(enMail!.subject).toBe(`Receipt ${b.receipt_number} · order ${b.number}`);
    expect(enMail!.text).toContain('Your Annual plan');
    expect(enMail!.text).toContain(SELLER.taxId);
  });

  it('states the amounts, VAT, the net, the period, the buyer and the seller', async () => {
    const cid = await coupon({ code: `RCPT-${uuidv7().slice(-6)}`, percentOff: 20 });
    const code = (await db.$client.query(`select code from coupons where id = $1`, [cid])).rows[0].code;
    const u = await learner();
    const paid = await buy(u.id, 'annual', code);
    const [r, ...more] = await billing.receipts(u.id);
    expect(more).toEqual([]);
    expect(r).toMatchObject({
      number: paid.receipt_number,
      orderNumber: paid.number,
      method: 'card',
      subtotalSatang: 299_000,
      discountSatang: 59_800,
      totalSatang: 239_200,
      vatSatang: 15_649,
      netSatang: 239_200 - 15_649,
      couponCode: code,
      buyerName: 'สมชาย ใจดี',
      buyerEmail: u.email,
      seller: SELLER,
      periodStart: paid.period_start!.toISOString(),
      periodEnd: paid.period_end!.toISOString(),
    });
    expect(r!.plan).toMatchObject({ code: 'annual', nameEn: 'Annual' });
    expect(await billing.receipts(u.id, r!.number)).toHaveLength(1);
    expect(await billing.receipts(u.id, 'RC-1999-000001')).toEqual([]);
  });
});

describe('what renews a subscription after a payment (automatic renewal, decision 022)', () => {
  const CARD = { ref: 'sbx_card_4242424242424242', brand: 'visa', last4: '4242' };
  const renews = async (userId: string) => {
    const s = await current(userId);
    return {
      card: s.card_ref && { ref: s.card_ref, brand: s.card_brand, last4: s.card_last4 },
      billing: s.billing_ref && { billingRef: s.billing_ref, customerRef: s.customer_ref },
    };
  };
  /** Opens an order (renewing automatically or not) and pays it with `patch` on the sandbox's paid event. */
  async function pay(userId: string, plan: string, autoRenew: boolean, patch: Partial<PaymentEvent> = {}) {
    const { order: o } = await billing.createOrder(userId, plan, undefined, autoRenew);
    expect(await billing.applyEvent(paidEvent(await order(o.id), patch))).toBe(true);
    return order(o.id);
  }

  it('a renewing checkout keeps the card or the provider’s subscription it saved, on a new or a running subscription', async () => {
    const u = await learner();
    await pay(u.id, 'monthly', true, { card: CARD });
    expect(await renews(u.id)).toEqual({ card: CARD, billing: null });
    const v = await learner();
    await pay(v.id, 'monthly', true, { billing: { billingRef: `sub_${v.id}`, customerRef: `cus_${v.id}` } });
    expect(await renews(v.id)).toEqual({
      card: null,
      billing: { billingRef: `sub_${v.id}`, customerRef: `cus_${v.id}` },
    });
    // Paid again, renewing with another card: the new card replaces the old on the running subscription.
    const other = { ref: 'sbx_card_4000000000000341', brand: 'visa', last4: '0341' };
    await pay(u.id, 'monthly', true, { card: other });
    expect(await renews(u.id)).toEqual({ card: other, billing: null });
  });

  it('paid once (or renewing but nothing saved): nothing renews it any more, and a provider’s subscription it replaced is ended there', async () => {
    const end = vi.spyOn(sandbox, 'endBilling');
    try {
      const u = await learner();
      await pay(u.id, 'monthly', true, { billing: { billingRef: `sub_a_${u.id}`, customerRef: 'cus_a' } });
      expect(end).not.toHaveBeenCalled();
      await pay(u.id, 'monthly', false, { card: CARD });
      expect(await renews(u.id)).toEqual({ card: null, billing: null });
      expect(end).toHaveBeenCalledWith(`sub_a_${u.id}`);
      expect(end).toHaveBeenCalledTimes(1);
      // Renewing asked for, but the payment saved nothing (a PromptPay-like event): nothing renews.
      const v = await learner();
      await pay(v.id, 'monthly', true, { card: CARD });
      await pay(v.id, 'monthly', true, { method: 'promptpay', card: null, billing: null });
      expect(await renews(v.id)).toEqual({ card: null, billing: null });
      // Moving to another provider subscription (monthly to annual at Stripe): the old one ended, the new kept.
      const w = await learner();
      await pay(w.id, 'monthly', true, { billing: { billingRef: `sub_m_${w.id}`, customerRef: 'cus_w' } });
      await pay(w.id, 'annual', true, { billing: { billingRef: `sub_y_${w.id}`, customerRef: 'cus_w' } });
      expect(end).toHaveBeenLastCalledWith(`sub_m_${w.id}`);
      expect((await renews(w.id)).billing).toEqual({ billingRef: `sub_y_${w.id}`, customerRef: 'cus_w' });
      // The same provider subscription paying again (its first invoice after the session): nothing ended.
      const calls = end.mock.calls.length;
      await pay(w.id, 'annual', true, { billing: { billingRef: `sub_y_${w.id}`, customerRef: 'cus_w' } });
      expect(end.mock.calls.length).toBe(calls);
    } finally {
      end.mockRestore();
    }
  });

  it('an automatic renewal keeps what renews it; paid in the grace period it starts where the period ended', async () => {
    const u = await learner();
    await pay(u.id, 'monthly', true, { card: { ...CARD, ref: 'sbx_card_4000000000000341', last4: '0341' } });
    const end = new Date(Date.now() + 30 * 60_000);
    await setEnd(u.id, end);
    // The renewal job charges the renewal-declining card: failed, grace from the period's end.
    expect(await billing.renewDue(new Date())).toMatchObject({ failed: 1 });
    const s = await current(u.id);
    expect(s.grace_until).toEqual(new Date(end.getTime() + 7 * DAY));
    expect(s.renewal_failures).toBe(1);
    // The period ends; paid now (a checkout during the grace period): it starts at the old end, not now.
    const ended = new Date(Date.now() - 60_000);
    await setEnd(u.id, ended);
    const paid = await pay(u.id, 'monthly', true, { card: CARD });
    expect(paid.period_start).toEqual(ended);
    const after = await current(u.id);
    expect(after).toMatchObject({
      renewal_failures: 0,
      grace_until: null,
      next_renewal_at: null,
      card_last4: '4242',
    });
    // The next automatic renewal, charged by the job, keeps the card.
    await setEnd(u.id, new Date(Date.now() + 30 * 60_000));
    expect(await billing.renewDue(new Date())).toEqual({ paid: 1, failed: 0 });
    expect((await renews(u.id)).card).toEqual(CARD);
  });
});
