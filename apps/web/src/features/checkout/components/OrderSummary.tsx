import type { Quote } from '@rianroo/contract';
import { formatBaht, planName } from '../../../lib/billing';
import { useI18n } from '../../../lib/i18n';

/** Plan, price, promo discount, total with the VAT it includes, and the period it buys. */
export function OrderSummary({ quote }: { quote: Quote }) {
  const { t, lang, date } = useI18n();
  const baht = (s: number) => formatBaht(s, lang);
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 text-slate-800">
      <dt>{t('checkout.plan')}</dt>
      <dd className="text-right font-medium">{planName(quote.plan, lang)}</dd>
      <dt>{t('checkout.price')}</dt>
      <dd className="text-right">{baht(quote.subtotalSatang)}</dd>
      {quote.coupon && (
        <>
          <dt>{t('checkout.discount', { code: quote.coupon.code })}</dt>
          <dd className="text-right text-emerald-800">−{baht(quote.discountSatang)}</dd>
        </>
      )}
      <dt className="border-t border-slate-200 pt-2 text-lg font-semibold">{t('checkout.total')}</dt>
      <dd
        className="border-t border-slate-200 pt-2 text-right text-lg font-semibold"
        data-testid="checkout-total"
      >
        {baht(quote.totalSatang)}
      </dd>
      <dd className="col-span-2 text-right text-sm text-slate-600">
        {t('checkout.vat', { amount: baht(quote.vatSatang) })}
      </dd>
      <dd className="col-span-2 text-sm text-slate-600">
        {t('checkout.period', { from: date(quote.periodStart), to: date(quote.periodEnd) })}
      </dd>
    </dl>
  );
}
