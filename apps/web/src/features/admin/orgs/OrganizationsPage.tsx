import type { AdminOrganization } from '@rianroo/contract';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { textLink } from '../../../components/ui/link-styles';
import { AdminPage } from '../components/AdminPage';
import { DataTable, type AdminColumn } from '../components/DataTable';
import { useAdminI18n } from '../i18n';
import { useTableParams } from '../lib/table-params';
import { useOrganizations } from './orgs-api';

const SORTABLE = ['name', 'createdAt', 'members'] as const;

/** /admin/organizations: every organisation, searched by name, invite code or domain. */
export default function OrganizationsPage() {
  const { t, date, num } = useAdminI18n();
  const controls = useTableParams({ sort: 'name', order: 'asc', sortable: SORTABLE });
  const query = useOrganizations(controls.params);
  const columns = useMemo<AdminColumn<AdminOrganization>[]>(
    () => [
      {
        id: 'name',
        header: t('admin.orgs.name'),
        meta: { sortable: true },
        cell: ({ row }) => (
          <Link to={`/admin/organizations/${row.original.id}`} className={textLink}>
            {row.original.name}
          </Link>
        ),
      },
      {
        id: 'domains',
        header: t('admin.orgs.domains'),
        cell: ({ row }) => row.original.emailDomains.join(', ') || t('admin.empty'),
      },
      {
        id: 'inviteCode',
        header: t('admin.orgs.inviteCode'),
        cell: ({ row }) => row.original.inviteCode ?? t('admin.empty'),
      },
      {
        id: 'members',
        header: t('admin.orgs.members'),
        meta: { sortable: true },
        cell: ({ row }) => num(row.original.members),
      },
      {
        id: 'createdAt',
        header: t('admin.orgs.created'),
        meta: { sortable: true },
        cell: ({ row }) => date(row.original.createdAt, false),
      },
    ],
    [t, date, num],
  );
  return (
    <AdminPage
      title={t('admin.orgs.title')}
      lead={t('admin.orgs.lead')}
      actions={
        <Link to="/admin/organizations/new" className={textLink}>
          + {t('admin.orgs.new')}
        </Link>
      }
    >
      <DataTable
        caption={t('admin.orgs.title')}
        columns={columns}
        query={query}
        controls={controls}
        search={t('admin.orgs.search')}
        rowKey={(r) => r.id}
      />
    </AdminPage>
  );
}
