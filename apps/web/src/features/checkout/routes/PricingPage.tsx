import { useI18n } from '../../../lib/i18n';
import { PlansView } from '../components/PlansView';

/** `/pricing` (public): the plans and their prices, for visitors and learners alike. */
export default function PricingPage() {
  const { t } = useI18n();
  return <PlansView title={t('pricing.title')} lead={t('pricing.lead')} />;
}
