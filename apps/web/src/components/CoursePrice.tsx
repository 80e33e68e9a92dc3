import { membersFromSatang } from '@rianroo/contract/paths';
import { formatBaht, useMySubscription, usePlans } from '../lib/billing';
import { useI18n } from '../lib/i18n';

/**
 * What a course costs, in a visitor's words: free, or for members from the cheapest monthly plan's price (from
 * the plans on sale, `GET /plans`; "for members" alone until they have come, or if none is on sale). A learner
 * whose membership opens it reads that it is included. The server's pages say the same (page-words.ts).
 */
export function useCoursePrice(free: boolean): string {
  const { t, lang } = useI18n();
  const plans = usePlans();
  const subscription = useMySubscription();
  if (free) return t('price.free');
  if (subscription.data?.givesAccess) return t('price.included');
  const from = plans.data ? membersFromSatang(plans.data) : null;
  return from === null ? t('price.members') : t('price.membersFrom', { price: formatBaht(from, lang) });
}

/** The price words as a tag: a free course's stands out. */
export function CoursePrice({ free }: { free: boolean }) {
  const text = useCoursePrice(free);
  return free ? (
    <span className="rounded-full bg-emerald-100 px-2 py-0.5 font-medium text-emerald-900">{text}</span>
  ) : (
    <span className="font-medium text-slate-800">{text}</span>
  );
}
