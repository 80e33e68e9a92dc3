import { describe, expect, it } from 'vitest';
import { periodEndAfterRefund } from './refund-period.js';

const DAY = 86_400_000;
const at = (iso: string) => new Date(iso);
// A year bought on 1 January 2027 (Bangkok), refunded on 1 March.
const year = { start: at('2026-12-31T17:00:00Z'), end: at('2027-12-31T17:00:00Z') };
const base = {
  currentEnd: year.end,
  bought: year,
  paidSatang: 299_000,
  now: at('2027-02-28T17:00:00Z'),
};

describe('periodEndAfterRefund', () => {
  it('ends access now when the refund says so, whatever the amount', () => {
    expect(periodEndAfterRefund({ ...base, access: 'end', refundedSatang: 100 })).toEqual(base.now);
  });

  it('shortens by the refunded share of the period the order bought', () => {
    const half = periodEndAfterRefund({ ...base, access: 'shorten', refundedSatang: 149_500 });
    expect(year.end.getTime() - half.getTime()).toBe(Math.round((365 * DAY) / 2 / 1000) * 1000);
    const tenth = periodEndAfterRefund({ ...base, access: 'shorten', refundedSatang: 29_900 });
    expect(year.end.getTime() - tenth.getTime()).toBe(36.5 * DAY);
  });

  it('takes the share off the current end, which a later renewal may have moved past the order’s own period', () => {
    const renewed = new Date(year.end.getTime() + 31 * DAY);
    const end = periodEndAfterRefund({
      ...base,
      now: at('2027-01-10T00:00:00Z'),
      currentEnd: renewed,
      access: 'shorten',
      refundedSatang: 299_000,
    });
    expect(end).toEqual(new Date(renewed.getTime() - 365 * DAY));
  });

  it('never ends before now (a full refund late in the period ends access now) nor later than before', () => {
    expect(periodEndAfterRefund({ ...base, access: 'shorten', refundedSatang: 299_000 })).toEqual(base.now);
    expect(periodEndAfterRefund({ ...base, access: 'shorten', refundedSatang: 999_999 })).toEqual(base.now);
    expect(periodEndAfterRefund({ ...base, access: 'shorten', refundedSatang: 0 })).toEqual(year.end);
    // Already over: stays where it was.
    const over = at('2027-01-15T00:00:00Z');
    expect(periodEndAfterRefund({ ...base, currentEnd: over, access: 'end', refundedSatang: 1 })).toEqual(
      over,
    );
  });
});
