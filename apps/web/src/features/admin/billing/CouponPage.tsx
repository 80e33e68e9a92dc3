import { useParams } from 'react-router';
import { Card } from '../../../components/ui/Card';
import { AdminPage } from '../components/AdminPage';
import { Facts } from '../components/Fields';
import { useAdminI18n } from '../i18n';
import { useAdminWrite } from '../lib/use-admin-write';
import { useCoupon, useUpdateCoupon } from './billing-api';
import { CouponForm } from './CouponForm';
import { DetailShell } from './DetailShell';
import { RedemptionsCard } from './RedemptionsCard';
import { useDiscount } from './use-discount';

/** /admin/coupons/:id: edit a promo code (with the version read) or deactivate it; its redemptions. */
export default function CouponPage() {
  const { id = '' } = useParams();
  const { t, num, date } = useAdminI18n();
  const discount = useDiscount();
  const coupon = useCoupon(id);
  const update = useUpdateCoupon(id);
  const write = useAdminWrite();
  return (
    <DetailShell query={coupon} backTo="/admin/coupons" backLabel={t('admin.coupons.back')}>
      {(c, back) => (
        <AdminPage title={c.code} lead={discount(c)} actions={back}>
          <Card>
            <Facts
              rows={[
                [t('admin.coupons.redeemed'), num(c.redeemedCount)],
                [t('admin.billing.created'), date(c.createdAt)],
              ]}
            />
          </Card>
          <Card>
            <CouponForm
              coupon={c}
              label={t('admin.billing.save')}
              busy={update.isPending}
              submit={({ code: _code, ...body }) =>
                write(update.mutateAsync({ ...body, version: c.version }), t('admin.billing.saved'))
              }
            />
          </Card>
          <RedemptionsCard couponId={c.id} />
        </AdminPage>
      )}
    </DetailShell>
  );
}
