import { useSearchParams } from 'react-router';
import { planName, useMySubscription } from '../../../lib/billing';
import { useI18n } from '../../../lib/i18n';
import { useExpiredSubscriptions } from '../api/expired-subscriptions';
import { useRenewalContent } from '../api/renewal-content';
import { OfferView } from '../components/OfferView';

/**
 * `/renewal` (protected): the renewal offer, with the learner's ended plan (or the current one, which a renewal
 * extends from its end); a `cpc` promo code in the page's query goes on to checkout.
 */
export default function RenewalPage() {
  const { t, lang, date } = useI18n();
  const [params] = useSearchParams();
  const expired = useExpiredSubscriptions();
  const current = useMySubscription().data;
  const last = expired.data?.[0];
  const notice = current?.givesAccess ? (
    <p className="rounded-lg bg-sky-50 px-3 py-2 text-sky-950">
      {t('renewal.current', { plan: planName(current.plan, lang), date: date(current.currentPeriodEnd) })}
    </p>
  ) : last ? (
    <p className="rounded-lg bg-amber-50 px-3 py-2 text-amber-950">
      {t('renewal.ended', { plan: planName(last.plan, lang), date: date(last.currentPeriodEnd) })}
    </p>
  ) : null;
  return (
    <OfferView
      content={useRenewalContent()}
      title={t('offer.renewalTitle')}
      lead={t('offer.renewalLead')}
      cta={t('offer.renewalCta')}
      cpc={params.get('cpc')}
      fallbackUrl="/checkout/annual"
      notice={notice}
    />
  );
}
