import type { OrgInvite, OrgInviteResults } from '@rianroo/contract';
import { useId, useState } from 'react';
import { RetryAlert } from '../../../components/RetryAlert';
import { Button } from '../../../components/ui/Button';
import { Form } from '../../../components/ui/Form';
import { Alert, Card } from '../../../components/ui/Card';
import { PageLoading } from '../../../components/ui/Spinner';
import { useInvite, useInvites, useResendInvite, useRevokeInvite } from '../api/org-api';
import { ConfirmAction } from '../components/ConfirmAction';
import { Select } from '../components/Select';
import { useNotice } from '../components/use-notice';
import { useOrgI18n } from '../i18n/use-org-i18n';

type Status = OrgInvite['status'];
const STATUSES: Status[] = ['open', 'accepted', 'expired', 'revoked'];

/** Inviting by a list of addresses or a CSV file (a result per line), and the invitations with resend and withdraw. */
export default function InvitesPage({ orgId }: { orgId: string }) {
  const { t } = useOrgI18n();
  const [text, setText] = useState('');
  const [role, setRole] = useState<'member' | 'manager'>('member');
  const [results, setResults] = useState<OrgInviteResults | null>(null);
  const [fileError, setFileError] = useState(false);
  const invite = useInvite(orgId);
  const { notice, run } = useNotice();
  const textId = useId();
  const fileId = useId();
  const resultsId = useId();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold text-slate-900">{t('org.invites.title')}</h1>
      <Card>
        <Form
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            run(invite.mutateAsync({ text, role }), t('org.invites.sent', { n: 0 }))
              .then((r) => {
                setResults(r);
                if (r.invited) setText('');
              })
              .catch(() => setResults(null));
          }}
        >
          <p className="text-sm text-slate-700">{t('org.invites.lead')}</p>
          <div className="flex flex-col gap-1">
            <label htmlFor={textId} className="text-sm font-medium text-slate-800">
              {t('org.invites.emails')}
            </label>
            <textarea
              id={textId}
              rows={6}
              value={text}
              onChange={(e) => setText(e.target.value)}
              className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base focus:outline-3 focus:outline-teal-600"
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={fileId} className="text-sm font-medium text-slate-800">
              {t('org.invites.csv')}
            </label>
            <input
              id={fileId}
              type="file"
              accept=".csv,text/csv,text/plain"
              className="max-w-full text-sm"
              onChange={(e) => {
                const file = e.target.files?.[0];
                setFileError(false);
                if (file)
                  file.text().then(
                    (content) => setText(content),
                    () => setFileError(true),
                  );
              }}
            />
            {fileError && <Alert>{t('org.invites.fileFailed')}</Alert>}
          </div>
          <div className="max-w-xs">
            <Select
              label={t('org.invites.role')}
              value={role}
              onChange={(v) => setRole(v as 'member' | 'manager')}
              options={[
                ['member', t('org.invites.role.member')],
                ['manager', t('org.invites.role.manager')],
              ]}
            />
          </div>
          <div>
            <Button type="submit" busy={invite.isPending} disabled={!text.trim()}>
              {t('org.invites.send')}
            </Button>
          </div>
        </Form>
        {notice?.kind === 'error' && (
          <div className="mt-4">
            <Alert>{notice.text}</Alert>
          </div>
        )}
        {results && (
          <section aria-labelledby={resultsId} className="mt-4 flex flex-col gap-2" aria-live="polite">
            <h2 id={resultsId} className="font-semibold text-slate-900">
              {t('org.invites.results')}
            </h2>
            <Alert kind="success">{t('org.invites.sent', { n: results.invited })}</Alert>
            <ul className="flex flex-col gap-1 text-sm">
              {results.lines.map((l) => (
                <li
                  key={l.line}
                  className={`wrap-anywhere ${l.outcome === 'invited' ? 'text-emerald-800' : 'text-red-700'}`}
                >
                  {t('org.invites.line', { line: l.line })}: {l.email} —{' '}
                  {t(`org.invites.outcome.${l.outcome}`)}
                </li>
              ))}
            </ul>
          </section>
        )}
      </Card>
      <InviteList orgId={orgId} />
    </div>
  );
}

function InviteList({ orgId }: { orgId: string }) {
  const { t, siteT, date } = useOrgI18n();
  const [status, setStatus] = useState<Status | ''>('');
  const list = useInvites(orgId, {
    status: status || undefined,
    pageSize: 100,
    sort: 'createdAt',
    order: 'desc',
  });
  const resend = useResendInvite(orgId);
  const revoke = useRevokeInvite(orgId);
  const { notice, run } = useNotice();
  return (
    <Card title={t('org.invites.list')}>
      <div className="mb-4 max-w-xs">
        <Select
          label={t('org.invites.filter')}
          value={status}
          onChange={(v) => setStatus(v as Status | '')}
          options={[
            ['', t('org.members.any')],
            ...STATUSES.map((s) => [s, t(`org.invites.status.${s}`)] as const),
          ]}
        />
      </div>
      {notice && (
        <div className="mb-3">
          <Alert kind={notice.kind}>{notice.text}</Alert>
        </div>
      )}
      {list.isPending ? (
        <PageLoading label={siteT('common.loading')} />
      ) : list.isError ? (
        <RetryAlert error={list.error} onRetry={() => void list.refetch()} />
      ) : !list.data.items.length ? (
        <p className="text-slate-700">{t('org.invites.empty')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-200">
          {list.data.items.map((i) => (
            <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div className="min-w-0">
                <p className="font-medium wrap-anywhere text-slate-900">{i.email}</p>
                <p className="text-sm text-slate-600">
                  {t(`org.invites.status.${i.status}`)} · {t(`org.invites.role.${i.role}`)} ·{' '}
                  {t('org.invites.sends', { n: i.sendCount })}
                  {i.status === 'open' && ` · ${t('org.invites.expires', { date: date(i.expiresAt) })}`}
                </p>
              </div>
              {(i.status === 'open' || i.status === 'expired') && (
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="secondary"
                    aria-label={t('org.invites.resendOf', { email: i.email })}
                    busy={resend.isPending && resend.variables === i.id}
                    onClick={() =>
                      void run(resend.mutateAsync(i.id), t('org.invites.resent')).catch(() => {})
                    }
                  >
                    {t('org.invites.resend')}
                  </Button>
                  <ConfirmAction
                    label={t('org.invites.revoke')}
                    accessibleLabel={t('org.invites.revokeOf', { email: i.email })}
                    body={t('org.invites.revokeOf', { email: i.email })}
                    onConfirm={() => run(revoke.mutateAsync(i.id), t('org.invites.revoked'))}
                  />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
