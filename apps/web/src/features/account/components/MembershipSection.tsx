import type { Subscription } from '@rianroo/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Alert, Card } from '../../../components/ui/Card';
import { Dialog } from '../../../components/ui/Dialog';
import { primaryLink, secondaryLink } from '../../../components/ui/link-styles';
import { Spinner } from '../../../components/ui/Spinner';
import {
  formatBaht,
  goTo,
  mySubscriptionKey,
  planName,
  startCardSession,
  useFreeTrial,
  useMySubscription,
} from '../../../lib/billing';
import { useErrorText } from '../../../lib/forms';
import { useI18n } from '../../../lib/i18n';
import { useToast } from '../../../lib/toast';
import { setRenewal } from '../api/membership';

/** "Membership": my plan, its status in words, until when, and exactly what happens at the end (issue 33). */
export function MembershipSection() {
  const { t } = useI18n();
  const subscription = useMySubscription();
  const trial = useFreeTrial();
  return (
    <Card title={t('membership.title')}>
      {subscription.isPending ? (
        <div className="min-h-16">
          <Spinner label={t('common.loading')} />
        </div>
      ) : subscription.data ? (
        <Membership sub={subscription.data} />
      ) : (
        <div className="flex flex-col items-start gap-3">
          <p className="text-slate-700">{t('membership.none')}</p>
          <div className="flex flex-wrap gap-3">
            <Link to="/pricing" className={primaryLink}>
              {t('membership.seePlans')}
            </Link>
            {trial.data?.eligible && (
              <Link to="/free-trial" className={secondaryLink}>
                {t('membership.tryFree')}
              </Link>
            )}
          </div>
        </div>
      )}
    </Card>
  );
}

function Membership({ sub }: { sub: Subscription }) {
  const { t, lang, date } = useI18n();
  const client = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const errorText = useErrorText();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState<'renewal' | 'card' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const change = async (on: boolean) => {
    setBusy('renewal');
    setError(null);
    try {
      client.setQueryData(mySubscriptionKey, await setRenewal(on));
      toast(t(on ? 'renew.resumed' : 'renew.canceled'), 'success');
      setAsking(false);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(null);
    }
  };
  // The card is changed on the provider's page (Stripe) or this site's test-card page (the sandbox).
  const updateCard = async () => {
    setBusy('card');
    setError(null);
    try {
      goTo((await startCardSession()).redirectUrl, navigate);
    } catch (err) {
      setError(errorText(err));
      setBusy(null);
    }
  };

  const trial = sub.plan.interval === 'trial';
  const renewLink = `/checkout/${encodeURIComponent(sub.plan.code)}`;
  const until = sub.paymentFailed && sub.graceUntil ? sub.graceUntil : sub.currentPeriodEnd;
  const card = sub.card ? ` ${t('renew.account.card', { last4: sub.card.last4 })}` : '';
  const terms =
    sub.status === 'expired'
      ? t('renew.account.expired')
      : trial
        ? t('renew.account.trialEnds', { date: date(sub.currentPeriodEnd) })
        : sub.renewal === 'automatic'
          ? t('renew.account.automatic', {
              date: date(sub.renewsAt ?? sub.currentPeriodEnd),
              amount: formatBaht(sub.renewalAmountSatang ?? sub.plan.priceSatang, lang),
            }) + card
          : sub.renewal === 'reminder'
            ? t('renew.account.reminder', { date: date(sub.currentPeriodEnd) })
            : t('renew.account.ends', { date: date(sub.currentPeriodEnd) });

  const cardButton = (label: string, variant: 'primary' | 'secondary') => (
    <Button variant={variant} busy={busy === 'card'} onClick={() => void updateCard()}>
      {label}
    </Button>
  );
  return (
    <div className="flex flex-col gap-4">
      {sub.paymentFailed && (
        <div role="alert" className="rounded-xl border-2 border-red-300 bg-red-50 p-4 text-red-900">
          <p className="font-semibold">{t('renew.failedTitle')}</p>
          <p className="mt-1">
            {sub.nextAttemptAt
              ? t('renew.failed', { grace: date(until), next: date(sub.nextAttemptAt) })
              : t('renew.failedLast', { grace: date(until) })}
          </p>
          <p className="mt-1 text-sm">{t('renew.failedHint')}</p>
          <div className="mt-3">{cardButton(t('renew.updateCard'), 'primary')}</div>
        </div>
      )}
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-600">{t('membership.plan')}</dt>
        <dd className="font-medium text-slate-900">{planName(sub.plan, lang)}</dd>
        <dt className="text-slate-600">{t('membership.status')}</dt>
        <dd className="text-slate-900">{t(`membership.status.${sub.status}`)}</dd>
        <dt className="text-slate-600">{t('membership.until')}</dt>
        <dd className="text-slate-900">{date(until)}</dd>
      </dl>
      <p className="font-medium text-slate-900" data-testid="renewal-terms">
        {terms}
      </p>
      {error && <Alert>{error}</Alert>}
      <div className="flex flex-wrap gap-3">
        {trial || sub.status === 'expired' ? (
          <Link to="/pricing" className={primaryLink}>
            {t('membership.seePlans')}
          </Link>
        ) : sub.renewal === 'automatic' ? (
          <>
            <Button variant="secondary" onClick={() => setAsking(true)}>
              {t('renew.cancel')}
            </Button>
            {!sub.paymentFailed && cardButton(t('renew.changeCard'), 'secondary')}
          </>
        ) : sub.status === 'canceled' ? (
          <>
            <Button busy={busy === 'renewal'} onClick={() => void change(true)}>
              {t(sub.card ? 'renew.resume' : 'membership.turnOn')}
            </Button>
            <Link to={renewLink} className={secondaryLink}>
              {t('renew.renewNow')}
            </Link>
          </>
        ) : (
          <>
            <Link to={renewLink} className={primaryLink}>
              {t('renew.renewNow')}
            </Link>
            {sub.renewal === 'reminder' && (
              <Button variant="secondary" busy={busy === 'renewal'} onClick={() => void change(false)}>
                {t('renew.stopReminders')}
              </Button>
            )}
          </>
        )}
      </div>
      {asking && (
        <Dialog title={t('renew.cancelTitle')} onClose={() => setAsking(false)}>
          <p className="text-slate-700">{t('renew.cancelText', { date: date(until) })}</p>
          <div className="mt-5 flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={() => setAsking(false)}>
              {t('renew.cancelKeep')}
            </Button>
            <Button variant="danger" busy={busy === 'renewal'} onClick={() => void change(false)}>
              {t('renew.cancel')}
            </Button>
          </div>
        </Dialog>
      )}
    </div>
  );
}
