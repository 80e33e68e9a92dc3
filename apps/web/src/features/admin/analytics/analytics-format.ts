import type { AnalyticsOverview, FunnelStep, RetentionCurve } from '@rianroo/contract';
import type { Lang } from '../../../lib/i18n';
import { numberLocale } from '../i18n';

/** Dates in the Thai (Buddhist) calendar in Thai, as the rest of the app writes them. */
const dayLocale = (lang: Lang) => (lang === 'th' ? 'th-TH-u-ca-buddhist' : 'en-GB');

/**
 * A day (YYYY-MM-DD) for people: 'long' in sentences and tables, 'short' under a chart's axis. A day has no
 * time of day: it is read and written in UTC so no time zone moves it to its neighbour.
 */
export function formatDay(day: string, lang: Lang, style: 'long' | 'short' = 'long'): string {
  return new Intl.DateTimeFormat(dayLocale(lang), {
    timeZone: 'UTC',
    day: 'numeric',
    month: style === 'long' ? 'long' : 'short',
    ...(style === 'long' ? { year: 'numeric' } : {}),
  }).format(new Date(`${day}T00:00:00Z`));
}

/** A share (0 to 1) as a percentage, whole unless asked otherwise. */
export const formatShare = (share: number, lang: Lang, digits = 0) =>
  new Intl.NumberFormat(numberLocale(lang), { style: 'percent', maximumFractionDigits: digits }).format(
    share,
  );

/** A chart's x value of a day: its UTC midnight in seconds. */
export const daySeconds = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

export interface SeriesStats {
  total: number;
  max: number;
  /** Where the maximum first is; -1 for an empty series. */
  maxAt: number;
  average: number;
}

export function seriesStats(values: readonly number[]): SeriesStats {
  let total = 0;
  let max = 0;
  let maxAt = -1;
  values.forEach((v, i) => {
    total += v;
    if (maxAt < 0 || v > max) [max, maxAt] = [v, i];
  });
  return { total, max, maxAt, average: values.length ? total / values.length : 0 };
}

/** Whether anything at all happened in the overview's span (else the screen says there is no data yet). */
export const overviewHasData = (o: AnalyticsOverview) =>
  o.revenue.length > 0 ||
  o.days.some((d) => d.signUps || d.activeLearners || d.episodeCompletions || d.certificates);

/** Revenue summed per currency (plans may be priced in several), in satang. */
export function revenueTotals(revenue: AnalyticsOverview['revenue']) {
  const totals = new Map<string, number>();
  for (const r of revenue) totals.set(r.currency, (totals.get(r.currency) ?? 0) + r.satang);
  return [...totals].map(([currency, satang]) => ({ currency, satang }));
}

export interface FunnelRow {
  step: FunnelStep;
  /** Share of the learners who started; null when none did. */
  ofStarted: number | null;
  /** Share of the step before; null for the first step or when the one before had none. */
  ofPrevious: number | null;
}

/** Each step of a funnel with its share of those who started and of the step before. */
export function funnelRows(steps: readonly FunnelStep[]): FunnelRow[] {
  const started = steps.find((s) => s.kind === 'started')?.learners ?? 0;
  return steps.map((step, i) => {
    const before = i > 0 ? steps[i - 1]!.learners : 0;
    return {
      step,
      ofStarted: started > 0 ? step.learners / started : null,
      ofPrevious: i > 0 && before > 0 ? step.learners / before : null,
    };
  });
}

export interface RetentionPoint {
  second: number;
  viewers: number;
  share: number;
}

/** The curve at the start, each quarter and the last second: the figures the summary tells. */
export function retentionMarks(curve: RetentionCurve): RetentionPoint[] {
  const n = curve.counts.length;
  if (n === 0) return [];
  const seconds = [...new Set([0, 0.25, 0.5, 0.75, 1].map((q) => Math.min(n - 1, Math.floor(q * (n - 1)))))];
  return seconds.map((s) => ({ second: s, viewers: curve.counts[s]!, share: curve.share[s]! }));
}

/** Rows of the curve's data table: every `step` seconds (at most about `rows` rows) and the last second. */
export function retentionTable(curve: RetentionCurve, rows = 60): { step: number; points: RetentionPoint[] } {
  const n = curve.counts.length;
  const step = Math.max(1, Math.ceil(n / rows));
  const points: RetentionPoint[] = [];
  for (let s = 0; s < n; s += step)
    points.push({ second: s, viewers: curve.counts[s]!, share: curve.share[s]! });
  if (n > 0 && points.at(-1)!.second !== n - 1)
    points.push({ second: n - 1, viewers: curve.counts[n - 1]!, share: curve.share[n - 1]! });
  return { step, points };
}
