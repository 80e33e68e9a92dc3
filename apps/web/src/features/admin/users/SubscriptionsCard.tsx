import type { AdminUserDetail } from '@rianroo/contract';
import { Card } from '../../../components/ui/Card';
import { ConfirmButton } from '../components/ConfirmButton';
import { useAdminI18n } from '../i18n';
import { useAdminWrite } from '../lib/use-admin-write';
import { GrantSubscriptionForm } from './GrantSubscriptionForm';
import { useEndSubscription } from './users-api';

export function SubscriptionsCard({ user }: { user: AdminUserDetail }) {
  const { t, date } = useAdminI18n();
  const end = useEndSubscription(user.id);
  const write = useAdminWrite();
  return (
    <Card title={t('admin.user.subscriptions')}>
      {user.subscriptions.length === 0 ? (
        <p className="text-slate-600">{t('admin.user.noSubscriptions')}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {user.subscriptions.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
              <div>
                <p className="font-medium">
                  {s.planName} · {t(`admin.sub.${s.status}`)}
                </p>
                <p className="text-slate-600">
                  {date(s.currentPeriodStart, false)} – {date(s.currentPeriodEnd, false)} · {s.provider}
                </p>
              </div>
              {s.status !== 'expired' && (
                <ConfirmButton
                  label={t('admin.user.endNow')}
                  accessibleLabel={t('admin.user.endNowOf', { plan: s.planName })}
                  title={t('admin.user.endNowOf', { plan: s.planName })}
                  body={t('admin.user.endNowConfirm')}
                  onConfirm={() => write(end.mutateAsync(s.id), t('admin.user.subscriptionEnded'))}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      <GrantSubscriptionForm user={user} />
    </Card>
  );
}
