import type { episodeItem, episodesAndQuizzes } from '@rianroo/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../../lib/session';

export type EpisodeList = z.infer<typeof episodesAndQuizzes>;
export type PlayerEpisode = z.infer<typeof episodeItem>;

/** How often the list is asked again while a video is still being prepared. */
export const PREPARING_POLL_MS = 5000;

export const isPreparing = (e: Pick<PlayerEpisode, 'videoStatus'>) =>
  e.videoStatus === 'queued' || e.videoStatus === 'processing';

/** `POST /course/:id/get-episode-and-quiz`: the episodes in order, locked or not for this learner. */
export const getEpisodes = (courseId: string) =>
  call<EpisodeList>(`/course/${courseId}/get-episode-and-quiz`, { auth: true, method: 'POST' });

export const episodesQuery = (courseId: string | undefined) => ({
  queryKey: ['episodes', courseId],
  queryFn: () => getEpisodes(courseId!),
  enabled: !!courseId,
});

/** Episodes with locks for this learner; polled while a video is still being prepared. */
export const useEpisodes = (courseId: string | undefined) =>
  useQuery({
    ...episodesQuery(courseId),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.episodes.some(isPreparing) ? PREPARING_POLL_MS : false),
  });
