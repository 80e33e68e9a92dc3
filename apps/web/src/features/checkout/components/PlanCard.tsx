import type { Plan } from '@rianroo/contract';
import type { ReactNode } from 'react';
import { LineIcon } from '../../../components/ui/Icon';
import { annualSaving, formatBaht, planName } from '../../../lib/billing';
import { useI18n } from '../../../lib/i18n';

/** The price of a plan as a learner reads it: "฿299/เดือน", "ฟรี 7 วัน". */
export function PlanPrice({ plan }: { plan: Plan }) {
  const { t, lang } = useI18n();
  if (plan.interval === 'trial') return <>{t('plan.trialDays', { days: plan.intervalCount })}</>;
  return (
    <>
      <span className="text-3xl font-bold text-slate-900">{formatBaht(plan.priceSatang, lang)}</span>
      <span className="text-slate-600">{t(plan.interval === 'year' ? 'plan.perYear' : 'plan.perMonth')}</span>
    </>
  );
}

/** One plan: name, price, what it gives, and its call to action (a checkout link or a note). */
export function PlanCard({
  plan,
  monthly,
  highlighted = false,
  current = false,
  children,
}: {
  plan: Plan;
  /** The monthly plan, to say what the annual one saves. */
  monthly?: Plan;
  highlighted?: boolean;
  current?: boolean;
  children?: ReactNode;
}) {
  const { t, lang } = useI18n();
  const saving = annualSaving(plan, monthly);
  const benefits =
    plan.interval === 'trial'
      ? [t('plan.benefitCourses'), t('plan.benefitTrial')]
      : [t('plan.benefitCourses'), t('plan.benefitSummaries'), t('plan.benefitCertificates')];
  return (
    <article
      aria-labelledby={`plan-${plan.code}`}
      className={`flex flex-col gap-4 rounded-2xl border bg-white p-5 shadow-sm sm:p-6 ${highlighted ? 'border-teal-600 ring-2 ring-teal-600' : 'border-slate-200'}`}
    >
      <div>
        <h2 id={`plan-${plan.code}`} className="text-xl font-semibold text-slate-900">
          {planName(plan, lang)}
        </h2>
        {current && (
          <p className="mt-1 inline-block rounded-full bg-teal-50 px-2 py-0.5 text-sm font-medium text-teal-900">
            {t('plan.current')}
          </p>
        )}
      </div>
      <p className="flex items-baseline gap-1 text-lg font-semibold text-slate-900">
        <PlanPrice plan={plan} />
      </p>
      {plan.interval !== 'trial' && (
        <p className="text-sm text-slate-600">
          {t(plan.interval === 'year' ? 'renew.perYear' : 'renew.perMonth')}
        </p>
      )}
      {saving > 0 && (
        <p className="text-sm font-medium text-emerald-800">{t('plan.annualSaving', { percent: saving })}</p>
      )}
      <ul className="flex flex-col gap-2 text-slate-700">
        {benefits.map((b) => (
          <li key={b} className="flex items-start gap-2">
            <LineIcon d="M5 12l5 5L20 7" className="mt-1 h-4 w-4 shrink-0 text-teal-700" />
            <span>{b}</span>
          </li>
        ))}
      </ul>
      <div className="mt-auto">{children}</div>
    </article>
  );
}
