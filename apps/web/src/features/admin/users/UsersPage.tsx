import type { AdminUserRow } from '@rianroo/contract';
import { useMemo } from 'react';
import { AdminPage } from '../components/AdminPage';
import { DataTable, type AdminColumn } from '../components/DataTable';
import { FilterForm } from '../components/FilterForm';
import { useUserColumns } from '../components/user-columns';
import { useAdminI18n } from '../i18n';
import { useTableParams } from '../lib/table-params';
import { userFilters, useUsers } from './users-api';

const SORTABLE = ['createdAt', 'email', 'name'] as const;

/** /admin/users: every user, searched by e-mail or name, filtered by role; each opens its own page. */
export default function UsersPage() {
  const { t } = useAdminI18n();
  const controls = useTableParams({ sort: 'createdAt', sortable: SORTABLE }, userFilters);
  const query = useUsers(controls.params);
  const people = useUserColumns<AdminUserRow>();
  const columns = useMemo<AdminColumn<AdminUserRow>[]>(
    () => [
      people.email,
      people.name,
      { id: 'role', header: t('admin.users.role'), cell: ({ row }) => t(`admin.role.${row.original.role}`) },
      {
        id: 'organization',
        header: t('admin.users.organization'),
        cell: ({ row }) => row.original.organization?.name ?? t('admin.empty'),
      },
      people.createdAt,
    ],
    [t, people],
  );
  return (
    <AdminPage title={t('admin.users.title')} lead={t('admin.users.lead')}>
      <DataTable
        caption={t('admin.users.title')}
        columns={columns}
        query={query}
        controls={controls}
        search={t('admin.users.search')}
        rowKey={(r) => r.id}
        filters={
          <FilterForm
            controls={controls}
            fields={[
              {
                key: 'role',
                label: t('admin.users.role'),
                options: [
                  { value: '', label: t('admin.users.allRoles') },
                  ...(['learner', 'instructor', 'admin'] as const).map((r) => ({
                    value: r,
                    label: t(`admin.role.${r}`),
                  })),
                ],
              },
            ]}
          />
        }
      />
    </AdminPage>
  );
}
