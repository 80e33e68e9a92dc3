import { describe, expect, it } from 'vitest';
import { bangkokToday, daysIn, presetRange, rangeFromSearch, rangeProblem, rangeToSearch } from './range';

const TODAY = '2026-03-10';

describe('date range', () => {
  it("today is Bangkok's: 17:30 UTC is already the next day there", () => {
    expect(bangkokToday(new Date('2026-03-09T16:59:00Z'))).toBe('2026-03-09');
    expect(bangkokToday(new Date('2026-03-09T17:30:00Z'))).toBe('2026-03-10');
  });

  it('a preset of n days ends today and holds n days, across a month end and a leap day', () => {
    expect(presetRange(7, TODAY)).toEqual({ from: '2026-03-04', to: TODAY, preset: 7 });
    expect(presetRange(30, '2028-03-01')).toEqual({ from: '2028-02-01', to: '2028-03-01', preset: 30 });
    for (const days of [7, 30, 90] as const) expect(daysIn(presetRange(days, TODAY))).toBe(days);
  });

  it('the URL gives a preset, a valid custom span, or else the last 30 days', () => {
    const at = (q: string) => rangeFromSearch(new URLSearchParams(q), TODAY);
    expect(at('days=90')).toEqual(presetRange(90, TODAY));
    expect(at('from=2026-01-01&to=2026-01-31')).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
      preset: null,
    });
    for (const q of ['', 'days=12', 'from=2026-02-01', 'from=2026-02-10&to=2026-02-01', 'from=x&to=y'])
      expect(at(q), q).toEqual(presetRange(30, TODAY));
  });

  it("a custom span is checked by the contract's rule, with a reason for each refusal", () => {
    expect(rangeProblem('2026-01-01', '2026-01-01')).toBeNull();
    expect(rangeProblem('', '2026-01-01')).toBe('range_missing');
    expect(rangeProblem('2026-01-02', '2026-01-01')).toBe('range_from_after_to');
    expect(rangeProblem('2025-01-01', '2026-01-02')).toBe('range_too_long');
    expect(rangeProblem('2025-01-01', '2026-01-01')).toBeNull(); // 366 days
    expect(rangeProblem('2026-02-30', '2026-03-01')).toBe('range_invalid');
  });

  it('a preset is written to the URL as its days (it moves with today), a custom span as its two days', () => {
    expect(rangeToSearch(presetRange(7, TODAY))).toEqual({ days: '7' });
    expect(rangeToSearch({ from: '2026-01-01', to: '2026-01-31', preset: null })).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
    });
  });
});
