import { useEffect, useId, useState } from 'react';
import { RetryAlert } from '../../../components/RetryAlert';
import { Button } from '../../../components/ui/Button';
import { Form } from '../../../components/ui/Form';
import { Alert, Card } from '../../../components/ui/Card';
import { PageLoading } from '../../../components/ui/Spinner';
import { TextField } from '../../../components/ui/TextField';
import { ApiError } from '../../../lib/api-error';
import { useManagers, useRemoveManager, useSaveSettings, useSettings } from '../api/org-api';
import { ConfirmAction } from '../components/ConfirmAction';
import { useNotice } from '../components/use-notice';
import { useOrgI18n } from '../i18n/use-org-i18n';

/** How learners join (e-mail domains, partner sign-in) and the organisation's managers. */
export default function SettingsPage({ orgId }: { orgId: string }) {
  const { t } = useOrgI18n();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold text-slate-900">{t('org.nav.settings')}</h1>
      <JoinSettings orgId={orgId} />
      <Managers orgId={orgId} />
    </div>
  );
}

function JoinSettings({ orgId }: { orgId: string }) {
  const { t, siteT } = useOrgI18n();
  const settings = useSettings(orgId);
  const save = useSaveSettings(orgId);
  const { notice, run } = useNotice();
  const [domains, setDomains] = useState('');
  const [sso, setSso] = useState('');
  const [bad, setBad] = useState<string[]>([]);
  const domainsId = useId();
  useEffect(() => {
    if (!settings.data) return;
    setDomains(settings.data.emailDomains.join('\n'));
    setSso(settings.data.ssoProvider ?? '');
  }, [settings.data]);
  if (settings.isPending) return <PageLoading label={siteT('common.loading')} />;
  if (settings.isError) return <RetryAlert error={settings.error} onRetry={() => void settings.refetch()} />;
  const list = domains
    .split(/[\s,]+/)
    .map((d) => d.trim())
    .filter(Boolean);
  return (
    <Card title={t('org.settings.title')}>
      <Form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          setBad([]);
          run(
            save.mutateAsync({ emailDomains: list, ssoProvider: sso.trim() || null }),
            t('org.settings.saved'),
          ).catch((err: unknown) => {
            // Name the values refused (a domain another organisation has, one that is not a domain).
            if (err instanceof ApiError)
              setBad(
                err.details.map((d) => {
                  const i = /^emailDomains\.(\d+)/.exec(d.path);
                  return i ? (list[Number(i[1])] ?? d.path) : sso;
                }),
              );
          });
        }}
      >
        <p className="text-sm text-slate-700">{t('org.settings.lead')}</p>
        {settings.data.requiresContact && (
          <p className="text-sm text-slate-700">{t('org.settings.contact')}</p>
        )}
        <div className="flex flex-col gap-1">
          <label htmlFor={domainsId} className="text-sm font-medium text-slate-800">
            {t('org.settings.domains')}
          </label>
          <textarea
            id={domainsId}
            rows={4}
            value={domains}
            onChange={(e) => setDomains(e.target.value)}
            className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base focus:outline-3 focus:outline-teal-600"
          />
        </div>
        <TextField label={t('org.settings.sso')} value={sso} onChange={(e) => setSso(e.target.value)} />
        {notice && (
          <Alert kind={notice.kind}>
            {notice.text}
            {notice.kind === 'error' && bad.length > 0 && (
              <span className="block">{t('org.settings.bad', { values: bad.join(', ') })}</span>
            )}
          </Alert>
        )}
        <div>
          <Button type="submit" busy={save.isPending}>
            {siteT('common.save')}
          </Button>
        </div>
      </Form>
    </Card>
  );
}

function Managers({ orgId }: { orgId: string }) {
  const { t, siteT, date } = useOrgI18n();
  const managers = useManagers(orgId);
  const remove = useRemoveManager(orgId);
  const { notice, run } = useNotice();
  return (
    <Card title={t('org.managers.title')}>
      <p className="mb-3 text-sm text-slate-700">{t('org.managers.lead')}</p>
      {notice && (
        <div className="mb-3">
          <Alert kind={notice.kind}>{notice.text}</Alert>
        </div>
      )}
      {managers.isPending ? (
        <PageLoading label={siteT('common.loading')} />
      ) : managers.isError ? (
        <RetryAlert error={managers.error} onRetry={() => void managers.refetch()} />
      ) : (
        <ul className="flex flex-col divide-y divide-slate-200">
          {managers.data.map((m) => (
            <li key={m.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div className="min-w-0">
                <p className="font-medium wrap-anywhere text-slate-900">{m.name}</p>
                <p className="text-sm wrap-anywhere text-slate-600">
                  {m.email} · {t('org.managers.since', { date: date(m.addedAt) })}
                </p>
              </div>
              <ConfirmAction
                label={t('org.managers.remove')}
                accessibleLabel={t('org.managers.removeOf', { name: m.name })}
                body={t('org.managers.removeOf', { name: m.name })}
                onConfirm={() => run(remove.mutateAsync(m.id), t('org.managers.removed'))}
              />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
