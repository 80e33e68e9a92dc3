import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type SortOrder = 'asc' | 'desc';

/**
 * What a server-paged table shows, as written in the page's URL (so a reload or a shared link keeps it): `S` its
 * sortable columns, `F` its filters' keys and `V` the values they take.
 */
export interface TableParams<
  S extends string = string,
  F extends string = string,
  V extends string = string,
> {
  page: number;
  pageSize: number;
  sort: S;
  order: SortOrder;
  q: string;
  filters: Partial<Record<F, V>>;
}

/** A table's filters: their keys, and which values written in the URL the API takes for them. */
export interface FilterSpec<F extends string, V extends string> {
  keys: readonly F[];
  accepts: (value: string) => value is V;
}

/** Filters of free text (any value is sent). */
export const textFilters = <F extends string>(keys: readonly F[]): FilterSpec<F, string> => ({
  keys,
  accepts: (value): value is string => value !== '',
});

/** Filters of a choice: a value not among `values` is left out, as an unknown sort column is. */
export const choiceFilters = <F extends string, V extends string>(
  keys: readonly F[],
  values: readonly V[],
): FilterSpec<F, V> => ({ keys, accepts: (value): value is V => values.some((v) => v === value) });

const isOneOf = <S extends string>(values: readonly S[], value: string): value is S =>
  values.some((v) => v === value);

export const PAGE_SIZES = [10, 20, 50, 100] as const;

const positive = (value: string | null, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

export function parseTableParams<S extends string, F extends string = never, V extends string = never>(
  sp: URLSearchParams,
  defaults: { sort: NoInfer<S>; order?: SortOrder; sortable: readonly S[] },
  filterSpec?: FilterSpec<F, V>,
): TableParams<S, F, V> {
  const size = positive(sp.get('pageSize'), 20);
  const sort = sp.get('sort');
  const order = sp.get('order');
  const filters: Partial<Record<F, V>> = {};
  for (const k of filterSpec?.keys ?? []) {
    const v = sp.get(k);
    if (v && filterSpec?.accepts(v)) filters[k] = v;
  }
  return {
    page: positive(sp.get('page'), 1),
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : 20,
    sort: sort && isOneOf(defaults.sortable, sort) ? sort : defaults.sort,
    order: order === 'asc' || order === 'desc' ? order : (defaults.order ?? 'desc'),
    q: sp.get('q') ?? '',
    filters,
  };
}

/** The API query of a table's state (the server pages, sorts and filters): the search only when there is one. */
export function tableQuery<S extends string, F extends string, V extends string>(p: TableParams<S, F, V>) {
  const q = p.q.trim();
  return {
    page: p.page,
    pageSize: p.pageSize,
    sort: p.sort,
    order: p.order,
    ...(q ? { q } : {}),
    ...p.filters,
  };
}

/**
 * A table's paging, sorting and filters, read from and written to the URL's search params. Changing the sort,
 * the search or a filter goes back to page 1; every change is a new history entry (Back undoes it).
 */
export function useTableParams<S extends string, F extends string = never, V extends string = never>(
  defaults: { sort: NoInfer<S>; order?: SortOrder; sortable: readonly S[] },
  filterSpec?: FilterSpec<F, V>,
) {
  const [sp, setSp] = useSearchParams();
  const params = useMemo(
    () => parseTableParams(sp, defaults, filterSpec),
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

/** Any table's controls, as the shared table parts take them. */
export type TableControls = ReturnType<typeof useTableParams<string, string, string>>;
