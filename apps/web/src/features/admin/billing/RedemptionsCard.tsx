import type { AdminRedemption } from '@rianroo/contract';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/Card';
import { textLink } from '../../../components/ui/link-styles';
import { DataTable, type AdminColumn } from '../components/DataTable';
import { useAdminI18n } from '../i18n';
import { useTableParams } from '../lib/table-params';
import { useRedemptions } from './billing-api';

/** The orders that used a promo code, with the learner and the discount, newest first. */
export function RedemptionsCard({ couponId }: { couponId: string }) {
  const { t, date, money } = useAdminI18n();
  const controls = useTableParams({ sort: 'createdAt', sortable: ['createdAt'] });
  const query = useRedemptions(couponId, controls.params);
  const columns = useMemo<AdminColumn<AdminRedemption>[]>(
    () => [
      {
        id: 'createdAt',
        header: t('admin.coupons.at'),
        meta: { sortable: true },
        cell: ({ row }) => date(row.original.createdAt),
      },
      {
        id: 'order',
        header: t('admin.coupons.order'),
        cell: ({ row }) => `${row.original.orderNumber} (${row.original.orderStatus})`,
      },
      {
        id: 'learner',
        header: t('admin.coupons.learner'),
        cell: ({ row }) => (
          <Link to={`/admin/users/${row.original.user.id}`} className={`${textLink} wrap-anywhere`}>
            {row.original.user.email}
          </Link>
        ),
      },
      {
        id: 'discount',
        header: t('admin.coupons.discount'),
        cell: ({ row }) => money(row.original.discountSatang),
      },
    ],
    [t, date, money],
  );
  return (
    <Card title={t('admin.coupons.redemptions')}>
      <DataTable
        caption={t('admin.coupons.redemptions')}
        columns={columns}
        query={query}
        controls={controls}
        rowKey={(r) => r.orderId}
      />
    </Card>
  );
}
