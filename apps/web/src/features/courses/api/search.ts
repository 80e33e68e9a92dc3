import type { CourseSummary } from '@rianroo/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/session';

export interface CatalogFilter {
  q: string;
  level: string;
}

export const searchCourses = (f: CatalogFilter) => {
  const params = new URLSearchParams();
  if (f.q.trim()) params.set('q', f.q.trim());
  if (f.level) params.set('level', f.level);
  return call<{ total: number; courses: CourseSummary[] }>(`/courses?${params.toString()}`);
};

/** Keeps the previous results on screen while the next ones load, so the grid does not jump. */
export const useSearchCourses = (f: CatalogFilter) =>
  useQuery({ queryKey: ['courses', f], queryFn: () => searchCourses(f), placeholderData: keepPreviousData });
