import type { SearchResult } from '@rianroo/contract';
import {
  catalogSearchPath,
  catalogSearchQuery,
  type CatalogueSort,
  type CourseLevel,
} from '@rianroo/contract/paths';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { takePageData } from '../../../lib/page-data';
import { api } from '../../../lib/api';

export interface CatalogFilter {
  q: string;
  level: CourseLevel | '';
  sort: CatalogueSort;
  /** From 1 (the URL's `page`). */
  page: number;
}

export const searchCourses = (f: CatalogFilter) => api('GET /api/courses', { query: catalogSearchQuery(f) });

/**
 * Keeps the previous results on screen while the next ones load, so the grid does not jump. The first answer
 * may come with the page itself (the server drew the catalogue before any script ran); it is refreshed after
 * a minute like any other.
 */
export const useSearchCourses = (f: CatalogFilter) =>
  useQuery({
    queryKey: ['courses', f],
    queryFn: () => searchCourses(f),
    placeholderData: keepPreviousData,
    initialData: () => takePageData<SearchResult>(catalogSearchPath(f)),
    staleTime: 60_000,
  });
