import type { AdminDataRequest } from '@rianroo/contract';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { primaryLink, textLink } from '../../../components/ui/link-styles';
import { AdminPage } from '../components/AdminPage';
import { DataTable, type AdminColumn } from '../components/DataTable';
import { FilterForm } from '../components/FilterForm';
import { useAdminI18n } from '../i18n';
import { useTableParams } from '../lib/table-params';
import { KINDS, requestFilters, STATUSES, useDataRequests } from './data-requests-api';
import { DueCell } from './DueCell';

const SORTABLE = ['dueAt', 'receivedAt'] as const;

/** /admin/data-requests: the PDPA request queue, soonest due first, overdue ones marked. */
export default function DataRequestsPage() {
  const { t, date } = useAdminI18n();
  const controls = useTableParams({ sort: 'dueAt', order: 'asc', sortable: SORTABLE }, requestFilters);
  const query = useDataRequests(controls.params);
  const columns = useMemo<AdminColumn<AdminDataRequest>[]>(
    () => [
      {
        id: 'kind',
        header: t('admin.dr.kind'),
        cell: ({ row }) => (
          <Link to={`/admin/data-requests/${row.original.id}`} className={textLink}>
            {t(`admin.dr.kind.${row.original.kind}`)}
          </Link>
        ),
      },
      {
        id: 'requester',
        header: t('admin.dr.requester'),
        cell: ({ row }) => <span className="wrap-anywhere">{row.original.requesterEmail}</span>,
      },
      {
        id: 'receivedAt',
        header: t('admin.dr.received'),
        meta: { sortable: true },
        cell: ({ row }) => date(row.original.receivedAt, false),
      },
      {
        id: 'dueAt',
        header: t('admin.dr.due'),
        meta: { sortable: true },
        cell: ({ row }) => <DueCell request={row.original} />,
      },
      {
        id: 'status',
        header: t('admin.dr.status'),
        cell: ({ row }) => t(`admin.dr.status.${row.original.status}`),
      },
    ],
    [t, date],
  );
  return (
    <AdminPage
      title={t('admin.dr.title')}
      lead={t('admin.dr.lead')}
      actions={
        <Link to="/admin/data-requests/new" className={primaryLink}>
          {t('admin.dr.new')}
        </Link>
      }
    >
      <DataTable
        caption={t('admin.dr.title')}
        columns={columns}
        query={query}
        controls={controls}
        search={t('admin.dr.search')}
        rowKey={(r) => r.id}
        filters={
          <FilterForm
            controls={controls}
            fields={[
              {
                key: 'status',
                label: t('admin.dr.status'),
                options: [
                  { value: '', label: t('admin.dr.allStatuses') },
                  ...STATUSES.map((s) => ({ value: s, label: t(`admin.dr.status.${s}`) })),
                ],
              },
              {
                key: 'kind',
                label: t('admin.dr.kind'),
                options: [
                  { value: '', label: t('admin.dr.allKinds') },
                  ...KINDS.map((k) => ({ value: k, label: t(`admin.dr.kind.${k}`) })),
                ],
              },
              {
                key: 'overdue',
                label: t('admin.dr.overdue'),
                options: [
                  { value: '', label: t('admin.dr.overdueAll') },
                  { value: 'true', label: t('admin.dr.overdueOnly') },
                  { value: 'false', label: t('admin.dr.notOverdue') },
                ],
              },
            ]}
          />
        }
      />
    </AdminPage>
  );
}
