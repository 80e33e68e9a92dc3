import { vatIncluded, type CouponProblem } from '@rianroo/contract';

export interface CouponRow {
  id: string;
  code: string;
  percent_off: number | null;
  amount_off_satang: number | null;
  plan_codes: string[] | null;
  valid_from: Date | null;
  valid_to: Date | null;
  max_redemptions: number | null;
  redeemed_count: number;
  once_per_learner: boolean;
  active: boolean;
}

/** Whether a promo code gives a discount on this plan now, and why not. Whether this learner used it is asked apart. */
export function couponProblem(
  coupon: CouponRow | undefined,
  planCode: string,
  now: Date,
): CouponProblem | null {
  if (!coupon || !coupon.active) return 'NOT_FOUND';
  if (coupon.valid_from && now < coupon.valid_from) return 'NOT_YET_VALID';
  if (coupon.valid_to && now >= coupon.valid_to) return 'EXPIRED';
  if (coupon.plan_codes && !coupon.plan_codes.includes(planCode)) return 'NOT_FOR_PLAN';
  if (coupon.max_redemptions !== null && coupon.redeemed_count >= coupon.max_redemptions) return 'USED_UP';
  return null;
}

/** The price of a plan with a coupon (already found valid, or none): never below 0; VAT is included in the total. */
export function price(
  subtotalSatang: number,
  coupon: Pick<CouponRow, 'percent_off' | 'amount_off_satang'> | null,
) {
  const discount = !coupon
    ? 0
    : coupon.percent_off !== null
      ? Math.round((subtotalSatang * coupon.percent_off) / 100)
      : Math.min(subtotalSatang, coupon.amount_off_satang ?? 0);
  const total = subtotalSatang - discount;
  return { subtotalSatang, discountSatang: discount, totalSatang: total, vatSatang: vatIncluded(total) };
}
