import { useSearchParams } from 'react-router';
import { useI18n } from '../../../lib/i18n';
import { useRenewalContent } from '../api/renewal-content';
import { OfferView } from '../components/OfferView';

/** `/renewal` (protected): the renewal offer; a `cpc` promo code in the page's query goes on to checkout. */
export default function RenewalPage() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  return (
    <OfferView
      content={useRenewalContent()}
      title={t('offer.renewalTitle')}
      lead={t('offer.renewalLead')}
      cta={t('offer.renewalCta')}
      cpc={params.get('cpc')}
    />
  );
}
