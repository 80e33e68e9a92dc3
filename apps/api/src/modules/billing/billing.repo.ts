import type { Db, TxClient } from '../../db/client.js';
import type { RowOf } from '../../db/rows.js';
import type { coupons, orders, plans, receipts, subscriptions } from '../../db/schema.js';
import { readCoupon, type StoredCoupon } from './coupons.repo.js';

/** SQL of plans, subscriptions, coupons, orders, payment events and receipts (PRODUCT.md section 7). */
type Q = Pick<TxClient, 'query'> | Db['$client'];

export interface PlanRow {
  id: string;
  code: string;
  name: string;
  name_en: string;
  interval: 'month' | 'year' | 'trial';
  interval_count: number;
  length_days: number;
  price_satang: number;
  currency: string;
  active: boolean;
}

/** A subscription's row with its plan (SUBSCRIPTION). */
export type SubscriptionRow = Omit<RowOf<typeof subscriptions>, 'plan_id'> & {
  plan_id: string;
  plan: PlanRow;
};

export interface OrderRow {
  id: string;
  number: string;
  user_id: string;
  plan_id: string;
  coupon_id: string | null;
  coupon_code: string | null;
  subtotal_satang: number;
  discount_satang: number;
  total_satang: number;
  vat_satang: number;
  status: 'pending' | 'paid' | 'failed' | 'expired';
  provider: string;
  provider_ref: string | null;
  method: 'card' | 'promptpay' | null;
  payment_ref: string | null;
  auto_renew: boolean;
  kind: 'checkout' | 'renewal';
  period_start: Date | null;
  period_end: Date | null;
  created_at: Date;
  expires_at: Date;
  paid_at: Date | null;
  receipt_number: string | null;
  plan: PlanRow;
}

type PlanColumns = RowOf<typeof plans>;
/** A plan as `to_jsonb(p)` gives it: JSON, parsed by node-postgres, so the bigint a number, the timestamp a string. */
type PlanJson = Omit<PlanColumns, 'price_satang' | 'created_at'> & {
  price_satang: number;
  created_at: string;
};

const num = (v: unknown) => Number(v);
const toPlan = (p: PlanColumns | PlanJson): PlanRow => ({
  ...p,
  price_satang: num(p.price_satang),
});

export async function activePlans(db: Q): Promise<PlanRow[]> {
  const { rows } = await db.query<PlanColumns>(
    `select * from plans where active order by sort, price_satang`,
  );
  return rows.map(toPlan);
}

export async function planByCode(db: Q, code: string): Promise<PlanRow | undefined> {
  const { rows } = await db.query<PlanColumns>(`select * from plans where code = $1`, [code]);
  return rows[0] ? toPlan(rows[0]) : undefined;
}

/** A plan by id; `share` holds it (an edit or a delete of the plan waits) until the transaction ends. */
export async function planById(db: Q, id: string, share = false): Promise<PlanRow | undefined> {
  const { rows } = await db.query<PlanColumns>(
    `select * from plans where id = $1${share ? ' for share' : ''}`,
    [id],
  );
  return rows[0] ? toPlan(rows[0]) : undefined;
}

const SUBSCRIPTION = `select s.*, to_jsonb(p) as plan from subscriptions s join plans p on p.id = s.plan_id`;
type SubscriptionColumns = RowOf<typeof subscriptions> & { plan: PlanJson };
const toSubscription = (r: SubscriptionColumns): SubscriptionRow => ({
  ...r,
  plan: toPlan(r.plan),
});

/** The learner's current subscription (trialing, active or canceled), also when its period has just ended. */
export async function currentSubscription(db: Q, userId: string, lock = false) {
  const { rows } = await db.query<SubscriptionColumns>(
    `${SUBSCRIPTION} where s.user_id = $1 and s.status in ('trialing', 'active', 'canceled')${lock ? ' for update of s' : ''}`,
    [userId],
  );
  return rows[0] ? toSubscription(rows[0]) : undefined;
}

/** Ended subscriptions, newest first: expired ones, and a current one whose period is over (not yet recorded). */
export async function endedSubscriptions(db: Q, userId: string) {
  const { rows } = await db.query<SubscriptionColumns>(
    `${SUBSCRIPTION} where s.user_id = $1 and (s.status = 'expired' or s.access_until <= now())
     order by s.current_period_end desc limit 50`,
    [userId],
  );
  return rows.map(toSubscription);
}

/** The learner's trial (one ever), if they had one. */
export async function trialOf(db: Q, userId: string) {
  const { rows } = await db.query<SubscriptionColumns>(`${SUBSCRIPTION} where s.user_id = $1 and s.trial`, [
    userId,
  ]);
  return rows[0] ? toSubscription(rows[0]) : undefined;
}

/**
 * Holds this learner's billing lock until the transaction ends. Whatever decides from the learner's current
 * subscription whether to insert one takes it first (a trial's start, a payment, an administrator's grant), so
 * they take turns and none meets the one-current key of another.
 */
export async function lockLearner(db: Q, userId: string) {
  await db.query(`select pg_advisory_xact_lock(hashtextextended('billing:' || $1, 0))`, [userId]);
}

/** Records as expired what the clock already ended, for one learner (before a new subscription row) or for all. */
export async function expireEnded(db: Q, at: Date, userId?: string) {
  const { rows } = await db.query<{
    id: string;
    user_id: string;
    renewal_failures: number;
    billing_ref: string | null;
  }>(
    `update subscriptions set status = 'expired', expired_at = $1, auto_renew = false, next_renewal_at = null,
       updated_at = now()
     where status in ('trialing', 'active', 'canceled') and access_until <= $1
       ${userId ? 'and user_id = $2' : ''}
     returning id, user_id, renewal_failures, billing_ref`,
    userId ? [at, userId] : [at],
  );
  return rows;
}

/**
 * Ended subscriptions that still name a subscription at the provider (ended by the grace period, an
 * administrator, a refund or a payment that replaced it): the expiry job ends each there, then forgets it.
 */
export async function endedWithBilling(db: Q, userId?: string) {
  const { rows } = await db.query<{ id: string; billing_ref: string }>(
    `select id, billing_ref from subscriptions where billing_ref is not null and status = 'expired'
       ${userId ? 'and user_id = $1' : ''} order by id limit 100`,
    userId ? [userId] : [],
  );
  return rows;
}

/** The provider's subscription is ended: nothing of it is charged or applied any more. */
export async function forgetBilling(db: Q, id: string, billingRef: string) {
  await db.query(
    `update subscriptions set billing_ref = null, updated_at = now() where id = $1 and billing_ref = $2`,
    [id, billingRef],
  );
}

/**
 * Starts the learner's one free trial: nothing when they had one (the partial unique key on trial holds under two
 * simultaneous starts) or hold a current subscription (the one-current key). Answers the new row's id.
 */
export async function insertTrial(db: Q, userId: string, plan: PlanRow, id: string) {
  const { rows } = await db.query<{ id: string }>(
    `insert into subscriptions (id, user_id, plan_id, status, current_period_start, current_period_end,
       auto_renew, provider, trial)
     select $1, $2, $3, 'trialing', now(), now() + make_interval(days => $4), false, 'trial', true
     where not exists (select 1 from subscriptions where user_id = $2 and (trial or status in ('trialing', 'active', 'canceled')))
     on conflict do nothing returning id`,
    [id, userId, plan.id, plan.length_days],
  );
  return rows[0]?.id;
}

/**
 * Renewal on or off. Turned off after a failed renewal, the grace period and the retries end with it: the period is
 * over, and nothing will pay for the days after it.
 */
export async function setRenewal(db: Q, id: string, on: boolean) {
  await db.query(
    `update subscriptions set status = $2, auto_renew = $3, canceled_at = $4,
       grace_until = case when $3 then grace_until end, next_renewal_at = case when $3 then next_renewal_at end,
       updated_at = now()
     where id = $1`,
    [id, on ? 'active' : 'canceled', on, on ? null : new Date()],
  );
}

/**
 * A payment moved the subscription's end: the plan, the end and the provider are the payment's, renewal is on, a
 * failed renewal's retries and grace are over. `card` and `billing`: what renews it from now on (undefined: as it
 * was, a renewal; null: nothing, a payment that does not renew).
 */
export async function extendSubscription(
  db: Q,
  s: {
    id: string;
    planId: string;
    end: Date;
    anchorDay: number;
    provider: string;
    providerRef: string | null;
    card?: { ref: string; brand: string; last4: string } | null;
    billing?: { billingRef: string; customerRef: string | null } | null;
  },
) {
  const keepCard = s.card === undefined;
  const keepBilling = s.billing === undefined;
  await db.query(
    `update subscriptions set plan_id = $2, status = 'active', current_period_end = $3, anchor_day = $4,
       auto_renew = true, canceled_at = null, provider = $5, provider_ref = $6, renewal_failures = 0,
       next_renewal_at = null, grace_until = null,
       card_ref = case when $7 then card_ref else $8 end,
       card_brand = case when $7 then card_brand else $9 end,
       card_last4 = case when $7 then card_last4 else $10 end,
       billing_ref = case when $11 then billing_ref else $12 end,
       customer_ref = case when $11 then customer_ref else $13 end,
       updated_at = now()
     where id = $1`,
    [
      s.id,
      s.planId,
      s.end,
      s.anchorDay,
      s.provider,
      s.providerRef,
      keepCard,
      s.card?.ref ?? null,
      s.card?.brand ?? null,
      s.card?.last4 ?? null,
      keepBilling,
      s.billing?.billingRef ?? null,
      s.billing?.customerRef ?? null,
    ],
  );
}

export async function insertSubscription(
  db: Q,
  s: {
    id: string;
    userId: string;
    planId: string;
    start: Date;
    end: Date;
    anchorDay: number;
    provider: string;
    providerRef: string | null;
    /** Default true (a paid order); an administrator's grant does not renew. */
    autoRenew?: boolean;
    /** What renews it automatically: a saved card (sandbox) or the provider's subscription (Stripe). */
    card?: { ref: string; brand: string; last4: string } | null;
    billing?: { billingRef: string; customerRef: string | null } | null;
  },
) {
  await db.query(
    `insert into subscriptions (id, user_id, plan_id, status, current_period_start, current_period_end, anchor_day,
       auto_renew, provider, provider_ref, card_ref, card_brand, card_last4, billing_ref, customer_ref)
     values ($1, $2, $3, 'active', $4, $5, $6, $9, $7, $8, $10, $11, $12, $13, $14)`,
    [
      s.id,
      s.userId,
      s.planId,
      s.start,
      s.end,
      s.anchorDay,
      s.provider,
      s.providerRef,
      s.autoRenew ?? true,
      s.card?.ref ?? null,
      s.card?.brand ?? null,
      s.card?.last4 ?? null,
      s.billing?.billingRef ?? null,
      s.billing?.customerRef ?? null,
    ],
  );
}

/** Saves the card automatic renewal charges; renewal is on again (the learner asked for it by saving a card). */
export async function saveCard(db: Q, id: string, card: { ref: string; brand: string; last4: string }) {
  await db.query(
    `update subscriptions set card_ref = $2, card_brand = $3, card_last4 = $4, auto_renew = true,
       status = 'active', canceled_at = null, updated_at = now()
     where id = $1`,
    [id, card.ref, card.brand, card.last4],
  );
}

/**
 * Sandbox subscriptions whose automatic renewal is due at `at`: active, renewing, a saved card, access not yet ended,
 * and either the period ending before `firstBy` (the first attempt, made ahead of the end so that access runs on) or
 * the next retry's time come. Stripe's renew at Stripe (billing_ref).
 */
export async function dueRenewals(db: Q, at: Date, firstBy: Date) {
  const { rows } = await db.query<{ id: string; user_id: string }>(
    `select id, user_id from subscriptions
     where status = 'active' and auto_renew and card_ref is not null and billing_ref is null and access_until > $1
       and ((renewal_failures = 0 and current_period_end <= $2) or next_renewal_at <= $1)
     order by current_period_end limit 500`,
    [at, firstBy],
  );
  return rows;
}

/**
 * A renewal failed: counted, access kept until `graceUntil` (set by the first failure of the period, never moved
 * later), and the next attempt at `nextAt` (null: none left).
 */
export async function renewalFailed(db: Q, id: string, graceUntil: Date, nextAt: Date | null) {
  await db.query(
    `update subscriptions set renewal_failures = renewal_failures + 1,
       grace_until = coalesce(grace_until, $2), next_renewal_at = $3, updated_at = now()
     where id = $1`,
    [id, graceUntil, nextAt],
  );
}

/** The subscription a provider's subscription renews (Stripe Billing), locked when asked. */
export async function subscriptionByBillingRef(db: Q, billingRef: string, lock = false) {
  const { rows } = await db.query<SubscriptionColumns>(
    `${SUBSCRIPTION} where s.billing_ref = $1${lock ? ' for update of s' : ''}`,
    [billingRef],
  );
  return rows[0] ? toSubscription(rows[0]) : undefined;
}

/**
 * The provider's subscription changed (Stripe), applied when newer than the last change applied: renewal on or
 * off at the period's end, or ended there (nothing renews it any more; access stays until the period's end).
 */
export async function syncBilling(
  db: Q,
  id: string,
  change: { created: Date; renew: boolean; ended: boolean },
) {
  const { rows } = await db.query(
    `update subscriptions set
       auto_renew = $3 and not $4,
       status = case when status in ('active', 'canceled') then
                  case when $3 and not $4 then 'active' else 'canceled' end else status end,
       canceled_at = case when $3 and not $4 then null else coalesce(canceled_at, now()) end,
       billing_ref = case when $4 then null else billing_ref end,
       next_renewal_at = case when $4 then null else next_renewal_at end,
       billing_synced_at = $2, updated_at = now()
     where id = $1 and (billing_synced_at is null or billing_synced_at <= $2)
     returning 1`,
    [id, change.created, change.renew, change.ended],
  );
  return rows.length > 0;
}

/**
 * A promo code as a new order of this learner finds it. Opening an order gives back the redemptions of the
 * learner's unpaid orders first (it closes them), so those do not count against the cap here: the quote and
 * the order see the same count.
 */
export async function couponFor(db: Q, code: string, userId: string) {
  const { rows } = await db.query<StoredCoupon>(
    `select c.id, c.code, c.percent_off, c.amount_off_satang, c.plan_codes, c.valid_from, c.valid_to,
       c.max_redemptions, c.once_per_learner, c.active,
       c.redeemed_count - (select count(*) from coupon_redemptions r join orders o on o.id = r.order_id
                           where r.coupon_id = c.id and r.user_id = $2 and o.status = 'pending')::int
         as redeemed_count
     from coupons c where upper(c.code) = upper($1)`,
    [code, userId],
  );
  return rows[0] ? readCoupon(rows[0]) : undefined;
}

/** Whether the learner has used a once-per-learner code on a paid order (an unpaid one of theirs is replaced). */
export async function hasRedeemed(db: Q, couponId: string, userId: string) {
  const { rows } = await db.query(
    `select 1 from coupon_redemptions r join orders o on o.id = r.order_id and o.status = 'paid'
     where r.coupon_id = $1 and r.user_id = $2 and r.once_per_learner`,
    [couponId, userId],
  );
  return rows.length > 0;
}

/**
 * Takes one redemption of a coupon if it is valid now and below its cap: one UPDATE, so simultaneous orders queue
 * on the row and the count can never pass max_redemptions (the table's CHECK holds it too).
 */
export async function takeRedemption(db: Q, couponId: string, at: Date) {
  const { rows } = await db.query(
    `update coupons set redeemed_count = redeemed_count + 1
     where id = $1 and active and (valid_from is null or valid_from <= $2) and (valid_to is null or valid_to > $2)
       and (max_redemptions is null or redeemed_count < max_redemptions)
     returning id`,
    [couponId, at],
  );
  return rows.length > 0;
}

/** A redemption for a payment that came after its order was closed: only the cap is checked (the money came). */
export async function retakeRedemption(db: Q, couponId: string) {
  const { rows } = await db.query(
    `update coupons set redeemed_count = redeemed_count + 1
     where id = $1 and (max_redemptions is null or redeemed_count < max_redemptions) returning id`,
    [couponId],
  );
  return rows.length > 0;
}

/** Gives back the redemption an unpaid order held (expired, failed). */
export async function releaseRedemption(db: Q, orderId: string) {
  await db.query(
    `with r as (delete from coupon_redemptions where order_id = $1 returning coupon_id)
     update coupons c set redeemed_count = redeemed_count - 1 from r where c.id = r.coupon_id`,
    [orderId],
  );
}

export async function insertRedemption(
  db: Q,
  r: { orderId: string; couponId: string; userId: string; oncePerLearner: boolean },
) {
  await db.query(
    `insert into coupon_redemptions (order_id, coupon_id, user_id, once_per_learner) values ($1, $2, $3, $4)`,
    [r.orderId, r.couponId, r.userId, r.oncePerLearner],
  );
}

export async function insertOrder(
  db: Q,
  o: {
    id: string;
    userId: string;
    /** The plan as priced: its terms are kept on the order (plan_terms). */
    plan: PlanRow;
    couponId: string | null;
    subtotalSatang: number;
    discountSatang: number;
    totalSatang: number;
    vatSatang: number;
    provider: string;
    expiresAt: Date;
    /** Paid by card, it renews automatically (default false). */
    autoRenew?: boolean;
    /** `renewal`: an automatic renewal (default `checkout`). */
    kind?: 'checkout' | 'renewal';
    /** The provider's reference known at once (a renewal's invoice at Stripe): one order per reference. */
    providerRef?: string | null;
  },
): Promise<boolean> {
  // The number: RR-, the Bangkok month, and the next of order_number_seq (running_number: 6 digits or more).
  const { rows } = await db.query(
    `insert into orders (id, number, user_id, plan_id, coupon_id, subtotal_satang, discount_satang, total_satang,
       vat_satang, status, provider, expires_at, plan_terms, auto_renew, kind, provider_ref)
     values ($1, 'RR-' || to_char(now() at time zone 'Asia/Bangkok', 'YYYYMM') || '-'
               || running_number(nextval('order_number_seq')),
             $2, $3, $4, $5, $6, $7, $8, 'pending', $9, $10, $11, $12, $13, $14)
     on conflict (provider, provider_ref) do nothing
     returning 1`,
    [
      o.id,
      o.userId,
      o.plan.id,
      o.couponId,
      o.subtotalSatang,
      o.discountSatang,
      o.totalSatang,
      o.vatSatang,
      o.provider,
      o.expiresAt,
      JSON.stringify({
        code: o.plan.code,
        name: o.plan.name,
        name_en: o.plan.name_en,
        interval: o.plan.interval,
        interval_count: o.plan.interval_count,
        price_satang: o.plan.price_satang,
      }),
      o.autoRenew ?? false,
      o.kind ?? 'checkout',
      o.providerRef ?? null,
    ],
  );
  return rows.length > 0;
}

/** The order of a provider's reference (a renewal's invoice), locked when asked. */
export async function orderByProviderRef(db: Q, provider: string, ref: string, lock = false) {
  const { rows } = await db.query<OrderColumns>(
    `${ORDER} where o.provider = $1 and o.provider_ref = $2${lock ? ' for update of o' : ''}`,
    [provider, ref],
  );
  return rows[0] ? toOrder(rows[0]) : undefined;
}

/**
 * An order's plan: the plan's row with the terms the order was opened for over it (plan_terms), so that what an
 * order buys and what its receipt says do not follow later edits of the plan.
 */
const ORDER_PLAN = `to_jsonb(p) || coalesce(o.plan_terms, '{}'::jsonb) as plan`;
const ORDER = `select o.*, ${ORDER_PLAN}, c.code as coupon_code, r.number as receipt_number
  from orders o join plans p on p.id = o.plan_id left join coupons c on c.id = o.coupon_id
  left join receipts r on r.order_id = o.id`;
/**
 * A row of ORDER: the order, its plan (ORDER_PLAN: the plan's JSON with the order's terms over it, of the same
 * shape), its coupon's code and its receipt's number (`left join`s: null without them).
 */
type OrderColumns = RowOf<typeof orders> & {
  plan: PlanJson;
  coupon_code: RowOf<typeof coupons>['code'] | null;
  receipt_number: RowOf<typeof receipts>['number'] | null;
};
const toOrder = (r: OrderColumns): OrderRow => ({
  ...r,
  subtotal_satang: num(r.subtotal_satang),
  discount_satang: num(r.discount_satang),
  total_satang: num(r.total_satang),
  vat_satang: num(r.vat_satang),
  plan: toPlan(r.plan),
});

export async function orderById(db: Q, id: string, lock = false) {
  const { rows } = await db.query<OrderColumns>(`${ORDER} where o.id = $1${lock ? ' for update of o' : ''}`, [
    id,
  ]);
  return rows[0] ? toOrder(rows[0]) : undefined;
}

export async function setProviderRef(db: Q, orderId: string, ref: string) {
  await db.query(`update orders set provider_ref = $2, updated_at = now() where id = $1`, [orderId, ref]);
}

/** Pending orders of a learner (a new order replaces them), locked. */
/** The learner's unpaid orders (locked), with their payment pages at the provider. */
export async function pendingOrdersOf(db: Q, userId: string) {
  const { rows } = await db.query<{ id: string; provider_ref: string | null }>(
    `select id, provider_ref from orders where user_id = $1 and status = 'pending' and kind = 'checkout' for update`,
    [userId],
  );
  return rows;
}

export async function setOrderStatus(db: Q, id: string, status: 'failed' | 'expired') {
  await db.query(`update orders set status = $2, updated_at = now() where id = $1`, [id, status]);
}

export async function markOrderPaid(
  db: Q,
  o: {
    id: string;
    method: string | null;
    paymentRef: string | null;
    periodStart: Date;
    periodEnd: Date;
  },
) {
  await db.query(
    `update orders set status = 'paid', paid_at = now(), method = $2, payment_ref = $3, period_start = $4,
       period_end = $5, updated_at = now()
     where id = $1`,
    [o.id, o.method, o.paymentRef, o.periodStart, o.periodEnd],
  );
}

/** Pending orders whose time is up, locked and skipped by a concurrent sweep. */
export async function duePendingOrders(db: Q, at: Date) {
  const { rows } = await db.query<{ id: string }>(
    `select id from orders where status = 'pending' and expires_at <= $1 for update skip locked limit 500`,
    [at],
  );
  return rows.map((r) => r.id);
}

/** Records a verified provider event; false when it was recorded before (it is applied once). */
export async function recordEvent(
  db: Q,
  e: { provider: string; eventId: string; type: string; orderId: string | null },
) {
  const { rows } = await db.query(
    `insert into payment_events (provider, event_id, type, order_id)
     select $1, $2, $3, (select id from orders where id = $4)
     on conflict do nothing returning 1`,
    [e.provider, e.eventId, e.type, e.orderId],
  );
  return rows.length > 0;
}

export async function insertReceipt(
  db: Q,
  r: {
    id: string;
    orderId: string;
    userId: string;
    seller: { name: string; taxId: string; address: string };
  },
) {
  // The number is the database's (the receipts_number trigger, migration 0022): the next of the Bangkok year,
  // without a gap. An order that has its receipt already gets none.
  const { rows } = await db.query<{ number: string }>(
    `insert into receipts (id, order_id, user_id, buyer_name, buyer_email, seller)
     select $1, $2, u.id, trim(u.first_name || ' ' || u.last_name), u.email, $4
     from users u where u.id = $3
     on conflict (order_id) do nothing
     returning number`,
    [r.id, r.orderId, r.userId, JSON.stringify(r.seller)],
  );
  return rows[0]?.number;
}

export interface ReceiptRow {
  number: string;
  issued_at: Date;
  buyer_name: string;
  buyer_email: string;
  seller: { name: string; taxId: string; address: string };
  order: OrderRow;
}

/** A row of receiptsOf: an order's (its receipt's number, of the inner join, never null) and the receipt's. */
type ReceiptColumns = Omit<OrderColumns, 'receipt_number'> &
  Pick<RowOf<typeof receipts>, 'issued_at' | 'buyer_name' | 'buyer_email' | 'seller'> & {
    receipt_number: RowOf<typeof receipts>['number'];
  };

/** My receipts with their orders, newest first, in one query (or the one numbered `number`). */
export async function receiptsOf(db: Q, userId: string, number?: string): Promise<ReceiptRow[]> {
  const { rows } = await db.query<ReceiptColumns>(
    `select o.*, ${ORDER_PLAN}, c.code as coupon_code, r.number as receipt_number, r.issued_at,
       r.buyer_name, r.buyer_email, r.seller
     from receipts r join orders o on o.id = r.order_id join plans p on p.id = o.plan_id
     left join coupons c on c.id = o.coupon_id
     where r.user_id = $1 ${number ? 'and r.number = $2' : ''} order by r.issued_at desc limit 200`,
    number ? [userId, number] : [userId],
  );
  return rows.map((r) => ({
    number: r.receipt_number,
    issued_at: r.issued_at,
    buyer_name: r.buyer_name,
    buyer_email: r.buyer_email,
    seller: r.seller,
    order: toOrder(r),
  }));
}

/** Subscriptions ending within (from, to] that have not had the reminder of `days` for this period end. */
export async function dueReminders(db: Q, days: number, from: Date, to: Date) {
  const { rows } = await db.query<{
    id: string;
    current_period_end: Date;
    email: string;
    first_name: string;
    locale: 'th' | 'en';
    plan_code: string;
    plan_name: string;
    plan_name_en: string;
    plan_interval: string;
    /** Renews automatically by card (the mail says when and how much), else it ends (the mail offers renewal). */
    automatic: boolean;
    price_satang: string;
  }>(
    `select s.id, s.current_period_end, u.email, u.first_name, u.locale, p.code as plan_code, p.name as plan_name,
       p.name_en as plan_name_en, p.interval as plan_interval, p.price_satang,
       (s.status = 'active' and s.auto_renew and (s.card_ref is not null or s.billing_ref is not null)) as automatic
     from subscriptions s join users u on u.id = s.user_id and u.deleted_at is null join plans p on p.id = s.plan_id
     where s.status in ('trialing', 'active') and s.current_period_end > $2 and s.current_period_end <= $3
       and not exists (select 1 from subscription_reminders r where r.subscription_id = s.id and r.days = $1
                       and r.period_end = s.current_period_end)
     limit 1000`,
    [days, from, to],
  );
  return rows;
}

/** Claims the reminder (once per subscription, lead time and period end); false when another run sent it. */
export async function claimReminder(db: Q, subscriptionId: string, days: number, periodEnd: Date) {
  const { rows } = await db.query(
    `insert into subscription_reminders (subscription_id, days, period_end) values ($1, $2, $3)
     on conflict do nothing returning 1`,
    [subscriptionId, days, periodEnd],
  );
  return rows.length > 0;
}

export async function userIdByEmail(db: Q, email: string) {
  const { rows } = await db.query<{ id: string }>(
    'select id from users where lower(email) = lower($1) and deleted_at is null',
    [email],
  );
  return rows[0]?.id;
}
