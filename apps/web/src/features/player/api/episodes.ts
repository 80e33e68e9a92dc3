import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { episodesQuery, type CourseEpisode, type EpisodeList } from '../../../lib/course-episodes';

export { episodesQuery, getEpisodes } from '../../../lib/course-episodes';
export type { EpisodeList };
export type PlayerEpisode = CourseEpisode;

/** How often the list is asked again while a video is still being prepared. */
export const PREPARING_POLL_MS = 5000;

export const isPreparing = (e: Pick<PlayerEpisode, 'videoStatus'>) =>
  e.videoStatus === 'queued' || e.videoStatus === 'processing';

/** Episodes with locks for this learner; polled while a video is still being prepared. */
export const useEpisodes = (courseId: string | undefined) =>
  useQuery({
    ...episodesQuery(courseId),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.episodes.some(isPreparing) ? PREPARING_POLL_MS : false),
  });
