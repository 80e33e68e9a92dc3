import { Link, useNavigate } from 'react-router';
import { Card } from '../../../components/ui/Card';
import { textLink } from '../../../components/ui/link-styles';
import { AdminPage } from '../components/AdminPage';
import { useAdminI18n } from '../i18n';
import { useAdminWrite } from '../lib/use-admin-write';
import { useCreateCoupon } from './billing-api';
import { CouponForm } from './CouponForm';

/** /admin/coupons/new */
export default function NewCouponPage() {
  const { t } = useAdminI18n();
  const create = useCreateCoupon();
  const write = useAdminWrite();
  const navigate = useNavigate();
  return (
    <AdminPage
      title={t('admin.coupons.new')}
      actions={
        <Link to="/admin/coupons" className={textLink}>
          ← {t('admin.coupons.back')}
        </Link>
      }
    >
      <Card>
        <CouponForm
          label={t('admin.billing.create')}
          busy={create.isPending}
          submit={(body) =>
            write(create.mutateAsync(body), t('admin.billing.created')).then((c) =>
              navigate(`/admin/coupons/${c.id}`),
            )
          }
        />
      </Card>
    </AdminPage>
  );
}
