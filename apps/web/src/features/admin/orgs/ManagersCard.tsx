import { RetryAlert } from '../../../components/RetryAlert';
import { Card } from '../../../components/ui/Card';
import { PageLoading } from '../../../components/ui/Spinner';
import { ConfirmButton } from '../components/ConfirmButton';
import { useAdminI18n } from '../i18n';
import { AddByEmailForm } from './AddByEmailForm';
import { useAdminWrite } from '../lib/use-admin-write';
import { useAddManager, useManagers, useRemoveManager } from './orgs-api';

/** An organisation's managers (of its /org console): one added by their account's e-mail, each removable. */
export function ManagersCard({ orgId }: { orgId: string }) {
  const { t, siteT, date } = useAdminI18n();
  const managers = useManagers(orgId);
  const add = useAddManager(orgId);
  const remove = useRemoveManager(orgId);
  const write = useAdminWrite();
  return (
    <Card title={t('admin.orgs.managers')}>
      <p className="mb-3 text-sm text-slate-700">{t('admin.orgs.managersLead')}</p>
      <AddByEmailForm
        label="admin.orgs.addManager"
        added="admin.orgs.managerAdded"
        add={(email) => add.mutateAsync(email)}
        busy={add.isPending}
        className="mb-4"
      />
      {managers.isPending ? (
        <PageLoading label={siteT('common.loading')} />
      ) : managers.isError ? (
        <RetryAlert error={managers.error} onRetry={() => void managers.refetch()} />
      ) : !managers.data.length ? (
        <p className="text-slate-700">{t('admin.orgs.noManagers')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-200">
          {managers.data.map((m) => (
            <li key={m.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div className="min-w-0">
                <p className="font-medium wrap-anywhere">{m.name}</p>
                <p className="text-sm wrap-anywhere text-slate-600">
                  {m.email} · {date(m.addedAt, false)}
                </p>
              </div>
              <ConfirmButton
                label={t('admin.orgs.remove')}
                accessibleLabel={t('admin.orgs.removeManagerOf', { name: m.name })}
                title={t('admin.orgs.removeManagerOf', { name: m.name })}
                onConfirm={() => write(remove.mutateAsync(m.id), t('admin.orgs.managerRemoved'))}
              />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
