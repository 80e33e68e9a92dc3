import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ApiError } from '../../../lib/api-error';

/**
 * `GET /assessment/{assessmentId}`: the test with this learner's attempts and, when one is in progress, its
 * answers and time left. A timed test lists its questions only while an attempt is in progress.
 */
export const getAssessment = (id: string) => api('GET /api/assessment/:id', { params: { id }, auth: true });

export const assessmentKey = (id: string) => ['assessment', id] as const;

/** Refusals that asking again will not change (unknown test, locked course): not retried. */
const final = (err: unknown) => err instanceof ApiError && err.status >= 400 && err.status < 500;

export const assessmentQuery = (id: string) =>
  queryOptions({
    queryKey: assessmentKey(id),
    queryFn: () => getAssessment(id),
    retry: (count, err) => !final(err) && count < 2,
    // The clock of a timed attempt comes from the server: no silent refetch that would move it.
    refetchOnWindowFocus: false,
  });

export const useAssessment = (id: string) => useQuery(assessmentQuery(id));
