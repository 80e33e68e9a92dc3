import { MAX_PLAYED_RANGES } from '@rianroo/contract/limits';
import { ApiError } from '../../../lib/api-error';
import { isLoggedIn } from '../../../lib/session';
import { KEYS, read, remove, write } from '../../../lib/storage';
import { postFirstWatched } from '../api/save-first-watched';
import { postProgress, type ProgressPayload } from '../api/save-progress';

export type { ProgressPayload };

const RANGES_KEY = 'playedRanges';
const RANGES_KEPT = 30;
/** The player's keys (the spec's, and our played ranges): they hold the progress of one learner, their owner. */
const PROGRESS_KEYS = [
  KEYS.courseID,
  KEYS.episodeID,
  KEYS.lastSecond,
  KEYS.episodeCompletionPercentage,
  RANGES_KEY,
];

type SetAside = Record<string, ProgressPayload>;
function setAside(): SetAside {
  try {
    const all: unknown = JSON.parse(read(KEYS.progressSetAside) ?? '{}');
    return all && typeof all === 'object' && !Array.isArray(all) ? (all as SetAside) : {};
  } catch {
    return {};
  }
}
function keepSetAside(all: SetAside): void {
  if (Object.keys(all).length) write(KEYS.progressSetAside, JSON.stringify(all));
  else remove(KEYS.progressSetAside);
}

/**
 * Hands the player's keys to the learner signed in now (`uid`). A previous owner's unsent progress is set
 * aside under their user id, to be sent when they sign in again and never for anyone else; progress of no
 * known owner (kept before owners were recorded) is dropped, as nobody can tell whose it is.
 */
function claimProgressKeys(uid: string | null): void {
  const owner = read(KEYS.progressOwner);
  if (owner === uid) return;
  const pending = keptProgress();
  if (owner && pending) keepSetAside({ ...setAside(), [owner]: pending });
  remove(...PROGRESS_KEYS);
  if (uid) write(KEYS.progressOwner, uid);
  else remove(KEYS.progressOwner);
}

/** Whether the player's keys hold the progress of the learner signed in now. */
const keysAreMine = () => {
  const uid = read(KEYS.uid);
  return !!uid && read(KEYS.progressOwner) === uid;
};

/** Keeps the player's position under the spec's local-storage keys, so that it survives going offline. */
export function storeProgress(p: ProgressPayload): void {
  claimProgressKeys(read(KEYS.uid));
  write(KEYS.courseID, p.course_id);
  write(KEYS.episodeID, p.episode_id);
  write(KEYS.lastSecond, String(p.last_second));
  write(KEYS.episodeCompletionPercentage, String(p.episodeCompletionPercentage));
}

/** What the keys hold, whoever it belongs to: only when course id, episode id and last second are all there. */
function keptProgress(): ProgressPayload | undefined {
  const course_id = read(KEYS.courseID);
  const episode_id = read(KEYS.episodeID);
  const last = read(KEYS.lastSecond);
  if (!course_id || !episode_id || last === null || last === '') return undefined;
  const last_second = Number(last);
  if (!Number.isFinite(last_second) || last_second < 0) return undefined;
  const pct = Number(read(KEYS.episodeCompletionPercentage) ?? 0);
  return { course_id, episode_id, last_second, episodeCompletionPercentage: Number.isFinite(pct) ? pct : 0 };
}

/** Progress of the learner signed in now, stored but not sent yet (another learner's is never theirs). */
export function storedProgress(): ProgressPayload | undefined {
  return keysAreMine() ? keptProgress() : undefined;
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
  const stillOurs = () =>
    read(KEYS.episodeID) === p.episode_id && read(KEYS.lastSecond) === String(p.last_second);
  const outcome = await post(p as ProgressPayload, opts.keepalive);
  if (outcome !== 'failed' && stillOurs()) remove(KEYS.lastSecond);
  return outcome === 'saved';
}

/** Sends one save: `refused` when it can never succeed (the episode is gone or locked now). */
async function post(p: ProgressPayload, keepalive?: boolean): Promise<'saved' | 'refused' | 'failed'> {
  // Tenths of a second are enough (the server keeps whole seconds). Always sent, empty when nothing new was
  // played: a save without ranges is read by the server as an older client's, credited with the stretch from its
  // previous position, which a seek must never earn (issue 30).
  const ranges = (p.playedRanges ?? [])
    .map(([a, b]): [number, number] => [Math.round(a * 10) / 10, Math.round(b * 10) / 10])
    .filter(([a, b]) => b > a)
    .slice(0, MAX_PLAYED_RANGES);
  const body: ProgressPayload = {
    course_id: p.course_id,
    episode_id: p.episode_id,
    last_second: Math.max(0, Math.floor(p.last_second)),
    episodeCompletionPercentage: Math.max(0, Math.round(p.episodeCompletionPercentage ?? 0)),
    playedRanges: ranges,
  };
  try {
    await postProgress(body, keepalive);
    return 'saved';
  } catch (err) {
    return err instanceof ApiError && [400, 403, 404].includes(err.status) ? 'refused' : 'failed';
  }
}

let flushing: Promise<boolean> | undefined;

/**
 * Sends progress left over from an earlier visit (saved while offline, or the tab closed mid-save), and
 * progress set aside for this learner when someone else used this browser after them; another learner's
 * progress is set aside for them, never sent. Answers whether something was sent and nothing failed.
 */
export function flushStoredProgress(): Promise<boolean> {
  // The app shell and the player both flush when a page opens: one request serves both.
  flushing ??= (async () => {
    const uid = read(KEYS.uid);
    if (!uid || !isLoggedIn()) return false;
    claimProgressKeys(uid);
    const sent: boolean[] = [];
    const p = storedProgress();
    // Compared against what is stored, so the value sent must be the stored text.
    if (p) sent.push(await saveLastSecond({ ...p, last_second: Number(read(KEYS.lastSecond)) }));
    const mine = setAside()[uid];
    if (mine) sent.push(await sendSetAside(uid, mine));
    return sent.length > 0 && sent.every(Boolean);
  })().finally(() => (flushing = undefined));
  return flushing;
}

/** One learner's set-aside progress: gone once saved, or refused for good; kept when the network fails. */
async function sendSetAside(uid: string, p: ProgressPayload): Promise<boolean> {
  const outcome = await post(p);
  const { [uid]: now, ...others } = setAside();
  // Unless it was replaced meanwhile (another tab set newer progress aside).
  if (outcome !== 'failed' && JSON.stringify(now) === JSON.stringify(p)) keepSetAside(others);
  return outcome === 'saved';
}

/** Spec section 5: the first watch needs course id, episode id and a refresh token. */
export async function saveFirstWatched(courseId: string, episodeId: string): Promise<void> {
  if (!courseId || !episodeId || !read(KEYS.refreshToken)) return;
  await postFirstWatched(courseId, episodeId).catch(() => undefined);
}

/** The played ranges of an episode on this device, so that completion adds up across visits (this learner's). */
export function loadRanges(episodeId: string): [number, number][] {
  if (!keysAreMine()) return [];
  try {
    const all = JSON.parse(read(RANGES_KEY) ?? '{}') as Record<string, [number, number][]>;
    const r = all[episodeId];
    return Array.isArray(r) ? r.filter((x) => Array.isArray(x) && x.length === 2) : [];
  } catch {
    return [];
  }
}

export function saveRanges(episodeId: string, ranges: [number, number][]): void {
  claimProgressKeys(read(KEYS.uid));
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
