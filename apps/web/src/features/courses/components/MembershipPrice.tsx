import { Link } from 'react-router';
import { textLink } from '../../../components/ui/link-styles';
import { formatBaht, useMySubscription, usePlans } from '../../../lib/billing';
import { useI18n } from '../../../lib/i18n';

/**
 * Prices in public: under a members' course, what a membership costs from (the cheapest paid plan by the month) and
 * the way to the plans. Not shown to a learner whose subscription already opens it.
 */
export function MembershipPrice() {
  const { t, lang } = useI18n();
  const plans = usePlans();
  const subscription = useMySubscription();
  if (subscription.data?.givesAccess) return null;
  const monthly = (plans.data ?? [])
    .filter((p) => p.interval !== 'trial')
    .map((p) => ({ p, perMonth: p.interval === 'year' ? p.priceSatang / 12 : p.priceSatang }))
    .sort((a, b) => a.perMonth - b.perMonth)
    .find((x) => x.p.interval === 'month');
  if (!monthly) return null;
  return (
    <p className="mt-3 text-sm text-slate-700">
      {t('course.priceFrom', { price: `${formatBaht(monthly.p.priceSatang, lang)}${t('plan.perMonth')}` })}{' '}
      <Link to="/pricing" className={textLink}>
        {t('course.seePlans')}
      </Link>
    </p>
  );
}
