import type { CourseSummary, SignedPlayback } from '@rianroo/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/session';

export interface PlayerEpisode {
  id: string;
  sort: number;
  sectionTitle: string | null;
  title: string;
  description: string;
  durationSeconds: number;
  isTeaser: boolean;
  locked: boolean;
  videoStatus: 'none' | 'queued' | 'processing' | 'ready' | 'failed';
  posterUrl: string | null;
}
export interface EpisodeList {
  course: CourseSummary;
  access: { canAccess: boolean; reason: string; expiresAt: string | null };
  episodes: PlayerEpisode[];
}
export interface OngoingItem {
  episode_id: string;
  last_second: number;
  episodeCompletionPercentage: number;
  watched: boolean;
  updatedAt: string;
}
export interface WatchedEpisodes {
  watchedEpisode: string[];
  watchedEpisodeIncludeTeaser: string[];
  courseFinishPercentage: number;
}

export const getCourseBySlug = (slug: string) =>
  call<CourseSummary>(`/course/get-course-by-slug/${encodeURIComponent(slug)}`, { auth: true });
export const useCourseBySlug = (slug: string) =>
  useQuery({ queryKey: ['course-by-slug', slug], queryFn: () => getCourseBySlug(slug) });

export const getEpisodes = (courseId: string) =>
  call<EpisodeList>(`/course/${courseId}/get-episode-and-quiz`, { auth: true, method: 'POST' });
/** Episodes with locks for this learner; polled while a video is still being prepared. */
export const useEpisodes = (courseId: string | undefined) =>
  useQuery({
    queryKey: ['episodes', courseId],
    queryFn: () => getEpisodes(courseId!),
    enabled: !!courseId,
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      q.state.data?.episodes.some((e) => e.videoStatus === 'queued' || e.videoStatus === 'processing')
        ? 5000
        : false,
  });

/** Spec section 8: a failed list is an empty list. */
export const getOngoing = (courseId: string) =>
  call<OngoingItem[]>(`/users/on-going-episode?course=${courseId}`, { auth: true }).catch(() => []);
export const useOngoing = (courseId: string | undefined, enabled = true) =>
  useQuery({
    queryKey: ['ongoing', courseId],
    queryFn: () => getOngoing(courseId!),
    enabled: !!courseId && enabled,
  });

export const WATCHED_DEFAULTS: WatchedEpisodes = {
  watchedEpisode: [],
  watchedEpisodeIncludeTeaser: [],
  courseFinishPercentage: 0,
};
/** Spec section 5: without a course, the defaults and no call; a failed lookup gives the defaults too. */
export const getWatched = async (courseId: string | undefined): Promise<WatchedEpisodes> => {
  if (!courseId) return WATCHED_DEFAULTS;
  return call<WatchedEpisodes>(`/users/watched-episode?course=${courseId}`, { auth: true }).catch(
    () => WATCHED_DEFAULTS,
  );
};
export const useWatched = (courseId: string | undefined) =>
  useQuery({ queryKey: ['watched', courseId], queryFn: () => getWatched(courseId), enabled: !!courseId });

export const getPlayback = (episodeId: string) =>
  call<SignedPlayback>(`/cloudflare/get-signed-token?episodeId=${episodeId}`, { auth: true });

export const markWatched = (courseId: string, episodeId: string) =>
  call<unknown>('/users/watched-episode', {
    auth: true,
    body: { course_id: courseId, episode_id: episodeId },
  });
