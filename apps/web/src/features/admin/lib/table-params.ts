import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type SortOrder = 'asc' | 'desc';

/** What a server-paged table shows, as written in the page's URL (so a reload or a shared link keeps it). */
export interface TableParams {
  page: number;
  pageSize: number;
  sort: string;
  order: SortOrder;
  q: string;
  filters: Record<string, string>;
}

export const PAGE_SIZES = [10, 20, 50, 100] as const;

const positive = (value: string | null, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

export function parseTableParams(
  sp: URLSearchParams,
  defaults: { sort: string; order?: SortOrder; sortable: readonly string[] },
  filterKeys: readonly string[] = [],
): TableParams {
  const size = positive(sp.get('pageSize'), 20);
  const sort = sp.get('sort');
  const order = sp.get('order');
  const filters: Record<string, string> = {};
  for (const k of filterKeys) {
    const v = sp.get(k);
    if (v) filters[k] = v;
  }
  return {
    page: positive(sp.get('page'), 1),
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : 20,
    sort: sort && defaults.sortable.includes(sort) ? sort : defaults.sort,
    order: order === 'asc' || order === 'desc' ? order : (defaults.order ?? 'desc'),
    q: sp.get('q') ?? '',
    filters,
  };
}

/** The API query string of a table's state (the server pages, sorts and filters). */
export function apiQuery(p: TableParams): string {
  const qs = new URLSearchParams({
    page: String(p.page),
    pageSize: String(p.pageSize),
    sort: p.sort,
    order: p.order,
  });
  if (p.q.trim()) qs.set('q', p.q.trim());
  for (const [k, v] of Object.entries(p.filters)) qs.set(k, v);
  return qs.toString();
}

/**
 * A table's paging, sorting and filters, read from and written to the URL's search params. Changing the sort,
 * the search or a filter goes back to page 1; every change is a new history entry (Back undoes it).
 */
export function useTableParams(
  defaults: { sort: string; order?: SortOrder; sortable: readonly string[] },
  filterKeys: readonly string[] = [],
) {
  const [sp, setSp] = useSearchParams();
  const params = useMemo(
    () => parseTableParams(sp, defaults, filterKeys),
    // The defaults and keys are constants of the screen; their identity must not re-parse the URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [sp],
  );
  const patch = useCallback(
    (changes: Record<string, string | number | undefined>, keepPage = false) =>
      setSp((prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v === undefined || v === '') next.delete(k);
          else next.set(k, String(v));
        }
        if (!keepPage) next.delete('page');
        return next;
      }),
    [setSp],
  );
  return {
    params,
    setPage: (page: number) => patch({ page: page > 1 ? page : undefined }, true),
    setPageSize: (pageSize: number) => patch({ pageSize }),
    /** The same column again flips the order; another column starts ascending. */
    toggleSort: (column: string) =>
      patch(
        params.sort === column
          ? { sort: column, order: params.order === 'asc' ? 'desc' : 'asc' }
          : { sort: column, order: 'asc' },
      ),
    setSearch: (q: string) => patch({ q: q.trim() || undefined }),
    setFilters: (filters: Record<string, string | undefined>) => patch(filters),
  };
}

export type TableControls = ReturnType<typeof useTableParams>;
