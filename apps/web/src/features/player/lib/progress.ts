import { MAX_PLAYED_RANGES } from '@rianroo/contract/limits';
import { ApiError } from '../../../lib/api-error';
import { isLoggedIn } from '../../../lib/session';
import { KEYS, read, remove, write } from '../../../lib/storage';
import { postFirstWatched } from '../api/save-first-watched';
import { postProgress, type ProgressPayload } from '../api/save-progress';

export type { ProgressPayload };

/** Keeps the player's position under the spec's local-storage keys, so that it survives going offline. */
export function storeProgress(p: ProgressPayload): void {
  write(KEYS.courseID, p.course_id);
  write(KEYS.episodeID, p.episode_id);
  write(KEYS.lastSecond, String(p.last_second));
  write(KEYS.episodeCompletionPercentage, String(p.episodeCompletionPercentage));
}

/** Progress stored but not sent yet: only when course id, episode id and last second are all there. */
export function storedProgress(): ProgressPayload | undefined {
  const course_id = read(KEYS.courseID);
  const episode_id = read(KEYS.episodeID);
  const last = read(KEYS.lastSecond);
  if (!course_id || !episode_id || last === null || last === '') return undefined;
  const last_second = Number(last);
  if (!Number.isFinite(last_second) || last_second < 0) return undefined;
  const pct = Number(read(KEYS.episodeCompletionPercentage) ?? 0);
  return { course_id, episode_id, last_second, episodeCompletionPercentage: Number.isFinite(pct) ? pct : 0 };
}

/**
 * Saves the last second (spec sections 4 and 5): nothing is sent without course id, episode id and last
 * second; on success the stored last second is cleared, unless the player stored a newer one meanwhile.
 * A refusal that can never succeed (the episode is gone or locked now) clears it too; a network failure or
 * a server error keeps it for the next visit. Answers whether the save succeeded.
 */
export async function saveLastSecond(
  p: Partial<ProgressPayload>,
  opts: { keepalive?: boolean } = {},
): Promise<boolean> {
  if (!p.course_id || !p.episode_id || p.last_second === undefined || !Number.isFinite(p.last_second))
    return false;
  // Tenths of a second are enough (the server keeps whole seconds); none when nothing new was played.
  const ranges = (p.playedRanges ?? [])
    .map(([a, b]): [number, number] => [Math.round(a * 10) / 10, Math.round(b * 10) / 10])
    .filter(([a, b]) => b > a)
    .slice(0, MAX_PLAYED_RANGES);
  const body: ProgressPayload = {
    course_id: p.course_id,
    episode_id: p.episode_id,
    last_second: Math.max(0, Math.floor(p.last_second)),
    episodeCompletionPercentage: Math.max(0, Math.round(p.episodeCompletionPercentage ?? 0)),
    ...(ranges.length ? { playedRanges: ranges } : {}),
  };
  const stillOurs = () =>
    read(KEYS.episodeID) === body.episode_id && read(KEYS.lastSecond) === String(p.last_second);
  try {
    await postProgress(body, opts.keepalive);
    if (stillOurs()) remove(KEYS.lastSecond);
    return true;
  } catch (err) {
    const hopeless = err instanceof ApiError && [400, 403, 404].includes(err.status);
    if (hopeless && stillOurs()) remove(KEYS.lastSecond);
    return false;
  }
}

let flushing: Promise<boolean> | undefined;

/** Sends progress left over from an earlier visit (saved while offline, or the tab closed mid-save). */
export function flushStoredProgress(): Promise<boolean> {
  // The app shell and the player both flush when a page opens: one request serves both.
  flushing ??= (async () => {
    const p = storedProgress();
    if (!p || !isLoggedIn()) return false;
    // Compared against what is stored, so the value sent must be the stored text.
    return saveLastSecond({ ...p, last_second: Number(read(KEYS.lastSecond)) });
  })().finally(() => (flushing = undefined));
  return flushing;
}

/** Spec section 5: the first watch needs course id, episode id and a refresh token. */
export async function saveFirstWatched(courseId: string, episodeId: string): Promise<void> {
  if (!courseId || !episodeId || !read(KEYS.refreshToken)) return;
  await postFirstWatched(courseId, episodeId).catch(() => undefined);
}

const RANGES_KEY = 'playedRanges';
const RANGES_KEPT = 30;

/** The played ranges of an episode on this device, so that completion adds up across visits. */
export function loadRanges(episodeId: string): [number, number][] {
  try {
    const all = JSON.parse(read(RANGES_KEY) ?? '{}') as Record<string, [number, number][]>;
    const r = all[episodeId];
    return Array.isArray(r) ? r.filter((x) => Array.isArray(x) && x.length === 2) : [];
  } catch {
    return [];
  }
}

export function saveRanges(episodeId: string, ranges: [number, number][]): void {
  let all: Record<string, [number, number][]> = {};
  try {
    all = JSON.parse(read(RANGES_KEY) ?? '{}');
  } catch {
    /* start again */
  }
  delete all[episodeId];
  all[episodeId] = ranges.map(([a, b]) => [Math.round(a * 10) / 10, Math.round(b * 10) / 10]);
  const ids = Object.keys(all);
  for (const id of ids.slice(0, Math.max(0, ids.length - RANGES_KEPT))) delete all[id];
  write(RANGES_KEY, JSON.stringify(all));
}
