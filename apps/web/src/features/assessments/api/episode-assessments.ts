import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** `GET /assessment/get-questions-by-episode/{episodeId}`: the quiz after an episode (none or one). */
export const getEpisodeAssessments = (episodeId: string) =>
  api('GET /api/assessment/get-questions-by-episode/:episodeId', { params: { episodeId }, auth: true });

export const episodeAssessmentsKey = (episodeId: string) => ['episode-assessments', episodeId] as const;

export const episodeAssessmentsQuery = (episodeId: string) =>
  queryOptions({
    queryKey: episodeAssessmentsKey(episodeId),
    queryFn: () => getEpisodeAssessments(episodeId),
  });

export const useEpisodeAssessments = (episodeId: string | undefined) =>
  useQuery({ ...episodeAssessmentsQuery(episodeId ?? ''), enabled: !!episodeId });
