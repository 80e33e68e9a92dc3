/**
 * Subscription periods on the Bangkok calendar (UTC+7, no daylight saving). A paid period ends on the same day of
 * the month as it began (its anchor day), or on the last day of a shorter month: 31 January + 1 month = 28 February,
 * and the next month is 31 March again. A trial lasts its days to the second.
 */
const BANGKOK_OFFSET_MS = 7 * 3_600_000;
const DAY_MS = 86_400_000;

export type PeriodInterval = 'month' | 'year' | 'trial';

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/** The Bangkok day of the month of an instant (the anchor of a period starting then). */
export function bangkokDay(at: Date): number {
  return new Date(at.getTime() + BANGKOK_OFFSET_MS).getUTCDate();
}

/**
 * The end of a period of `count` intervals starting at `from`. For months and years the clock time is kept and the
 * day is the anchor day (default: `from`'s own day) clamped to the month's length.
 */
export function periodEnd(
  from: Date,
  interval: PeriodInterval,
  count: number,
  anchorDay = bangkokDay(from),
): Date {
  if (interval === 'trial') return new Date(from.getTime() + count * DAY_MS);
  const local = new Date(from.getTime() + BANGKOK_OFFSET_MS);
  const months = interval === 'year' ? 12 * count : count;
  const total = local.getUTCMonth() + months;
  const year = local.getUTCFullYear() + Math.floor(total / 12);
  const month = ((total % 12) + 12) % 12;
  const day = Math.min(anchorDay, daysInMonth(year, month));
  const end = Date.UTC(
    year,
    month,
    day,
    local.getUTCHours(),
    local.getUTCMinutes(),
    local.getUTCSeconds(),
    local.getUTCMilliseconds(),
  );
  return new Date(end - BANGKOK_OFFSET_MS);
}

/**
 * Where a payment's period starts: at the end of the learner's current entitlement when it is still running (a
 * renewal extends from the current end, never from today), else now. During the grace period of a failed automatic
 * renewal (access kept until `graceUntil`) the period ended already and the grace days were used: it starts at
 * that end, as the renewal would have.
 */
export function renewalStart(now: Date, currentEnd: Date | null, graceUntil: Date | null = null): Date {
  if (!currentEnd) return now;
  const running = currentEnd.getTime() > now.getTime();
  const inGrace = graceUntil !== null && graceUntil.getTime() > now.getTime();
  return running || inGrace ? currentEnd : now;
}
