import { Link } from 'react-router';
import { CheckoutLink } from '../../../components/CheckoutLink';
import { Alert } from '../../../components/ui/Card';
import { Button } from '../../../components/ui/Button';
import { primaryLink, secondaryLink, textLink } from '../../../components/ui/link-styles';
import { PageLoading } from '../../../components/ui/Spinner';
import { planName, usePlans, useMySubscription } from '../../../lib/billing';
import { useI18n } from '../../../lib/i18n';
import { TRIAL_START_PATH } from '../../../lib/trial-intent';
import { useLoggedIn } from '../../../lib/use-session';
import { useDocumentMeta } from '../../../lib/use-document-meta';
import { PlanCard } from './PlanCard';

/**
 * The plans on sale with their prices and the way to each checkout. A subscriber sees their plan marked, until
 * when it runs, and no trial offer. `only` shows one plan (the `/product/:plan` pages).
 */
export function PlansView({ title, lead, only }: { title: string; lead: string; only?: string }) {
  const { t, lang, date } = useI18n();
  const plans = usePlans();
  const subscription = useMySubscription();
  const loggedIn = useLoggedIn();
  useDocumentMeta(`${title} · ${t('app.name')}`, lead);
  if (plans.isPending) return <PageLoading label={t('common.loading')} />;
  if (plans.isError)
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <Alert>{t('pricing.loadError')}</Alert>
        <Button variant="secondary" className="mt-4" onClick={() => void plans.refetch()}>
          {t('pricing.retry')}
        </Button>
      </div>
    );
  const current = subscription.data?.givesAccess ? subscription.data : null;
  const monthly = plans.data.find((p) => p.interval === 'month');
  const shown = plans.data.filter((p) => (!only || p.code === only) && !(p.interval === 'trial' && current));
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
      <p className="mt-2 text-lg text-slate-700">{lead}</p>
      {current && (
        <div className="mt-6">
          <Alert kind="info">
            {current.status === 'trialing'
              ? t('pricing.trialUntil', { date: date(current.currentPeriodEnd) })
              : t('pricing.subscribedUntil', {
                  plan: planName(current.plan, lang),
                  date: date(current.currentPeriodEnd),
                })}{' '}
            {t('pricing.renewNote')}
          </Alert>
        </div>
      )}
      {only && shown.length === 0 ? (
        <div className="mt-8 flex flex-col items-start gap-4">
          <Alert>{t('product.unknown')}</Alert>
          <Link to="/pricing" className={textLink}>
            {t('product.allPlans')}
          </Link>
        </div>
      ) : (
        <div className={`mt-8 grid gap-5 ${shown.length > 1 ? 'md:grid-cols-3' : 'max-w-md'}`}>
          {shown.map((plan) => {
            const mine = current?.plan.code === plan.code;
            const label =
              plan.interval === 'trial'
                ? t('plan.startTrial')
                : t(mine ? 'plan.renew' : 'plan.choose', { name: planName(plan, lang) });
            return (
              <PlanCard
                key={plan.code}
                plan={plan}
                monthly={monthly}
                highlighted={plan.interval === 'year'}
                current={mine}
              >
                <CheckoutLink
                  url={
                    // A visitor's trial: sign-up that names it, and the trial started after it.
                    plan.interval === 'trial' && !loggedIn
                      ? TRIAL_START_PATH
                      : `/checkout/${encodeURIComponent(plan.code)}`
                  }
                  className={`${plan.interval === 'year' ? primaryLink : secondaryLink} w-full`}
                >
                  {label}
                </CheckoutLink>
              </PlanCard>
            );
          })}
        </div>
      )}
      <p className="mt-6 text-sm text-slate-600">{t('plan.vatIncluded')}</p>
      {only && shown.length > 0 && (
        <Link to="/pricing" className={`${textLink} mt-2 inline-block text-sm`}>
          {t('product.allPlans')}
        </Link>
      )}
    </div>
  );
}
