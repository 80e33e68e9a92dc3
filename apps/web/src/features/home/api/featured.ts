import type { CourseSummary } from '@rianroo/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/session';

/** The newest published courses, for the home page (public). */
export const getFeatured = () => call<{ total: number; courses: CourseSummary[] }>('/courses?limit=3');
export const useFeatured = () =>
  useQuery({ queryKey: ['featured'], queryFn: getFeatured, staleTime: 60_000 });
