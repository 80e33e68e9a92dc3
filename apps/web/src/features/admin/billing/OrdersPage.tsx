import type { AdminOrder } from '@rianroo/contract';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { textLink } from '../../../components/ui/link-styles';
import { AdminPage } from '../components/AdminPage';
import { DataTable, type AdminColumn } from '../components/DataTable';
import { FilterForm } from '../components/FilterForm';
import { useAdminI18n } from '../i18n';
import { useTableParams } from '../lib/table-params';
import { ORDER_STATUSES, statusFilter, useOrders } from './orders-api';

const SORTABLE = ['createdAt', 'total'] as const;

/** /admin/orders: every order, newest first, searched by number or e-mail; a paid one opens to be refunded. */
export default function OrdersPage() {
  const { t, money, date } = useAdminI18n();
  const controls = useTableParams({ sort: 'createdAt', sortable: SORTABLE }, statusFilter);
  const query = useOrders(controls.params);
  const columns = useMemo<AdminColumn<AdminOrder>[]>(
    () => [
      {
        id: 'number',
        header: t('admin.orders.number'),
        cell: ({ row }) => (
          <Link to={`/admin/orders/${row.original.id}`} className={textLink}>
            {row.original.number}
          </Link>
        ),
      },
      {
        id: 'learner',
        header: t('admin.orders.learner'),
        cell: ({ row }) => (
          <span className="wrap-anywhere">
            {row.original.user.name}
            <span className="block text-xs text-slate-600">{row.original.user.email}</span>
          </span>
        ),
      },
      { id: 'plan', header: t('admin.orders.plan'), cell: ({ row }) => row.original.planCode },
      {
        id: 'total',
        header: t('admin.orders.total'),
        meta: { sortable: true },
        cell: ({ row }) => money(row.original.totalSatang),
      },
      {
        id: 'refunded',
        header: t('admin.orders.refunded'),
        cell: ({ row }) =>
          row.original.refundedSatang ? money(row.original.refundedSatang) : t('admin.empty'),
      },
      {
        id: 'status',
        header: t('admin.orders.status'),
        cell: ({ row }) => t(`admin.orders.status.${row.original.status}`),
      },
      {
        id: 'createdAt',
        header: t('admin.orders.created'),
        meta: { sortable: true },
        cell: ({ row }) => date(row.original.createdAt),
      },
    ],
    [t, money, date],
  );
  return (
    <AdminPage title={t('admin.orders.title')} lead={t('admin.orders.lead')}>
      <DataTable
        caption={t('admin.orders.title')}
        columns={columns}
        query={query}
        controls={controls}
        search={t('admin.orders.search')}
        rowKey={(r) => r.id}
        filters={
          <FilterForm
            controls={controls}
            fields={[
              {
                key: 'status',
                label: t('admin.orders.status'),
                options: [
                  { value: '', label: t('admin.billing.all') },
                  ...ORDER_STATUSES.map((s) => ({ value: s, label: t(`admin.orders.status.${s}`) })),
                ],
              },
            ]}
          />
        }
      />
    </AdminPage>
  );
}
