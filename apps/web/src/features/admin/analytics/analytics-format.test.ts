import type { FunnelStep, RetentionCurve } from '@rianroo/contract';
import { describe, expect, it } from 'vitest';
import {
  formatDay,
  formatShare,
  funnelRows,
  overviewHasData,
  retentionMarks,
  retentionTable,
  revenueTotals,
  seriesStats,
} from './analytics-format';

const step = (kind: FunnelStep['kind'], learners: number, title = ''): FunnelStep => ({
  kind,
  id: null,
  title,
  learners,
});

const curve = (counts: number[], viewers: number): RetentionCurve => ({
  episodeId: '00000000-0000-7000-8000-000000000001',
  courseId: '00000000-0000-7000-8000-000000000002',
  title: 'ep',
  durationSeconds: counts.length,
  viewers,
  counts,
  share: counts.map((c) => c / viewers),
  drops: [],
});

describe('analytics formats', () => {
  it('days in the Buddhist calendar in Thai and the Gregorian one in English, never moved by the time zone', () => {
    expect(formatDay('2026-01-01', 'th')).toBe('1 มกราคม 2569');
    expect(formatDay('2026-12-31', 'en')).toBe('31 December 2026');
    expect(formatDay('2026-01-01', 'th', 'short')).toBe('1 ม.ค.');
  });

  it('shares as percentages in either language', () => {
    expect(formatShare(0.5, 'th')).toBe('50%');
    expect(formatShare(0.1234, 'en', 1)).toBe('12.3%');
  });

  it("a funnel step's share is of those who started and of the step before; nothing is divided by zero", () => {
    const rows = funnelRows([
      step('started', 8),
      step('episode', 6, 'one'),
      step('episode', 3, 'two'),
      step('post_test', 0, 'final'),
      step('certificate', 0),
    ]);
    expect(rows.map((r) => r.ofStarted)).toEqual([1, 0.75, 0.375, 0, 0]);
    expect(rows.map((r) => r.ofPrevious)).toEqual([null, 0.75, 0.5, 0, null]);
    expect(funnelRows([step('started', 0), step('episode', 0)]).map((r) => r.ofStarted)).toEqual([
      null,
      null,
    ]);
  });

  it("a series' total, average and first maximum", () => {
    expect(seriesStats([1, 4, 0, 4])).toEqual({ total: 9, max: 4, maxAt: 1, average: 2.25 });
    expect(seriesStats([])).toEqual({ total: 0, max: 0, maxAt: -1, average: 0 });
  });

  it('revenue is summed per currency, in satang', () => {
    const plan = (currency: string, satang: number) => ({
      planId: '00000000-0000-7000-8000-000000000003',
      planName: 'p',
      planNameEn: 'p',
      currency,
      orders: 1,
      satang,
    });
    expect(revenueTotals([plan('THB', 199_000), plan('THB', 1_000), plan('USD', 500)])).toEqual([
      { currency: 'THB', satang: 200_000 },
      { currency: 'USD', satang: 500 },
    ]);
  });

  it('an overview of zeros and no revenue has no data; one sign-up is data', () => {
    const day = { day: '2026-01-01', signUps: 0, activeLearners: 0, episodeCompletions: 0, certificates: 0 };
    const o = { from: day.day, to: day.day, days: [day], weeks: [], revenue: [] };
    expect(overviewHasData(o)).toBe(false);
    expect(overviewHasData({ ...o, days: [{ ...day, signUps: 1 }] })).toBe(true);
  });

  it("the retention summary's marks are the start, each quarter and the last second", () => {
    const c = curve([4, 4, 3, 3, 2, 2, 2, 1, 1], 4);
    expect(retentionMarks(c)).toEqual([
      { second: 0, viewers: 4, share: 1 },
      { second: 2, viewers: 3, share: 0.75 },
      { second: 4, viewers: 2, share: 0.5 },
      { second: 6, viewers: 2, share: 0.5 },
      { second: 8, viewers: 1, share: 0.25 },
    ]);
    expect(retentionMarks(curve([], 0))).toEqual([]);
  });

  it('the retention table takes every n-th second to stay near 60 rows, and always the last second', () => {
    const long = curve(
      Array.from({ length: 1800 }, (_, s) => 1800 - s),
      1800,
    );
    const { step: every, points } = retentionTable(long);
    expect(every).toBe(30);
    expect(points.map((p) => p.second).slice(0, 3)).toEqual([0, 30, 60]);
    expect(points.at(-1)).toEqual({ second: 1799, viewers: 1, share: 1 / 1800 });
    expect(points).toHaveLength(61);
    expect(retentionTable(curve([2, 1], 2)).points.map((p) => p.second)).toEqual([0, 1]);
  });
});
