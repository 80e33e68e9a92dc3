import type { AdminApplication } from '@rianroo/contract';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { textLink } from '../../../components/ui/link-styles';
import { AdminPage } from '../components/AdminPage';
import { DataTable, type AdminColumn } from '../components/DataTable';
import { FilterForm } from '../components/FilterForm';
import { useAdminI18n } from '../i18n';
import { useTableParams } from '../lib/table-params';
import { applicationFilters, STATUSES, useApplications } from './applications-api';

const SORTABLE = ['createdAt', 'name'] as const;

/** /admin/applications: "teach with us" applications, newest first, filtered by status. */
export default function ApplicationsPage() {
  const { t, date } = useAdminI18n();
  const controls = useTableParams({ sort: 'createdAt', sortable: SORTABLE }, applicationFilters);
  const query = useApplications(controls.params);
  const columns = useMemo<AdminColumn<AdminApplication>[]>(
    () => [
      {
        id: 'name',
        header: t('admin.apps.name'),
        meta: { sortable: true },
        cell: ({ row }) => (
          <Link to={`/admin/applications/${row.original.id}`} className={textLink}>
            {row.original.name}
          </Link>
        ),
      },
      { id: 'topic', header: t('admin.apps.topic'), cell: ({ row }) => row.original.topic },
      { id: 'email', header: t('admin.apps.email'), cell: ({ row }) => row.original.email },
      {
        id: 'status',
        header: t('admin.apps.status'),
        cell: ({ row }) => t(`admin.apps.status.${row.original.status}`),
      },
      {
        id: 'createdAt',
        header: t('admin.apps.received'),
        meta: { sortable: true },
        cell: ({ row }) => date(row.original.createdAt),
      },
    ],
    [t, date],
  );
  return (
    <AdminPage title={t('admin.apps.title')} lead={t('admin.apps.lead')}>
      <DataTable
        caption={t('admin.apps.title')}
        columns={columns}
        query={query}
        controls={controls}
        search={t('admin.apps.search')}
        rowKey={(r) => r.id}
        filters={
          <FilterForm
            controls={controls}
            fields={[
              {
                key: 'status',
                label: t('admin.apps.status'),
                options: [
                  { value: '', label: t('admin.apps.allStatuses') },
                  ...STATUSES.map((s) => ({ value: s, label: t(`admin.apps.status.${s}`) })),
                ],
              },
            ]}
          />
        }
      />
    </AdminPage>
  );
}
