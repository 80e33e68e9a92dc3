import { useParams } from 'react-router';
import { useI18n } from '../../../lib/i18n';
import { PlansView } from '../components/PlansView';

/** `/product` and `/product/:plan` (protected by the spec): the plans for a logged-in learner, or one of them. */
export default function ProductPage() {
  const { t } = useI18n();
  const { plan } = useParams();
  return <PlansView title={t('product.title')} lead={t('pricing.lead')} only={plan} />;
}
