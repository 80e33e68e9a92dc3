import { describe, expect, it } from 'vitest';
import { bangkokDay, periodEnd, renewalStart } from './periods.js';

const at = (iso: string) => new Date(iso);
const end = (from: string, interval: 'month' | 'year' | 'trial', count: number, anchor?: number) =>
  periodEnd(at(from), interval, count, anchor).toISOString();

describe('the Bangkok day of an instant', () => {
  it('is the day in UTC+7: from 17:00 UTC it is already the next day', () => {
    expect(bangkokDay(at('2027-01-31T16:59:59.999Z'))).toBe(31);
    expect(bangkokDay(at('2027-01-31T17:00:00.000Z'))).toBe(1);
    expect(bangkokDay(at('2027-03-14T00:00:00.000Z'))).toBe(14);
  });
});

describe('the end of a paid period', () => {
  it('a month ends on the same day of the next month, at the same time to the millisecond', () => {
    expect(end('2027-03-14T03:04:05.678Z', 'month', 1)).toBe('2027-04-14T03:04:05.678Z');
    expect(end('2027-03-14T03:04:05.678Z', 'month', 3)).toBe('2027-06-14T03:04:05.678Z');
  });

  it('a month from the 31st ends on the last day of a shorter month, and the anchor day brings it back', () => {
    expect(end('2027-01-31T03:00:00.000Z', 'month', 1)).toBe('2027-02-28T03:00:00.000Z');
    expect(end('2028-01-31T03:00:00.000Z', 'month', 1)).toBe('2028-02-29T03:00:00.000Z');
    expect(end('2027-03-31T03:00:00.000Z', 'month', 1)).toBe('2027-04-30T03:00:00.000Z');
    // The next month from 28 February, anchored on the 31st: 31 March again.
    expect(end('2027-02-28T03:00:00.000Z', 'month', 1, 31)).toBe('2027-03-31T03:00:00.000Z');
    // Anchored on the 30th, a month from 28 February is 30 March, not 28 March.
    expect(end('2027-02-28T03:00:00.000Z', 'month', 1, 30)).toBe('2027-03-30T03:00:00.000Z');
  });

  it('months carry over the year: December + 1 is January, November + 3 is February of the next year', () => {
    expect(end('2027-12-15T03:00:00.000Z', 'month', 1)).toBe('2028-01-15T03:00:00.000Z');
    expect(end('2027-11-30T03:00:00.000Z', 'month', 3)).toBe('2028-02-29T03:00:00.000Z');
    expect(end('2027-01-10T03:00:00.000Z', 'month', 12)).toBe('2028-01-10T03:00:00.000Z');
    expect(end('2027-01-10T03:00:00.000Z', 'month', 25)).toBe('2029-02-10T03:00:00.000Z');
  });

  it('a year keeps the day; 29 February falls on 28 February and comes back on its anchor', () => {
    expect(end('2027-05-20T03:00:00.000Z', 'year', 1)).toBe('2028-05-20T03:00:00.000Z');
    expect(end('2027-05-20T03:00:00.000Z', 'year', 2)).toBe('2029-05-20T03:00:00.000Z');
    expect(end('2028-02-29T05:00:00.000Z', 'year', 1)).toBe('2029-02-28T05:00:00.000Z');
    expect(end('2031-02-28T05:00:00.000Z', 'year', 1, 29)).toBe('2032-02-29T05:00:00.000Z');
  });

  it('counts the day and month in Bangkok: 31 January 20:00 UTC is 1 February there, so a month ends 1 March', () => {
    // 2027-01-31T20:00Z is 1 February 03:00 in Bangkok: one month later is 1 March 03:00 in Bangkok.
    expect(end('2027-01-31T20:00:00.000Z', 'month', 1)).toBe('2027-02-28T20:00:00.000Z');
    // 2027-12-31T18:00Z is already 1 January 2028 in Bangkok: a year later is 1 January 2029 there.
    expect(end('2027-12-31T18:00:00.000Z', 'year', 1)).toBe('2028-12-31T18:00:00.000Z');
    // 2027-03-31T17:30Z is 1 April 00:30 in Bangkok: a month later is 1 May 00:30 there.
    expect(end('2027-03-31T17:30:00.000Z', 'month', 1)).toBe('2027-04-30T17:30:00.000Z');
  });

  it('a trial lasts its days to the second, whatever the month', () => {
    expect(end('2027-02-25T10:11:12.013Z', 'trial', 7)).toBe('2027-03-04T10:11:12.013Z');
    expect(end('2027-03-01T00:00:00.000Z', 'trial', 1)).toBe('2027-03-02T00:00:00.000Z');
  });
});

describe('where a paid period starts', () => {
  const now = at('2027-03-01T05:00:00.000Z');
  it('at the end of the entitlement still running (a renewal extends from it, never from today)', () => {
    const later = at('2027-03-20T05:00:00.000Z');
    expect(renewalStart(now, later)).toEqual(later);
    expect(renewalStart(now, at('2027-03-01T05:00:00.001Z')).toISOString()).toBe('2027-03-01T05:00:00.001Z');
  });
  it('now, when there is none or it has ended', () => {
    expect(renewalStart(now, null)).toEqual(now);
    expect(renewalStart(now, at('2027-02-01T05:00:00.000Z'))).toEqual(now);
    expect(renewalStart(now, at('2027-03-01T04:59:59.999Z'))).toEqual(now);
  });
  it('at the ended period during a failed renewal’s grace period (the grace days were used), now after it', () => {
    const ended = at('2027-02-27T05:00:00.000Z');
    expect(renewalStart(now, ended, at('2027-03-06T05:00:00.000Z'))).toEqual(ended);
    expect(renewalStart(now, ended, at('2027-03-01T05:00:00.001Z'))).toEqual(ended);
    expect(renewalStart(now, ended, at('2027-03-01T05:00:00.000Z'))).toEqual(now);
    expect(renewalStart(now, ended, null)).toEqual(now);
  });
});
