import type { watchedEpisodes } from '@rianroo/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from './api';

export type WatchedEpisodes = z.infer<typeof watchedEpisodes>;

export const WATCHED_DEFAULTS: WatchedEpisodes = {
  watchedEpisode: [],
  watchedEpisodeIncludeTeaser: [],
  courseFinishPercentage: 0,
};

/**
 * `GET /users/watched-episode?course=`. Spec sections 5 and 8: without a course, the defaults and no call;
 * a failed lookup gives the defaults too.
 */
export const getWatched = async (courseId: string | undefined): Promise<WatchedEpisodes> => {
  if (!courseId) return WATCHED_DEFAULTS;
  return api('GET /api/users/watched-episode', { query: { course: courseId }, auth: true }).catch(
    () => WATCHED_DEFAULTS,
  );
};

export const watchedKey = (courseId: string | undefined) => ['watched', courseId] as const;

export const watchedQuery = (courseId: string | undefined) =>
  queryOptions({ queryKey: watchedKey(courseId), queryFn: () => getWatched(courseId), enabled: !!courseId });

export const useWatched = (courseId: string | undefined) => useQuery(watchedQuery(courseId));

/** The episodes a course needs watched (every non-teaser one) that this learner has not watched yet. */
export function episodesLeft<E extends { id: string; isTeaser: boolean }>(
  episodes: E[],
  watched: WatchedEpisodes | undefined,
): E[] {
  const seen = new Set(watched?.watchedEpisodeIncludeTeaser ?? []);
  return episodes.filter((e) => !e.isTeaser && !seen.has(e.id));
}
