import type { watchedEpisodes } from '@rianroo/contract';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../../lib/session';

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
  return call<WatchedEpisodes>(`/users/watched-episode?course=${courseId}`, { auth: true }).catch(
    () => WATCHED_DEFAULTS,
  );
};

export const watchedQuery = (courseId: string | undefined) => ({
  queryKey: ['watched', courseId],
  queryFn: () => getWatched(courseId),
  enabled: !!courseId,
});

export const useWatched = (courseId: string | undefined) => useQuery(watchedQuery(courseId));
