import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, Card } from '../../../components/ui/Card';
import { Button } from '../../../components/ui/Button';
import { PageLoading } from '../../../components/ui/Spinner';
import { textLink } from '../../../components/ui/link-styles';
import { useErrorText } from '../../../lib/forms';
import { AuditDiff } from '../audit/AuditDiff';
import { AdminPage } from '../components/AdminPage';
import { Facts } from '../components/Fields';
import { useAdminI18n } from '../i18n';
import { ChangeForm } from './ChangeForm';
import { useDataRequest } from './data-requests-api';
import { DueCell } from './DueCell';

/** /admin/data-requests/:id: one request, the learner it is about, its status and resolution, its history. */
export default function DataRequestPage() {
  const { id = '' } = useParams();
  const { t, siteT, date } = useAdminI18n();
  const errorText = useErrorText();
  const query = useDataRequest(id);
  const back = (
    <Link to="/admin/data-requests" className={textLink}>
      ← {t('admin.dr.back')}
    </Link>
  );
  if (query.isPending) return <PageLoading label={siteT('common.loading')} />;
  if (query.isError)
    return (
      <div className="flex flex-col gap-4">
        {back}
        <Alert>
          <span className="mr-3">{errorText(query.error)}</span>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {t('admin.table.retry')}
          </Button>
        </Alert>
      </div>
    );
  const r = query.data;
  const closed = r.status === 'done' || r.status === 'rejected';
  const facts: [string, ReactNode][] = [
    [t('admin.dr.status'), t(`admin.dr.status.${r.status}`)],
    [t('admin.dr.requesterEmail'), r.requesterEmail],
    [
      t('admin.dr.learner'),
      r.user ? (
        <Link to={`/admin/users/${r.user.id}`} className={textLink}>
          {r.user.name} · {r.user.email}
        </Link>
      ) : (
        t('admin.dr.noAccount')
      ),
    ],
    [t('admin.dr.source'), t(`admin.dr.source.${r.source}`)],
    [t('admin.dr.received'), date(r.receivedAt)],
    [t('admin.dr.due'), <DueCell request={r} />],
  ];
  if (r.closedAt) facts.push([t('admin.dr.closed'), date(r.closedAt)]);
  facts.push([t('admin.dr.details'), <span className="whitespace-pre-wrap">{r.details}</span>]);
  if (closed)
    facts.push([t('admin.dr.resolution'), <span className="whitespace-pre-wrap">{r.resolution}</span>]);
  return (
    <AdminPage title={t(`admin.dr.kind.${r.kind}`)} lead={r.requesterEmail} actions={back}>
      <Card>
        <Facts rows={facts} />
      </Card>
      <Card title={t('admin.dr.change')}>
        {closed ? (
          <p className="text-slate-700">{t('admin.dr.closedNote')}</p>
        ) : (
          <ChangeForm key={`${r.status}:${r.updatedAt}`} request={r} />
        )}
      </Card>
      <Card title={t('admin.dr.history')}>
        {r.history.length === 0 ? (
          <p className="text-slate-600">{t('admin.dr.noHistory')}</p>
        ) : (
          <ol className="flex flex-col gap-4">
            {r.history.map((h) => (
              <li key={h.id} className="border-b border-slate-100 pb-3 last:border-0">
                <p className="text-sm">
                  <span className="font-medium">{date(h.at)}</span> ·{' '}
                  {h.actor?.name ?? t('admin.audit.system')} · <code>{h.action}</code>
                </p>
                <AuditDiff before={h.before} after={h.after} />
              </li>
            ))}
          </ol>
        )}
      </Card>
    </AdminPage>
  );
}
