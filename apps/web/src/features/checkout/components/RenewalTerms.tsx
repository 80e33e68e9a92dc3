import type { Plan, Quote } from '@rianroo/contract';
import { useId } from 'react';
import { formatBaht } from '../../../lib/billing';
import { useI18n } from '../../../lib/i18n';

/**
 * How the learner pays and what happens at the end (issue 33): renew automatically by card (the default), or pay
 * once by card or PromptPay and be reminded before the end.
 */
export function RenewalChoice({
  autoRenew,
  onChange,
}: {
  autoRenew: boolean;
  onChange: (autoRenew: boolean) => void;
}) {
  const { t } = useI18n();
  const name = useId();
  const options = [
    { value: true, label: t('renew.auto'), hint: t('renew.autoHint') },
    { value: false, label: t('renew.once'), hint: t('renew.onceHint') },
  ];
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-3 text-lg font-semibold text-slate-900">{t('renew.choice')}</legend>
      {options.map((o) => (
        <label
          key={String(o.value)}
          className={`flex cursor-pointer items-start gap-3 rounded-xl border p-4 has-focus-visible:outline-3 has-focus-visible:outline-teal-600 ${o.value === autoRenew ? 'border-teal-600 bg-teal-50' : 'border-slate-300 bg-white'}`}
        >
          <input
            type="radio"
            name={name}
            checked={o.value === autoRenew}
            onChange={() => onChange(o.value)}
            className="mt-1 size-5 shrink-0 accent-teal-700"
          />
          <span className="min-w-0">
            <span className="block font-medium text-slate-900">{o.label}</span>
            <span className="block text-sm text-slate-600">{o.hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/**
 * What happens at the end of the period the quote buys, in words: "renews automatically on <date> at ฿<the plan's
 * price>; cancel any time" or "ends on <date>; we will remind you"; and, when the new period follows a running
 * one, that the days left are credited and when the new period starts.
 */
export function RenewalTerms({
  quote,
  autoRenew,
  plan = quote.plan,
}: {
  quote: Pick<Quote, 'periodStart' | 'periodEnd' | 'creditDays'> & { plan: Plan };
  autoRenew: boolean;
  /** The plan whose price a renewal charges (an order's plan; the quote's by default). */
  plan?: Plan;
}) {
  const { t, lang, date } = useI18n();
  return (
    <div className="flex flex-col gap-2" aria-live="polite">
      <p className="font-medium text-slate-900" data-testid="renewal-terms">
        {autoRenew
          ? t('renew.renewsOn', { date: date(quote.periodEnd), amount: formatBaht(plan.priceSatang, lang) })
          : t('renew.endsOn', { date: date(quote.periodEnd) })}
      </p>
      {quote.creditDays > 0 && (
        <p className="text-sm text-slate-700" data-testid="renewal-credit">
          {t('renew.credit', { days: quote.creditDays, date: date(quote.periodStart) })}
        </p>
      )}
    </div>
  );
}
