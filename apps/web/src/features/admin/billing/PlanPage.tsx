import { useNavigate, useParams } from 'react-router';
import { Card } from '../../../components/ui/Card';
import { AdminPage } from '../components/AdminPage';
import { ConfirmButton } from '../components/ConfirmButton';
import { Facts } from '../components/Fields';
import { useAdminI18n } from '../i18n';
import { useAdminWrite } from '../lib/use-admin-write';
import { useDeletePlan, usePlan, useUpdatePlan } from './billing-api';
import { DetailShell } from './DetailShell';
import { PlanForm } from './PlanForm';

/** /admin/plans/:id: edit a plan (with the version read), deactivate it, or delete it when never used. */
export default function PlanPage() {
  const { id = '' } = useParams();
  const { t, num, date } = useAdminI18n();
  const plan = usePlan(id);
  const update = useUpdatePlan(id);
  const del = useDeletePlan(id);
  const write = useAdminWrite();
  const navigate = useNavigate();
  return (
    <DetailShell query={plan} backTo="/admin/plans" backLabel={t('admin.plans.back')}>
      {(p, back) => (
        <AdminPage
          title={`${p.nameTh} (${p.code})`}
          actions={
            <>
              {back}
              <ConfirmButton
                label={t('admin.plans.delete')}
                title={t('admin.plans.delete')}
                body={t('admin.plans.deleteConfirm')}
                onConfirm={() =>
                  write(del.mutateAsync(undefined), t('admin.plans.deleted')).then(() =>
                    navigate('/admin/plans'),
                  )
                }
              />
            </>
          }
        >
          <Card>
            <Facts
              rows={[
                [t('admin.plans.subscribers'), num(p.subscribers)],
                [t('admin.billing.created'), date(p.createdAt)],
              ]}
            />
          </Card>
          <Card>
            <PlanForm
              plan={p}
              label={t('admin.billing.save')}
              busy={update.isPending}
              submit={({ code: _code, ...body }) =>
                write(update.mutateAsync({ ...body, version: p.version }), t('admin.billing.saved'))
              }
            />
          </Card>
        </AdminPage>
      )}
    </DetailShell>
  );
}
