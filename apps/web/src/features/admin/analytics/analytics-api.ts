import type {
  AnalyticsCourses,
  AnalyticsOverview,
  CourseBudgetCuts,
  CourseFunnel,
  RetentionCurve,
} from '@rianroo/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminCall, adminKey } from '../lib/admin-api';
import { rangeQuery } from './range';

const key = [...adminKey, 'analytics'] as const;
type Span = { from: string; to: string };

export const useOverview = (r: Span) =>
  useQuery({
    queryKey: [...key, 'overview', r.from, r.to],
    queryFn: () => adminCall<AnalyticsOverview>(`/analytics/overview?${rangeQuery(r)}`),
    placeholderData: keepPreviousData,
  });

export const useAnalyticsCourses = () =>
  useQuery({
    queryKey: [...key, 'courses'],
    queryFn: () => adminCall<AnalyticsCourses>('/analytics/courses'),
  });

export const useFunnel = (courseId: string, r: Span) =>
  useQuery({
    queryKey: [...key, 'funnel', courseId, r.from, r.to],
    queryFn: () => adminCall<CourseFunnel>(`/analytics/courses/${courseId}/funnel?${rangeQuery(r)}`),
    placeholderData: keepPreviousData,
  });

export const useRetention = (episodeId: string) =>
  useQuery({
    queryKey: [...key, 'retention', episodeId],
    queryFn: () => adminCall<RetentionCurve>(`/analytics/episodes/${episodeId}/retention`),
  });

/** The course's learners whose progress saves the watch-time budget cut (issue 30). */
export const useBudgetCuts = (courseId: string) =>
  useQuery({
    queryKey: [...key, 'budget-cuts', courseId],
    queryFn: () => adminCall<CourseBudgetCuts>(`/analytics/courses/${courseId}/budget-cuts`),
  });
