import { useI18n } from '../../../lib/i18n';
import { useFreeTrialContent } from '../api/free-trial-content';
import { OfferView } from '../components/OfferView';

/** `/free-trial` (protected; anonymous visitors of paths under it are sent to register): the trial offer. */
export default function FreeTrialPage() {
  const { t } = useI18n();
  return (
    <OfferView
      content={useFreeTrialContent()}
      title={t('offer.freeTrialTitle')}
      lead={t('offer.freeTrialLead')}
      cta={t('offer.freeTrialCta')}
    />
  );
}
