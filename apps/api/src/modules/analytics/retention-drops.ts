import type { RetentionCurve, RetentionDrop } from '@rianroo/contract';
import type { RetentionRow } from './retention.repo.js';

/** Seconds over which a fall is measured. */
const WINDOW = 5;
/** A fall counts as steep from this share of viewers (5 points) and from three times the episode's usual fall. */
const MIN_FALL = 0.05;
const TIMES_USUAL = 3;
const MAX_DROPS = 5;

/**
 * The steep drops of a retention curve: windows of WINDOW seconds over which the share still watching falls
 * by at least MIN_FALL and by TIMES_USUAL times the episode's average fall per window; overlapping windows
 * are one drop (the steepest window of the run); the MAX_DROPS steepest, in time order.
 */
export function steepDrops(share: readonly number[]): RetentionDrop[] {
  const n = share.length;
  if (n <= WINDOW) return [];
  const usual = Math.max(0, share[0]! - share[n - 1]!) / ((n - 1) / WINDOW);
  const threshold = Math.max(MIN_FALL, TIMES_USUAL * usual);
  const drops: (RetentionDrop & { fall: number })[] = [];
  let best: (RetentionDrop & { fall: number }) | undefined;
  for (let s = WINDOW; s < n; s++) {
    const fall = share[s - WINDOW]! - share[s]!;
    if (fall >= threshold) {
      if (!best || fall > best.fall)
        best = { from: s - WINDOW, to: s, shareBefore: share[s - WINDOW]!, shareAfter: share[s]!, fall };
      continue;
    }
    if (best) drops.push(best);
    best = undefined;
  }
  if (best) drops.push(best);
  return drops
    .sort((a, b) => b.fall - a.fall)
    .slice(0, MAX_DROPS)
    .sort((a, b) => a.from - b.from)
    .map(({ from, to, shareBefore, shareAfter }) => ({ from, to, shareBefore, shareAfter }));
}

/** The curve from the aggregate's row: a count and a share (4 decimals) for every second, and the drops. */
export function toRetentionCurve(episodeId: string, row: RetentionRow): RetentionCurve {
  const counts = new Array<number>(Math.max(0, row.duration_seconds)).fill(0);
  row.seconds?.forEach((s, i) => (counts[s] = row.counts![i]!));
  const share = counts.map((c) => (row.viewers > 0 ? Math.round((c / row.viewers) * 10_000) / 10_000 : 0));
  return {
    episodeId,
    courseId: row.course_id,
    title: row.title,
    durationSeconds: row.duration_seconds,
    viewers: row.viewers,
    counts,
    share,
    drops: row.viewers > 0 ? steepDrops(share) : [],
  };
}
