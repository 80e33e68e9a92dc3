import type { AdminPlan } from '@rianroo/contract';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { textLink } from '../../../components/ui/link-styles';
import { AdminPage } from '../components/AdminPage';
import { DataTable, type AdminColumn } from '../components/DataTable';
import { useAdminI18n } from '../i18n';
import { useTableParams } from '../lib/table-params';
import { ActiveFilter } from './ActiveFilter';
import { activeFilter, usePlans } from './billing-api';

const SORTABLE = ['sort', 'code', 'price', 'createdAt'] as const;

/** /admin/plans: the plans with their prices in baht and current subscribers. */
export default function PlansPage() {
  const { t, num, money } = useAdminI18n();
  const controls = useTableParams({ sort: 'sort', order: 'asc', sortable: SORTABLE }, activeFilter);
  const query = usePlans(controls.params);
  const columns = useMemo<AdminColumn<AdminPlan>[]>(
    () => [
      {
        id: 'code',
        header: t('admin.plans.code'),
        meta: { sortable: true },
        cell: ({ row }) => (
          <Link to={`/admin/plans/${row.original.id}`} className={textLink}>
            {row.original.code}
          </Link>
        ),
      },
      { id: 'name', header: t('admin.plans.nameTh'), cell: ({ row }) => row.original.nameTh },
      {
        id: 'interval',
        header: t('admin.plans.interval'),
        cell: ({ row }) => t(`admin.plans.${row.original.interval}`),
      },
      {
        id: 'price',
        header: t('admin.plans.price'),
        meta: { sortable: true },
        cell: ({ row }) => money(row.original.priceSatang, row.original.currency),
      },
      {
        id: 'subscribers',
        header: t('admin.plans.subscribers'),
        cell: ({ row }) => num(row.original.subscribers),
      },
      {
        id: 'active',
        header: t('admin.billing.status'),
        cell: ({ row }) => t(row.original.active ? 'admin.billing.active' : 'admin.billing.inactive'),
      },
      {
        id: 'sort',
        header: t('admin.plans.sort'),
        meta: { sortable: true },
        cell: ({ row }) => row.original.sort,
      },
    ],
    [t, num, money],
  );
  return (
    <AdminPage
      title={t('admin.plans.title')}
      lead={t('admin.plans.lead')}
      actions={
        <Link to="/admin/plans/new" className={textLink}>
          + {t('admin.plans.new')}
        </Link>
      }
    >
      <DataTable
        caption={t('admin.plans.title')}
        columns={columns}
        query={query}
        controls={controls}
        search={t('admin.plans.search')}
        rowKey={(r) => r.id}
        filters={<ActiveFilter controls={controls} />}
      />
    </AdminPage>
  );
}
