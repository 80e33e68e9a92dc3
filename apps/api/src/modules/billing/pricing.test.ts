import { describe, expect, it } from 'vitest';
import { couponProblem, price, type CouponRow } from './pricing.js';

const NOW = new Date('2027-03-01T05:00:00.000Z');
const coupon = (c: Partial<CouponRow> = {}): CouponRow => ({
  id: '01930000-0000-7000-8000-000000000001',
  code: 'BACK20',
  percent_off: 20,
  amount_off_satang: null,
  plan_codes: null,
  valid_from: null,
  valid_to: null,
  max_redemptions: null,
  redeemed_count: 0,
  once_per_learner: false,
  active: true,
  ...c,
});
const ms = (d: Date, delta: number) => new Date(d.getTime() + delta);

describe('the price of a plan', () => {
  it('without a promo code is the plan price, VAT 7% included in it and rounded to the satang', () => {
    expect(price(29_900, null)).toEqual({
      subtotalSatang: 29_900,
      discountSatang: 0,
      totalSatang: 29_900,
      // 29,900 × 7 / 107 = 1,956.07
      vatSatang: 1_956,
    });
    // 299,000 × 7 / 107 = 19,560.75: rounded up.
    expect(price(299_000, null).vatSatang).toBe(19_561);
  });

  it('with a percent off: the discount is that percent of the subtotal, rounded to the satang', () => {
    expect(price(299_000, { percent_off: 20, amount_off_satang: null })).toEqual({
      subtotalSatang: 299_000,
      discountSatang: 59_800,
      totalSatang: 239_200,
      // 239,200 × 7 / 107 = 15,648.6
      vatSatang: 15_649,
    });
    // 33% of 299.50 baht is 98.835 baht: 9,883.5 satang, rounded to 9,884.
    expect(price(29_950, { percent_off: 33, amount_off_satang: null })).toMatchObject({
      discountSatang: 9_884,
      totalSatang: 20_066,
    });
    // 15% of 299 baht: 4,485 satang exactly.
    expect(price(29_900, { percent_off: 15, amount_off_satang: null }).totalSatang).toBe(25_415);
  });

  it('with an amount off: that amount, never more than the subtotal (the total never goes below 0)', () => {
    expect(price(299_000, { percent_off: null, amount_off_satang: 50_000 })).toEqual({
      subtotalSatang: 299_000,
      discountSatang: 50_000,
      totalSatang: 249_000,
      // 249,000 × 7 / 107 = 16,289.7
      vatSatang: 16_290,
    });
    expect(price(29_900, { percent_off: null, amount_off_satang: 50_000 })).toEqual({
      subtotalSatang: 29_900,
      discountSatang: 29_900,
      totalSatang: 0,
      vatSatang: 0,
    });
  });

  it('a 100% code makes it free; a code with neither a percent nor an amount gives nothing off', () => {
    expect(price(29_900, { percent_off: 100, amount_off_satang: null })).toMatchObject({
      discountSatang: 29_900,
      totalSatang: 0,
      vatSatang: 0,
    });
    expect(price(29_900, { percent_off: null, amount_off_satang: null })).toMatchObject({
      discountSatang: 0,
      totalSatang: 29_900,
    });
  });
});

describe('whether a promo code applies', () => {
  it('an unknown or switched-off code is not found', () => {
    expect(couponProblem(undefined, 'monthly', NOW)).toBe('NOT_FOUND');
    expect(couponProblem(coupon({ active: false }), 'monthly', NOW)).toBe('NOT_FOUND');
    // Switched off and expired as well: "not found" first (nothing about a code that is off is told).
    expect(couponProblem(coupon({ active: false, valid_to: ms(NOW, -1) }), 'monthly', NOW)).toBe('NOT_FOUND');
    expect(couponProblem(coupon(), 'monthly', NOW)).toBeNull();
  });

  it('is valid from its first instant and until, not including, its last', () => {
    expect(couponProblem(coupon({ valid_from: ms(NOW, 1) }), 'monthly', NOW)).toBe('NOT_YET_VALID');
    expect(couponProblem(coupon({ valid_from: NOW }), 'monthly', NOW)).toBeNull();
    expect(couponProblem(coupon({ valid_to: NOW }), 'monthly', NOW)).toBe('EXPIRED');
    expect(couponProblem(coupon({ valid_to: ms(NOW, 1) }), 'monthly', NOW)).toBeNull();
    expect(
      couponProblem(coupon({ valid_from: ms(NOW, -1), valid_to: ms(NOW, 1) }), 'annual', NOW),
    ).toBeNull();
  });

  it('names its plans, or is for every plan', () => {
    const annualOnly = coupon({ plan_codes: ['annual'] });
    expect(couponProblem(annualOnly, 'monthly', NOW)).toBe('NOT_FOR_PLAN');
    expect(couponProblem(annualOnly, 'annual', NOW)).toBeNull();
    expect(couponProblem(coupon({ plan_codes: null }), 'monthly', NOW)).toBeNull();
  });

  it('is used up at its cap, also a cap of 0; without a cap never', () => {
    expect(couponProblem(coupon({ max_redemptions: 5, redeemed_count: 5 }), 'monthly', NOW)).toBe('USED_UP');
    expect(couponProblem(coupon({ max_redemptions: 5, redeemed_count: 4 }), 'monthly', NOW)).toBeNull();
    expect(couponProblem(coupon({ max_redemptions: 0, redeemed_count: 0 }), 'monthly', NOW)).toBe('USED_UP');
    expect(
      couponProblem(coupon({ max_redemptions: null, redeemed_count: 10_000 }), 'monthly', NOW),
    ).toBeNull();
  });

  it('tells the first problem in order: outside its window, another plan, used up', () => {
    // (Not yet valid and expired at once is a window ending before it begins, which the admin refuses.)
    const all = coupon({
      valid_from: ms(NOW, 1),
      valid_to: ms(NOW, 2),
      plan_codes: ['annual'],
      max_redemptions: 1,
      redeemed_count: 1,
    });
    expect(couponProblem(all, 'monthly', NOW)).toBe('NOT_YET_VALID');
    expect(couponProblem({ ...all, valid_from: null, valid_to: NOW }, 'monthly', NOW)).toBe('EXPIRED');
    expect(couponProblem({ ...all, valid_from: null, valid_to: null }, 'monthly', NOW)).toBe('NOT_FOR_PLAN');
    expect(couponProblem({ ...all, valid_from: null, valid_to: null }, 'annual', NOW)).toBe('USED_UP');
  });
});
