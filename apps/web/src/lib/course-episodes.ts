import type { episodeItem, episodesAndQuizzes } from '@rianroo/contract';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from './api';

export type EpisodeList = z.infer<typeof episodesAndQuizzes>;
export type CourseEpisode = z.infer<typeof episodeItem>;

/**
 * `POST /course/:id/get-episode-and-quiz`: the episodes in order, locked or not for this learner, with their
 * quizzes and the course's pre- and post-test; shared by the player and the test pages.
 */
export const getEpisodes = (courseId: string) =>
  api('POST /api/course/:id/get-episode-and-quiz', { params: { id: courseId }, auth: true });

export const episodesKey = (courseId: string | undefined) => ['episodes', courseId] as const;

export const episodesQuery = (courseId: string | undefined) =>
  queryOptions({
    queryKey: episodesKey(courseId),
    queryFn: () => getEpisodes(courseId!),
    enabled: !!courseId,
  });
