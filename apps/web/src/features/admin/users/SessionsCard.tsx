import type { AdminUserDetail } from '@rianroo/contract';
import { Card } from '../../../components/ui/Card';
import { ConfirmButton } from '../components/ConfirmButton';
import { useAdminI18n } from '../i18n';
import { useAdminWrite } from '../lib/use-admin-write';
import { useEndSession } from './users-api';

export function SessionsCard({ user }: { user: AdminUserDetail }) {
  const { t, date } = useAdminI18n();
  const end = useEndSession(user.id);
  const write = useAdminWrite();
  return (
    <Card title={t('admin.user.sessions')}>
      {user.sessions.length === 0 ? (
        <p className="text-slate-600">{t('admin.user.noSessions')}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {user.sessions.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0 text-sm">
                <p className="font-medium">{s.deviceName}</p>
                <p className="wrap-anywhere text-slate-600">
                  {t('admin.user.lastUsed')}: {date(s.lastUsedAt)}
                  {s.ip ? ` · ${s.ip}` : ''}
                </p>
              </div>
              <ConfirmButton
                label={t('admin.user.endSession')}
                accessibleLabel={t('admin.user.endSessionOf', { device: s.deviceName })}
                title={t('admin.user.endSessionOf', { device: s.deviceName })}
                onConfirm={() => write(end.mutateAsync(s.id), t('admin.user.sessionEnded'))}
              />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
