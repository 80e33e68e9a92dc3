import type { AdminCoupon } from '@rianroo/contract';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { textLink } from '../../../components/ui/link-styles';
import { AdminPage } from '../components/AdminPage';
import { DataTable, type AdminColumn } from '../components/DataTable';
import { useAdminI18n } from '../i18n';
import { useTableParams } from '../lib/table-params';
import { ActiveFilter } from './ActiveFilter';
import { activeFilter, useCoupons } from './billing-api';
import { useDiscount } from './use-discount';

const SORTABLE = ['createdAt', 'code', 'redeemed'] as const;

/** /admin/coupons: the promo codes with their discount, window and redemptions. */
export default function CouponsPage() {
  const { t, num, date } = useAdminI18n();
  const discount = useDiscount();
  const controls = useTableParams({ sort: 'createdAt', sortable: SORTABLE }, activeFilter);
  const query = useCoupons(controls.params);
  const columns = useMemo<AdminColumn<AdminCoupon>[]>(
    () => [
      {
        id: 'code',
        header: t('admin.coupons.code'),
        meta: { sortable: true },
        cell: ({ row }) => (
          <Link to={`/admin/coupons/${row.original.id}`} className={textLink}>
            {row.original.code}
          </Link>
        ),
      },
      { id: 'discount', header: t('admin.coupons.discount'), cell: ({ row }) => discount(row.original) },
      {
        id: 'redeemed',
        header: t('admin.coupons.redeemed'),
        meta: { sortable: true },
        cell: ({ row }) =>
          row.original.maxRedemptions === null
            ? num(row.original.redeemedCount)
            : `${num(row.original.redeemedCount)} / ${num(row.original.maxRedemptions)}`,
      },
      {
        id: 'validTo',
        header: t('admin.coupons.validTo'),
        cell: ({ row }) => (row.original.validTo ? date(row.original.validTo) : t('admin.empty')),
      },
      {
        id: 'active',
        header: t('admin.billing.status'),
        cell: ({ row }) => t(row.original.active ? 'admin.billing.active' : 'admin.billing.inactive'),
      },
      {
        id: 'createdAt',
        header: t('admin.billing.created'),
        meta: { sortable: true },
        cell: ({ row }) => date(row.original.createdAt, false),
      },
    ],
    [t, num, date, discount],
  );
  return (
    <AdminPage
      title={t('admin.coupons.title')}
      lead={t('admin.coupons.lead')}
      actions={
        <Link to="/admin/coupons/new" className={textLink}>
          + {t('admin.coupons.new')}
        </Link>
      }
    >
      <DataTable
        caption={t('admin.coupons.title')}
        columns={columns}
        query={query}
        controls={controls}
        search={t('admin.coupons.search')}
        rowKey={(r) => r.id}
        filters={<ActiveFilter controls={controls} />}
      />
    </AdminPage>
  );
}
