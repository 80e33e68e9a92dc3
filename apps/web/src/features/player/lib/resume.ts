export interface EpisodeLike {
  id: string;
  locked: boolean;
  durationSeconds: number;
}
export interface ProgressLike {
  episode_id: string;
  last_second: number;
  episodeCompletionPercentage: number;
  watched: boolean;
  updatedAt: string;
}

/** Within this many seconds of the end, a saved position starts the episode again. */
export const NEAR_END_SECONDS = 5;

/**
 * The episode a course opens on: the most recent one started and not finished, else the first one not
 * watched, else the first; locked episodes only when nothing else is left (they show the way to subscribe).
 */
export function episodeToOpen<E extends EpisodeLike>(episodes: E[], progress: ProgressLike[]): E | undefined {
  const open = episodes.filter((e) => !e.locked);
  const byId = new Map(progress.map((p) => [p.episode_id, p]));
  const started = [...progress]
    .filter((p) => !p.watched && p.last_second > 0)
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
    .map((p) => open.find((e) => e.id === p.episode_id))
    .find(Boolean);
  return started ?? open.find((e) => !byId.get(e.id)?.watched) ?? open[0] ?? episodes[0];
}

/** Where playback starts: the saved position, unless the episode was finished or the position is at its end. */
export function resumeAt(
  progress: Pick<ProgressLike, 'last_second' | 'watched'> | undefined,
  duration: number,
): number {
  if (!progress || progress.watched) return 0;
  const at = progress.last_second;
  if (!(at > 0)) return 0;
  if (duration > 0 && at >= duration - NEAR_END_SECONDS) return 0;
  return at;
}

/** The next episode after `currentId` (locked or not: a locked one shows the way to subscribe). */
export function nextEpisode<E extends { id: string }>(episodes: E[], currentId: string): E | undefined {
  const i = episodes.findIndex((e) => e.id === currentId);
  return i >= 0 ? episodes[i + 1] : undefined;
}

/**
 * What an ending episode offers: the next episode after it that the learner may watch (played by itself
 * after a countdown), and whether locked episodes come after it (then the way to subscribe is offered).
 */
export function afterEnd<E extends { id: string; locked: boolean }>(
  episodes: E[],
  currentId: string,
): { next: E | undefined; lockedAfter: boolean } {
  const i = episodes.findIndex((e) => e.id === currentId);
  const rest = i >= 0 ? episodes.slice(i + 1) : [];
  return { next: rest.find((e) => !e.locked), lockedAfter: rest.some((e) => e.locked) };
}
