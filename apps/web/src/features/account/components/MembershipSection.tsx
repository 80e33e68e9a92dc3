import type { Subscription } from '@rianroo/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Alert, Card } from '../../../components/ui/Card';
import { Dialog } from '../../../components/ui/Dialog';
import { primaryLink, secondaryLink } from '../../../components/ui/link-styles';
import { Spinner } from '../../../components/ui/Spinner';
import { mySubscriptionKey, planName, useFreeTrial, useMySubscription } from '../../../lib/billing';
import { useErrorText } from '../../../lib/forms';
import { useI18n } from '../../../lib/i18n';
import { useToast } from '../../../lib/toast';
import { setRenewal } from '../api/membership';

/** "Membership": my plan, its status in words, until when, and renewal off or on. */
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
  const toast = useToast();
  const errorText = useErrorText();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const change = async (on: boolean) => {
    setBusy(true);
    setError(null);
    try {
      client.setQueryData(mySubscriptionKey, await setRenewal(on));
      toast(t(on ? 'membership.turnedOn' : 'membership.turnedOff'), 'success');
      setAsking(false);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  const paid = sub.plan.interval !== 'trial';
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-600">{t('membership.plan')}</dt>
        <dd className="font-medium text-slate-900">{planName(sub.plan, lang)}</dd>
        <dt className="text-slate-600">{t('membership.status')}</dt>
        <dd className="text-slate-900">{t(`membership.status.${sub.status}`)}</dd>
        <dt className="text-slate-600">{t('membership.until')}</dt>
        <dd className="text-slate-900">{date(sub.currentPeriodEnd)}</dd>
        {paid && (
          <>
            <dt className="text-slate-600">{t('membership.renewal')}</dt>
            <dd className="text-slate-900">
              {sub.autoRenew ? t('membership.renewalOn') : t('membership.renewalOff')}
            </dd>
          </>
        )}
      </dl>
      {error && <Alert>{error}</Alert>}
      <div className="flex flex-wrap gap-3">
        <Link to={`/checkout/${encodeURIComponent(paid ? sub.plan.code : 'annual')}`} className={primaryLink}>
          {paid ? t('membership.renewNow') : t('membership.seePlans')}
        </Link>
        {paid && sub.status === 'active' && (
          <Button variant="secondary" onClick={() => setAsking(true)}>
            {t('membership.turnOff')}
          </Button>
        )}
        {paid && sub.status === 'canceled' && (
          <Button variant="secondary" busy={busy} onClick={() => void change(true)}>
            {t('membership.turnOn')}
          </Button>
        )}
      </div>
      {asking && (
        <Dialog title={t('membership.confirmTitle')} onClose={() => setAsking(false)}>
          <p className="text-slate-700">
            {t('membership.confirmText', { date: date(sub.currentPeriodEnd) })}
          </p>
          <div className="mt-5 flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={() => setAsking(false)}>
              {t('membership.keep')}
            </Button>
            <Button variant="danger" busy={busy} onClick={() => void change(false)}>
              {t('membership.confirm')}
            </Button>
          </div>
        </Dialog>
      )}
    </div>
  );
}
