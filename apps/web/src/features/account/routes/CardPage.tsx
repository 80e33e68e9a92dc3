import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { TestCardForm } from '../../../components/TestCardForm';
import { Button } from '../../../components/ui/Button';
import { Alert, Card } from '../../../components/ui/Card';
import { secondaryLink, textLink } from '../../../components/ui/link-styles';
import { PageLoading } from '../../../components/ui/Spinner';
import { formatBaht, mySubscriptionKey, saveTestCard, useMySubscription } from '../../../lib/billing';
import { useI18n } from '../../../lib/i18n';
import { useToast } from '../../../lib/toast';
import { useDocumentMeta } from '../../../lib/use-document-meta';

/**
 * `/account/card`: the sandbox provider's page for the card automatic renewal charges (with Stripe the card
 * session leads to Stripe's page instead). Saving a test card charges a failed renewal again at once; a declined
 * card says so (one declined by that charge stays saved for the retries, as the API answers).
 */
export default function CardPage() {
  const { t, lang } = useI18n();
  const subscription = useMySubscription();
  const client = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  useDocumentMeta(`${t('cardPage.title')} · ${t('app.name')}`, null);
  if (subscription.isPending) return <PageLoading label={t('common.loading')} />;
  const sub = subscription.data;
  const back = (
    <Link to="/account" className={textLink}>
      ← {t('cardPage.back')}
    </Link>
  );
  const header = (
    <>
      <p className="mb-4 rounded-lg bg-amber-100 px-3 py-2 text-sm font-semibold text-amber-950">
        {t('pay.testMode')}
      </p>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('cardPage.title')}</h1>
    </>
  );
  // A trial or no plan: nothing renews by card (the subscription's own call answers null when it fails too).
  if (!sub || sub.plan.interval === 'trial' || sub.status === 'expired')
    return (
      <div className="mx-auto flex max-w-2xl flex-col items-start gap-4 px-4 py-10">
        {header}
        <Alert kind="info">{t('cardPage.none')}</Alert>
        <p className="text-slate-700">{t('cardPage.noneHint')}</p>
        <div className="flex flex-wrap gap-3">
          <Button
            variant="secondary"
            busy={subscription.isFetching}
            onClick={() => void subscription.refetch()}
          >
            {t('common.retry')}
          </Button>
          <Link to="/pricing" className={secondaryLink}>
            {t('membership.seePlans')}
          </Link>
        </div>
        {back}
      </div>
    );

  const save = async (card: Parameters<typeof saveTestCard>[0]) => {
    const saved = await saveTestCard(card).catch(async (err: unknown) => {
      // A card declined when charging a failed renewal is kept for the retries: show the card as it now is.
      await client.invalidateQueries({ queryKey: mySubscriptionKey });
      throw err;
    });
    client.setQueryData(mySubscriptionKey, saved);
    toast(t(sub.paymentFailed && !saved.paymentFailed ? 'cardPage.savedPaid' : 'cardPage.saved'), 'success');
    navigate('/account');
  };
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-5 px-4 py-10">
      <div>
        {header}
        <p className="mt-2 text-slate-700">{t('cardPage.lead')}</p>
      </div>
      {sub.paymentFailed && (
        <Alert>
          {t('cardPage.failedLead', {
            amount: formatBaht(sub.renewalAmountSatang ?? sub.plan.priceSatang, lang),
          })}
        </Alert>
      )}
      <Card title={t('pay.card')}>
        {sub.card && (
          <p className="mb-3 text-slate-800">
            {t('cardPage.current', { brand: sub.card.brand, last4: sub.card.last4 })}
          </p>
        )}
        <p className="mb-4 text-sm text-slate-600">{t('cardPage.testHint')}</p>
        <TestCardForm
          submitLabel={t('cardPage.save')}
          onSubmit={save}
          declinedText={t(sub.paymentFailed ? 'cardPage.declinedRenewal' : 'cardPage.declined')}
        />
      </Card>
      {back}
    </div>
  );
}
