import { analyticsRange } from '@rianroo/contract';

/** The quick choices of the range picker, in days up to today. */
export const PRESETS = [7, 30, 90] as const;
export type Preset = (typeof PRESETS)[number];
export const DEFAULT_PRESET: Preset = 30;

/** A span of Bangkok days, both ends included, as the analytics API takes it; `preset` when it is one. */
export interface DayRange {
  from: string;
  to: string;
  preset: Preset | null;
}

const DAY_MS = 86_400_000;

/** Today in Bangkok (the API's days are Bangkok days), as YYYY-MM-DD. */
export { bangkokToday } from '../../../lib/bangkok-day';

/** The day `n` days after `day` (before, when negative). */
export const addDays = (day: string, n: number) =>
  new Date(Date.parse(day) + n * DAY_MS).toISOString().slice(0, 10);

/** How many days a range holds, both ends included. */
export const daysIn = (r: { from: string; to: string }) =>
  Math.round((Date.parse(r.to) - Date.parse(r.from)) / DAY_MS) + 1;

/** The last `days` days up to today. */
export const presetRange = (days: Preset, today: string): DayRange => ({
  from: addDays(today, 1 - days),
  to: today,
  preset: days,
});

export type RangeProblem = 'range_missing' | 'range_invalid' | 'range_from_after_to' | 'range_too_long';

/** Why a custom range cannot be asked for (the contract's own rule decides); null when it can. */
export function rangeProblem(from: string, to: string): RangeProblem | null {
  if (!from || !to) return 'range_missing';
  const parsed = analyticsRange.safeParse({ from, to });
  if (parsed.success) return null;
  const message = parsed.error.issues[0]?.message;
  return message === 'range_from_after_to' || message === 'range_too_long' ? message : 'range_invalid';
}

/** The range the URL asks for: `?days=7|30|90`, or `?from=&to=` when valid; else the last 30 days. */
export function rangeFromSearch(search: URLSearchParams, today: string): DayRange {
  const days = Number(search.get('days'));
  if ((PRESETS as readonly number[]).includes(days)) return presetRange(days as Preset, today);
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  if (!rangeProblem(from, to)) return { from, to, preset: null };
  return presetRange(DEFAULT_PRESET, today);
}

/** The URL's search parameters of a range (a preset stays relative to the day it is opened). */
export const rangeToSearch = (r: DayRange): Record<string, string> =>
  r.preset ? { days: String(r.preset) } : { from: r.from, to: r.to };
