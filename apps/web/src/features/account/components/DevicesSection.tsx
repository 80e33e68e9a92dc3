import { Button } from '../../../components/ui/Button';
import { Alert, Card } from '../../../components/ui/Card';
import { Spinner } from '../../../components/ui/Spinner';
import { useErrorText } from '../../../lib/forms';
import { useI18n } from '../../../lib/i18n';
import { useToast } from '../../../lib/toast';
import { useEndSession, useSessions } from '../api/sessions';

export function DevicesSection() {
  const { t, date } = useI18n();
  const toast = useToast();
  const errorText = useErrorText();
  const sessions = useSessions();
  const end = useEndSession();
  return (
    <Card title={t('account.devices')}>
      {sessions.isPending && (
        <div className="min-h-24">
          <Spinner label={t('common.loading')} />
        </div>
      )}
      {sessions.isError && (
        <div className="flex flex-col items-start gap-3">
          <Alert>{errorText(sessions.error)}</Alert>
          <Button variant="secondary" onClick={() => void sessions.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      )}
      {sessions.data && (
        <ul className="divide-y divide-slate-200">
          {sessions.data.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div>
                <p className="font-medium">
                  {s.deviceName}
                  {s.current && (
                    <span className="ml-2 rounded-full bg-teal-100 px-2 py-0.5 text-xs font-medium text-teal-900">
                      {t('account.thisDevice')}
                    </span>
                  )}
                </p>
                <p className="text-xs text-slate-500">
                  {t('device.lastUsed')}: {date(s.lastUsedAt, true)} · {t('account.since')}{' '}
                  {date(s.createdAt)}
                </p>
              </div>
              {!s.current && (
                <Button
                  variant="danger"
                  busy={end.isPending && end.variables === s.id}
                  onClick={() =>
                    end.mutate(s.id, {
                      onSuccess: () => toast(t('account.signedOut'), 'success'),
                      onError: (e) => toast(errorText(e), 'error'),
                    })
                  }
                  aria-label={`${t('account.signOut')} ${s.deviceName}`}
                >
                  {t('account.signOut')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
