import type { AdminCoupon, AdminCouponQuery, AdminRedemption, AdminRedemptionQuery } from '@rianroo/contract';
import type { Db, TxClient } from '../../db/client.js';
import { likeTerm, pageOfRows } from '../../db/paging.js';
import { USER_NAME } from '../../db/user-name.js';
import type { CouponRow } from './pricing.js';

type Q = Db['$client'] | TxClient;

/**
 * A coupon as stored: the fields of the rule (pricing.ts's CouponRow), with the bigint amount as node-postgres
 * reads it (a string).
 */
export type StoredCoupon = Omit<CouponRow, 'amount_off_satang'> & { amount_off_satang: string | null };
type ConsoleCouponRow = StoredCoupon & {
  created_at: Date;
  /** bigint: node-postgres reads it as a string. */
  version: string;
};

/** The one reading of a coupon row, for the console and for checkout alike: its amount off as a number of satang. */
export const readCoupon = <R extends StoredCoupon>(r: R): Omit<R, 'amount_off_satang'> & CouponRow => ({
  ...r,
  amount_off_satang: r.amount_off_satang === null ? null : Number(r.amount_off_satang),
});

const toCoupon = (row: ConsoleCouponRow): AdminCoupon => {
  const r = readCoupon(row);
  return {
    id: r.id,
    code: r.code,
    percentOff: r.percent_off,
    amountOffSatang: r.amount_off_satang,
    planCodes: r.plan_codes,
    validFrom: r.valid_from?.toISOString() ?? null,
    validTo: r.valid_to?.toISOString() ?? null,
    maxRedemptions: r.max_redemptions,
    redeemedCount: r.redeemed_count,
    oncePerLearner: r.once_per_learner,
    active: r.active,
    createdAt: r.created_at.toISOString(),
    version: String(r.version),
  };
};

/** The fields an administrator sets, as stored and as the audit log records them. */
export type CouponFields = Omit<AdminCoupon, 'id' | 'redeemedCount' | 'createdAt' | 'version'>;
export const couponFields = (c: AdminCoupon): CouponFields => {
  const { id: _i, redeemedCount: _r, createdAt: _t, version: _v, ...f } = c;
  return f;
};

/** `version` is the row's edit counter (schema.ts: redemptions update the row too, so not its xmin). */
const COUPON = `select c.* from coupons c`;
const SORT: Record<AdminCouponQuery['sort'], string> = {
  createdAt: 'x.created_at',
  code: 'upper(x.code)',
  redeemed: 'x.redeemed_count',
};

export function listCoupons(db: Q, q: AdminCouponQuery) {
  return pageOfRows(
    db,
    `${COUPON} where ($1::boolean is null or c.active = $1) and ($2::text is null or c.code ilike '%' || $2 || '%')`,
    [q.active === undefined ? null : q.active === 'true', likeTerm(q.q)],
    [SORT[q.sort], 'x.id'],
    q,
    toCoupon,
  );
}

/** One coupon; `lock` holds it (and so its redemptions count: orders take redemptions by updating it). */
export async function coupon(db: Q, id: string, lock = false) {
  const { rows } = await db.query<ConsoleCouponRow>(`${COUPON} where c.id = $1${lock ? ' for update' : ''}`, [
    id,
  ]);
  return rows[0] && toCoupon(rows[0]);
}

const values = (id: string, f: CouponFields) => [
  id,
  f.percentOff,
  f.amountOffSatang,
  f.planCodes,
  f.validFrom,
  f.validTo,
  f.maxRedemptions,
  f.oncePerLearner,
  f.active,
];

export async function insertCoupon(c: TxClient, id: string, f: CouponFields) {
  await c.query(
    `insert into coupons (id, percent_off, amount_off_satang, plan_codes, valid_from, valid_to, max_redemptions,
       once_per_learner, active, code)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [...values(id, f), f.code],
  );
}

export async function updateCoupon(c: TxClient, id: string, f: CouponFields) {
  await c.query(
    `update coupons set percent_off = $2, amount_off_satang = $3, plan_codes = $4, valid_from = $5,
       valid_to = $6, max_redemptions = $7, once_per_learner = $8, active = $9, version = version + 1
     where id = $1`,
    values(id, f),
  );
}

/**
 * Of these plan codes, those that name no plan. The plans named are held (FOR SHARE) until the transaction ends,
 * so a plan deleted meanwhile is either gone here or deleted after this coupon is saved (and taken out of it).
 */
export async function unknownPlanCodes(db: Q, codes: string[]) {
  const { rows } = await db.query<{ code: string }>(
    `select code from plans where code = any($1::text[]) for share`,
    [codes],
  );
  const known = new Set(rows.map((r) => r.code));
  return codes.filter((code) => !known.has(code));
}

/**
 * Takes a deleted plan's code out of the coupons naming it; one left with no plan is also switched off. Not an
 * administrator's edit of the coupon: its version stays (a form read before still saves; a code it sends back
 * for the deleted plan is one the edit adds, and refused). Answers each coupon before and after.
 */
export async function dropPlanCode(c: TxClient, code: string) {
  const { rows: before } = await c.query<ConsoleCouponRow>(
    `${COUPON} where $1 = any(c.plan_codes) for update`,
    [code],
  );
  if (!before.length) return [];
  const { rows: after } = await c.query<ConsoleCouponRow>(
    `update coupons set plan_codes = array_remove(plan_codes, $2),
       active = active and cardinality(array_remove(plan_codes, $2)) > 0
     where id = any($1::uuid[]) returning *`,
    [before.map((r) => r.id), code],
  );
  return before.map((r) => ({
    before: toCoupon(r),
    after: toCoupon(after.find((a) => a.id === r.id)!),
  }));
}

/** The orders that used the coupon (paid, pending, and released ones are gone), newest first by default. */
export function listRedemptions(db: Q, couponId: string, q: AdminRedemptionQuery) {
  return pageOfRows(
    db,
    `select r.order_id, o.number, o.status, u.id as user_id, u.email, ${USER_NAME} as name,
            o.discount_satang, r.created_at
       from coupon_redemptions r join orders o on o.id = r.order_id join users u on u.id = r.user_id
      where r.coupon_id = $1
        and ($2::text is null or u.email ilike '%' || $2 || '%' or o.number ilike '%' || $2 || '%')`,
    [couponId, likeTerm(q.q)],
    ['x.created_at', 'x.order_id'],
    q,
    (r: {
      order_id: string;
      number: string;
      status: string;
      user_id: string;
      email: string;
      name: string;
      discount_satang: string;
      created_at: Date;
    }): AdminRedemption => ({
      orderId: r.order_id,
      orderNumber: r.number,
      orderStatus: r.status,
      user: { id: r.user_id, email: r.email, name: r.name },
      discountSatang: Number(r.discount_satang),
      createdAt: r.created_at.toISOString(),
    }),
  );
}
