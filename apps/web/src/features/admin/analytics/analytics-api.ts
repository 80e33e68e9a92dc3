import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { adminKey } from '../lib/admin-api';

const key = [...adminKey, 'analytics'] as const;
type Span = { from: string; to: string };

export const useOverview = (r: Span) =>
  useQuery({
    queryKey: [...key, 'overview', r.from, r.to],
    queryFn: () =>
      api('GET /api/admin/analytics/overview', { query: { from: r.from, to: r.to }, auth: true }),
    placeholderData: keepPreviousData,
  });

export const useAnalyticsCourses = () =>
  useQuery({
    queryKey: [...key, 'courses'],
    queryFn: () => api('GET /api/admin/analytics/courses', { auth: true }),
  });

export const useFunnel = (courseId: string, r: Span) =>
  useQuery({
    queryKey: [...key, 'funnel', courseId, r.from, r.to],
    queryFn: () =>
      api('GET /api/admin/analytics/courses/:id/funnel', {
        params: { id: courseId },
        query: { from: r.from, to: r.to },
        auth: true,
      }),
    placeholderData: keepPreviousData,
  });

export const useRetention = (episodeId: string) =>
  useQuery({
    queryKey: [...key, 'retention', episodeId],
    queryFn: () =>
      api('GET /api/admin/analytics/episodes/:id/retention', { params: { id: episodeId }, auth: true }),
  });

/** The course's learners whose progress saves the watch-time budget cut (issue 30). */
export const useBudgetCuts = (courseId: string) =>
  useQuery({
    queryKey: [...key, 'budget-cuts', courseId],
    queryFn: () =>
      api('GET /api/admin/analytics/courses/:id/budget-cuts', { params: { id: courseId }, auth: true }),
  });
