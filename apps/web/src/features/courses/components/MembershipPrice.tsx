import { membersFromSatang } from '@rianroo/contract/paths';
import { Link } from 'react-router';
import { textLink } from '../../../components/ui/link-styles';
import { formatBaht, useMySubscription, usePlans } from '../../../lib/billing';
import { useI18n } from '../../../lib/i18n';

/**
 * Prices in public: under a members' course, what a membership costs from (the cheapest plan billed by the month,
 * as the cards say it: `membersFromSatang`) and the way to the plans. Not shown to a learner whose subscription
 * already opens it.
 */
export function MembershipPrice() {
  const { t, lang } = useI18n();
  const plans = usePlans();
  const subscription = useMySubscription();
  if (subscription.data?.givesAccess) return null;
  const from = plans.data ? membersFromSatang(plans.data) : null;
  if (from === null) return null;
  return (
    <p className="mt-3 text-sm text-slate-700">
      {t('course.priceFrom', { price: `${formatBaht(from, lang)}${t('plan.perMonth')}` })}{' '}
      <Link to="/pricing" className={textLink}>
        {t('course.seePlans')}
      </Link>
    </p>
  );
}
