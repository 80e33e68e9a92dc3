import { Link, useNavigate } from 'react-router';
import { Card } from '../../../components/ui/Card';
import { textLink } from '../../../components/ui/link-styles';
import { AdminPage } from '../components/AdminPage';
import { useAdminI18n } from '../i18n';
import { useAdminWrite } from '../lib/use-admin-write';
import { useCreatePlan } from './billing-api';
import { PlanForm } from './PlanForm';

/** /admin/plans/new */
export default function NewPlanPage() {
  const { t } = useAdminI18n();
  const create = useCreatePlan();
  const write = useAdminWrite();
  const navigate = useNavigate();
  return (
    <AdminPage
      title={t('admin.plans.new')}
      actions={
        <Link to="/admin/plans" className={textLink}>
          ← {t('admin.plans.back')}
        </Link>
      }
    >
      <Card>
        <PlanForm
          label={t('admin.billing.create')}
          busy={create.isPending}
          submit={(body) =>
            write(create.mutateAsync(body), t('admin.billing.created')).then((p) =>
              navigate(`/admin/plans/${p.id}`),
            )
          }
        />
      </Card>
    </AdminPage>
  );
}
