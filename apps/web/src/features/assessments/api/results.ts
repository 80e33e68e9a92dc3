import type { AssessmentResult } from '@rianroo/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/session';

/** `GET /assessment-result?assessmentId=`: this learner's graded attempts, newest first. */
export const getResults = (assessmentId: string) =>
  call<AssessmentResult[]>(`/assessment-result?${new URLSearchParams({ assessmentId })}`, { auth: true });

export const resultsKey = (assessmentId: string) => ['assessment-results', assessmentId] as const;

export const resultsQuery = (assessmentId: string) =>
  queryOptions({ queryKey: resultsKey(assessmentId), queryFn: () => getResults(assessmentId) });

export const useResults = (assessmentId: string, enabled = true) =>
  useQuery({ ...resultsQuery(assessmentId), enabled });
