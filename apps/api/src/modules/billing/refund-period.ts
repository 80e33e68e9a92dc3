/**
 * Where a subscription's period ends after a refund (decision 009's periods; the admin chooses how):
 * - `end`: at `now`, access ends at once;
 * - `shorten`: the current end comes earlier by the refunded share of the period the order bought (half of a
 *   year's price refunded: half a year less), never before `now` and never later than it was.
 * Milliseconds are rounded to whole seconds, as the periods are kept.
 */
export function periodEndAfterRefund(r: {
  access: 'end' | 'shorten';
  currentEnd: Date;
  /** The period the refunded order bought. */
  bought: { start: Date; end: Date };
  refundedSatang: number;
  paidSatang: number;
  now: Date;
}): Date {
  const now = r.now.getTime();
  const current = r.currentEnd.getTime();
  if (r.access === 'end' || r.paidSatang <= 0) return new Date(Math.min(now, current));
  const share = Math.min(1, Math.max(0, r.refundedSatang / r.paidSatang));
  const length = Math.max(0, r.bought.end.getTime() - r.bought.start.getTime());
  const cut = Math.round((share * length) / 1000) * 1000;
  return new Date(Math.min(current, Math.max(now, current - cut)));
}
