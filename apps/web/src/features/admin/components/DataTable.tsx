import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
} from '@tanstack/react-table';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, useMemo, type ReactNode } from 'react';
import { Alert } from '../../../components/ui/Card';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { useErrorText } from '../../../lib/forms';
import { useAdminI18n } from '../i18n';
import type { TableControls } from '../lib/table-params';
import { Pager } from './Pager';
import { SearchBox } from './SearchBox';

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** A column the server can sort by has `meta: { sortable: true }` and its id is the API's sort name. */
export type AdminColumn<T> = ColumnDef<T, unknown> & { meta?: { sortable?: boolean } };

/**
 * The console's one table: the server pages, sorts and filters; the URL holds the state (see
 * useTableParams). Loading, empty and error states are drawn here, so each screen only names its columns.
 */
export function DataTable<T>({
  caption,
  columns,
  query,
  controls,
  search,
  filters,
  rowKey,
}: {
  caption: string;
  columns: AdminColumn<T>[];
  query: UseQueryResult<Page<T>>;
  controls: TableControls;
  /** The search box's label, when the list can be searched. */
  search?: string;
  filters?: ReactNode;
  rowKey: (row: T) => string;
}) {
  const { t } = useAdminI18n();
  const errorText = useErrorText();
  const { params } = controls;
  const captionId = useId();
  const sorting = useMemo<SortingState>(
    () => [{ id: params.sort, desc: params.order === 'desc' }],
    [params.sort, params.order],
  );
  const data = query.data;
  const table = useReactTable<T>({
    data: data?.items ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    enableSortingRemoval: false,
    rowCount: data?.total ?? 0,
    state: { sorting, pagination: { pageIndex: params.page - 1, pageSize: params.pageSize } },
    getRowId: rowKey,
  });
  const busy = query.isFetching;
  return (
    <div className="flex flex-col gap-3">
      {(search || filters) && (
        <div className="flex flex-wrap items-end gap-3">
          {search && <SearchBox label={search} value={params.q} onSearch={controls.setSearch} />}
          {filters}
        </div>
      )}
      {query.isError && (
        <Alert>
          <span className="mr-3">
            {t('admin.loadFailed')}: {errorText(query.error)}
          </span>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {t('admin.table.retry')}
          </Button>
        </Alert>
      )}
      <div
        className="overflow-x-auto rounded-xl border border-slate-200 bg-white"
        role="region"
        aria-labelledby={captionId}
        tabIndex={0}
      >
        <table className="w-full min-w-[36rem] text-left text-sm" aria-busy={busy || undefined}>
          <caption id={captionId} className="sr-only">
            {caption}
          </caption>
          <thead className="bg-slate-50 text-slate-700">
            {table.getHeaderGroups().map((hg) => (
              <tr key={hg.id}>
                {hg.headers.map((h) => {
                  const sortable = (h.column.columnDef as AdminColumn<T>).meta?.sortable;
                  const active = sortable && params.sort === h.column.id;
                  const label = flexRender(h.column.columnDef.header, h.getContext());
                  return (
                    <th
                      key={h.id}
                      scope="col"
                      className="px-3 py-2 font-semibold whitespace-nowrap"
                      aria-sort={active ? (params.order === 'asc' ? 'ascending' : 'descending') : undefined}
                    >
                      {sortable ? (
                        <button
                          type="button"
                          onClick={() => controls.toggleSort(h.column.id)}
                          className="inline-flex min-h-11 items-center gap-1 rounded px-1 hover:bg-slate-200 focus-visible:outline-3 focus-visible:outline-teal-600"
                        >
                          {label}
                          <span aria-hidden="true">
                            {active ? (params.order === 'asc' ? '▲' : '▼') : '↕'}
                          </span>
                        </button>
                      ) : (
                        label
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {query.isPending ? (
              <tr>
                <td colSpan={columns.length} className="px-3 py-8 text-center text-teal-700">
                  <Spinner label={t('admin.table.loading')} />
                </td>
              </tr>
            ) : table.getRowModel().rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="px-3 py-8 text-center text-slate-600">
                  {query.isError ? t('admin.loadFailed') : t('admin.table.empty')}
                </td>
              </tr>
            ) : (
              table.getRowModel().rows.map((row) => (
                <tr key={row.id} className="border-t border-slate-100 align-top">
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id} className="px-3 py-2">
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {data && <Pager total={data.total} controls={controls} />}
    </div>
  );
}
