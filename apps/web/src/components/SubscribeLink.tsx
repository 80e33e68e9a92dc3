import { Link } from 'react-router';
import { useFreeTrial } from '../lib/billing';
import { useI18n } from '../lib/i18n';

/**
 * The way out of a lock (player, test, summary document): the free trial while the learner may still start it,
 * otherwise the plans.
 */
export function SubscribeLink({ className, trialLabel }: { className: string; trialLabel?: string }) {
  const { t } = useI18n();
  const trial = useFreeTrial();
  const toTrial = trial.data?.eligible ?? false;
  return (
    <Link to={toTrial ? '/free-trial' : '/pricing'} className={className}>
      {toTrial ? (trialLabel ?? t('player.subscribe')) : t('offer.seePlans')}
    </Link>
  );
}
