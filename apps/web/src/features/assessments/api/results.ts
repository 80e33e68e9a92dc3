import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** `GET /assessment-result?assessmentId=`: this learner's graded attempts, newest first. */
export const getResults = (assessmentId: string) =>
  api('GET /api/assessment-result', { query: { assessmentId }, auth: true });

export const resultsKey = (assessmentId: string) => ['assessment-results', assessmentId] as const;

export const resultsQuery = (assessmentId: string) =>
  queryOptions({ queryKey: resultsKey(assessmentId), queryFn: () => getResults(assessmentId) });

export const useResults = (assessmentId: string, enabled = true) =>
  useQuery({ ...resultsQuery(assessmentId), enabled });
