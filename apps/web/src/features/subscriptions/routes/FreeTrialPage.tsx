import { PageLoading } from '../../../components/ui/Spinner';
import { useFreeTrial, useMySubscription } from '../../../lib/billing';
import { useI18n } from '../../../lib/i18n';
import { useFreeTrialContent } from '../api/free-trial-content';
import { MembershipNotice } from '../components/MembershipNotice';
import { OfferView } from '../components/OfferView';

/**
 * `/free-trial` (protected; anonymous visitors of paths under it are sent to register): the trial offer while the
 * learner may start it; otherwise their trial's end, their membership, or the plans once the trial is used.
 */
export default function FreeTrialPage() {
  const { t, date } = useI18n();
  const trial = useFreeTrial();
  const subscription = useMySubscription();
  const content = useFreeTrialContent();
  if (trial.isLoading) return <PageLoading label={t('common.loading')} />;
  const status = trial.data;
  const current = subscription.data?.givesAccess ? subscription.data : null;
  if (status?.active && status.endsAt)
    return (
      <MembershipNotice title={t('offer.freeTrialTitle')} to="/library" action={t('checkout.goLibrary')}>
        {t('trial.active', { date: date(status.endsAt) })}
      </MembershipNotice>
    );
  if (status && !status.eligible)
    return current ? (
      <MembershipNotice title={t('offer.freeTrialTitle')} to="/library" action={t('checkout.goLibrary')}>
        {t('trial.subscribed', { date: date(current.currentPeriodEnd) })}
      </MembershipNotice>
    ) : (
      <MembershipNotice title={t('offer.freeTrialTitle')} to="/pricing" action={t('membership.seePlans')}>
        {t('trial.used')}
      </MembershipNotice>
    );
  // Eligible, or the status could not be read: the editors' offer (checkout says the rest).
  return (
    <OfferView
      content={content}
      title={t('offer.freeTrialTitle')}
      lead={t('offer.freeTrialLead')}
      cta={t('offer.freeTrialCta')}
      fallbackUrl="/checkout/trial"
    />
  );
}
