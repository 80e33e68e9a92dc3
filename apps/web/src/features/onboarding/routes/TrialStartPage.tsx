import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { RetryAlert } from '../../../components/RetryAlert';
import { Alert, AuthShell } from '../../../components/ui/Card';
import { primaryLink, secondaryLink } from '../../../components/ui/link-styles';
import { PageLoading } from '../../../components/ui/Spinner';
import { freeTrialKey, mySubscriptionKey, useFreeTrial, useMySubscription } from '../../../lib/billing';
import { ApiError } from '../../../lib/api-error';
import { useI18n } from '../../../lib/i18n';
import { useDocumentMeta } from '../../../lib/use-document-meta';
import { startTrial } from '../api/start-trial';

const notEligible = (err: unknown) => err instanceof ApiError && err.code === 'TRIAL_NOT_ELIGIBLE';

/**
 * `/free-trial/start` (protected: a visitor signs up first, lib/trial-intent.ts): the free trial a learner asked
 * for, started on arrival when this account may still have it, then until when it runs (in the learner's
 * calendar: B.E. in Thai). An account that had its trial, or is a member, is told so plainly, with the way on.
 */
export default function TrialStartPage() {
  const { t, date } = useI18n();
  const client = useQueryClient();
  const trial = useFreeTrial();
  const subscription = useMySubscription();
  const { mutate, ...start } = useMutation({
    mutationFn: startTrial,
    onSuccess: (status) => {
      client.setQueryData(freeTrialKey, status);
      void client.invalidateQueries({ queryKey: mySubscriptionKey });
    },
    // Refused as not eligible (started in another tab meanwhile, or a membership): read the state again.
    onError: (err) => {
      if (!notEligible(err)) return;
      void client.invalidateQueries({ queryKey: freeTrialKey });
      void client.invalidateQueries({ queryKey: mySubscriptionKey });
    },
  });
  const status = trial.data;
  const mayStart = !!status?.eligible && !status.active;
  // Once per visit of the page (also under StrictMode): a second start would only be refused.
  const asked = useRef(false);
  useEffect(() => {
    if (!mayStart || asked.current) return;
    asked.current = true;
    mutate();
  }, [mayStart, mutate]);
  useDocumentMeta(`${t('offer.freeTrialTitle')} · ${t('app.name')}`, null);

  if (trial.isError)
    return (
      <AuthShell title={t('offer.freeTrialTitle')}>
        <RetryAlert error={trial.error} onRetry={() => void trial.refetch()} />
      </AuthShell>
    );
  const refused = notEligible(start.error);
  const settling = !status?.active && (mayStart ? start.isIdle : subscription.isPending);
  if (!status || start.isPending || (settling && !start.isError))
    return <PageLoading label={t('trialStart.starting')} />;
  if (start.isError && !refused)
    return (
      <AuthShell title={t('trialStart.failedTitle')}>
        <div className="flex flex-col items-start gap-4">
          <RetryAlert error={start.error} onRetry={() => mutate()} />
          <Link to="/pricing" className={secondaryLink}>
            {t('preview.seePlans')}
          </Link>
        </div>
      </AuthShell>
    );
  if (status.active && status.endsAt)
    return (
      <AuthShell title={t('trialStart.title')}>
        <div className="flex flex-col items-start gap-4">
          <Alert kind="success">{t('trialStart.until', { date: date(status.endsAt) })}</Alert>
          <div className="flex flex-wrap gap-3">
            <Link to="/library" className={primaryLink}>
              {t('checkout.goLibrary')}
            </Link>
            <Link to="/courses" className={secondaryLink}>
              {t('trialStart.browse')}
            </Link>
          </div>
        </div>
      </AuthShell>
    );
  const member = subscription.data?.givesAccess ? subscription.data : null;
  if (member)
    return (
      <AuthShell title={t('trialStart.memberTitle')}>
        <div className="flex flex-col items-start gap-4">
          <p className="text-slate-700">{t('trial.subscribed', { date: date(member.currentPeriodEnd) })}</p>
          <Link to="/library" className={primaryLink}>
            {t('checkout.goLibrary')}
          </Link>
        </div>
      </AuthShell>
    );
  return (
    <AuthShell title={t('trialStart.usedTitle')}>
      <div className="flex flex-col items-start gap-4">
        <p className="text-slate-700">{t('trialStart.used')}</p>
        <Link to="/pricing" className={primaryLink}>
          {t('preview.seePlans')}
        </Link>
      </div>
    </AuthShell>
  );
}
