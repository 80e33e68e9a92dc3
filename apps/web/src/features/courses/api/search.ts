import type { SearchResult } from '@rianroo/contract';
import type { AnswerOf } from '@rianroo/contract/client';
import { catalogSearchPath } from '@rianroo/contract/paths';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { takePageData } from '../../../lib/page-data';
import { call } from '../../../lib/session';

export interface CatalogFilter {
  q: string;
  level: string;
  /** From 1 (the URL's `page`). */
  page: number;
}

// Left on `call` (answer typed from the table): `api` would form-encode the query (`+` for a space, no bare
// `?`), so the address would no longer be catalogSearchPath's, the one the page's first answer is kept under.
export const searchCourses = (f: CatalogFilter) => call<AnswerOf<'GET /api/courses'>>(catalogSearchPath(f));

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
