import type { Plan } from '@rianroo/contract';
import { Link } from 'react-router';
import { CheckoutLink } from '../../../components/CheckoutLink';
import { Button } from '../../../components/ui/Button';
import { Alert } from '../../../components/ui/Card';
import { primaryLink, secondaryLink, textLink } from '../../../components/ui/link-styles';
import { Spinner } from '../../../components/ui/Spinner';
import { annualSaving, formatBaht, planName, useMySubscription, usePlans } from '../../../lib/billing';
import { useI18n } from '../../../lib/i18n';

function PlanOffer({ plan, monthly }: { plan: Plan; monthly: Plan | undefined }) {
  const { t, lang } = useI18n();
  const saving = annualSaving(plan, monthly);
  const annual = plan.interval === 'year';
  return (
    <li
      className={`flex flex-col gap-2 rounded-2xl border bg-white p-5 shadow-sm ${annual ? 'border-teal-600 ring-2 ring-teal-600' : 'border-slate-200'}`}
    >
      <h3 className="font-semibold text-slate-900">{planName(plan, lang)}</h3>
      <p className="flex flex-wrap items-baseline gap-1">
        {plan.interval === 'trial' ? (
          <span className="text-2xl font-bold text-slate-900">
            {t('plan.trialDays', { days: plan.intervalCount })}
          </span>
        ) : (
          <>
            <span className="text-2xl font-bold text-slate-900">{formatBaht(plan.priceSatang, lang)}</span>
            <span className="text-slate-600">{t(annual ? 'plan.perYear' : 'plan.perMonth')}</span>
          </>
        )}
      </p>
      {saving > 0 && (
        <p className="text-sm font-medium text-emerald-800">{t('plan.annualSaving', { percent: saving })}</p>
      )}
      <CheckoutLink
        url={`/checkout/${encodeURIComponent(plan.code)}`}
        className={`${annual ? primaryLink : secondaryLink} mt-auto w-full`}
      >
        {plan.interval === 'trial' ? t('plan.startTrial') : t('plan.choose', { name: planName(plan, lang) })}
      </CheckoutLink>
    </li>
  );
}

/**
 * The plans' prices on the home page (issue 33: a visitor sees what membership costs before signing up): the
 * free trial, monthly and annual with its saving, each leading to its checkout, from the plans on sale. A
 * member whose subscription gives access has no need of them.
 */
export function HomePlans() {
  const { t } = useI18n();
  const plans = usePlans();
  const subscription = useMySubscription();
  if (subscription.data?.givesAccess || plans.data?.length === 0) return null;
  const monthly = plans.data?.find((p) => p.interval === 'month');
  return (
    <section
      className="mx-auto max-w-6xl px-4 pb-16"
      aria-labelledby="plans-title"
      aria-busy={plans.isPending}
    >
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="plans-title" className="text-xl font-semibold">
          {t('home.plans.title')}
        </h2>
        <Link to="/pricing" className={`${textLink} text-sm`}>
          {t('home.plans.all')}
        </Link>
      </div>
      <p className="mb-4 text-slate-700">{t('home.plans.lead')}</p>
      {plans.isPending && <Spinner label={t('common.loading')} />}
      {plans.isError && (
        <div className="flex flex-col items-start gap-3">
          <Alert>{t('home.plans.error')}</Alert>
          <Button variant="secondary" onClick={() => void plans.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      )}
      {plans.data && (
        <ul className="grid gap-5 md:grid-cols-3">
          {plans.data.map((plan) => (
            <PlanOffer key={plan.code} plan={plan} monthly={monthly} />
          ))}
        </ul>
      )}
    </section>
  );
}
