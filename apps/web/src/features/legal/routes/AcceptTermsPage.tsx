import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { RetryAlert } from '../../../components/RetryAlert';
import { Button } from '../../../components/ui/Button';
import { AuthShell } from '../../../components/ui/Card';
import { PageLoading } from '../../../components/ui/Spinner';
import { textLink } from '../../../components/ui/link-styles';
import { useErrorText } from '../../../lib/forms';
import { useI18n } from '../../../lib/i18n';
import { useLegalStatus } from '../../../lib/legal';
import { safeRedirect } from '../../../lib/protected-paths';
import { useLoggedIn } from '../../../lib/use-session';
import { useAcceptDocuments } from '../api/legal';

/**
 * `/accept-terms`: the gate the route guard sends a signed-in learner to while a document in effect is not
 * accepted (a first social or partner sign-in, a new version). What changed, the full texts, accept, or sign
 * out; accepted, the learner goes on to the page they wanted.
 */
export default function AcceptTermsPage() {
  const { t, lang, date } = useI18n();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = safeRedirect(params.get('redirect'));
  const loggedIn = useLoggedIn();
  const status = useLegalStatus();
  const accept = useAcceptDocuments();
  const errorText = useErrorText();
  const pending = status.data?.pending;
  const done = !loggedIn || pending?.length === 0;
  useEffect(() => {
    if (done) navigate(loggedIn ? target : '/', { replace: true });
  }, [done, loggedIn, navigate, target]);
  if (status.isError)
    return (
      <AuthShell title={t('gate.title')}>
        <RetryAlert error={status.error} onRetry={() => void status.refetch()} />
      </AuthShell>
    );
  if (!pending || done) return <PageLoading label={t('common.loading')} />;
  const renewal = pending.every((d) => d.renewal);
  return (
    <AuthShell title={t('gate.title')} lead={renewal ? t('gate.leadRenewal') : t('gate.leadFirst')}>
      <ul className="flex flex-col gap-4">
        {pending.map((d) => {
          const title = lang === 'th' ? d.titleTh : d.titleEn;
          const changes = lang === 'th' ? d.changesTh : d.changesEn;
          return (
            <li key={d.id} className="rounded-xl border border-slate-200 p-4">
              <h2 className="font-semibold text-slate-900">{title}</h2>
              <p className="text-sm text-slate-600">
                {t('gate.effective', { version: d.version, date: date(d.effectiveAt) })}
              </p>
              {d.renewal && changes && (
                <div className="mt-2">
                  <p className="text-sm font-medium text-slate-800">{t('gate.changes')}</p>
                  <p className="text-sm break-words whitespace-pre-line text-slate-700">{changes}</p>
                </div>
              )}
              <Link className={`${textLink} mt-2 inline-block`} to={`/${d.kind}`} target="_blank">
                {t('gate.read', { title })}
              </Link>
            </li>
          );
        })}
      </ul>
      {accept.isError && (
        <p role="alert" className="mt-4 text-sm text-red-700">
          {errorText(accept.error)}
        </p>
      )}
      <div className="mt-6 flex flex-col gap-3">
        <Button
          busy={accept.isPending}
          onClick={() =>
            accept.mutate({ documents: pending.map((d) => ({ kind: d.kind, version: d.version })) })
          }
        >
          {accept.isPending ? t('gate.accepting') : t('gate.accept')}
        </Button>
        <Link to="/logout" className={`${textLink} self-center`}>
          {t('gate.signOut')}
        </Link>
      </div>
    </AuthShell>
  );
}
