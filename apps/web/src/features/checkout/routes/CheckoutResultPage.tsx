import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { Alert } from '../../../components/ui/Card';
import { primaryLink, secondaryLink, textLink } from '../../../components/ui/link-styles';
import { PageLoading, Spinner } from '../../../components/ui/Spinner';
import { mySubscriptionKey, planName, useMySubscription } from '../../../lib/billing';
import { useErrorText } from '../../../lib/forms';
import { useI18n } from '../../../lib/i18n';
import { refreshTokens } from '../../../lib/session';
import { useDocumentMeta } from '../../../lib/use-document-meta';
import { meKey } from '../../../lib/use-session';
import { useOrder } from '../api/checkout';

/**
 * `/checkout/complete/:orderId` (back from paying) and `/checkout/failed/:orderId` (left the provider's page): the
 * order's state, asked again while it waits for the provider's confirmation. Once paid, the tokens are saved again
 * so the user is reloaded and `boughtAnnual` stored (spec section 4), and the subscription is asked again.
 */
export default function CheckoutResultPage({ left = false }: { left?: boolean }) {
  const { t, lang } = useI18n();
  const { orderId = '' } = useParams();
  const order = useOrder(orderId);
  const errorText = useErrorText();
  const client = useQueryClient();
  const refreshed = useRef(false);
  const paid = order.data?.status === 'paid';
  useEffect(() => {
    if (!paid || refreshed.current) return;
    refreshed.current = true;
    void refreshTokens()
      .catch(() => {})
      .finally(() => {
        void client.invalidateQueries({ queryKey: meKey });
        void client.invalidateQueries({ queryKey: mySubscriptionKey });
      });
  }, [paid, client]);
  useDocumentMeta(`${t('checkout.title')} · ${t('app.name')}`, null);

  if (order.isPending) return <PageLoading label={t('common.loading')} />;
  if (order.isError)
    return (
      <div className="mx-auto max-w-2xl px-4 py-10">
        <Alert>{errorText(order.error)}</Alert>
        <Link to="/pricing" className={`${textLink} mt-4 inline-block`}>
          {t('product.allPlans')}
        </Link>
      </div>
    );
  const o = order.data;
  const again = (
    <Link to={`/checkout/${encodeURIComponent(o.plan.code)}`} className={primaryLink}>
      {t('result.tryAgain')}
    </Link>
  );
  return (
    <div className="mx-auto max-w-2xl px-4 py-10" aria-live="polite">
      {o.status === 'paid' ? (
        <div className="flex flex-col items-start gap-4">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('result.paidTitle')}</h1>
          <SubscriptionEnd plan={planName(o.plan, lang)} />
          {o.receiptNumber && (
            <p className="text-slate-700">
              {t('result.receipt', { number: o.receiptNumber })} ·{' '}
              <Link to={`/account/receipts/${encodeURIComponent(o.receiptNumber)}`} className={textLink}>
                {t('result.viewReceipt')}
              </Link>
            </p>
          )}
          <Link to="/library" className={primaryLink}>
            {t('checkout.goLibrary')}
          </Link>
        </div>
      ) : o.status === 'pending' && !left ? (
        <div className="flex flex-col items-start gap-4">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('result.pendingTitle')}</h1>
          <p className="flex items-center gap-3 text-slate-700">
            <Spinner small /> {t('result.pendingLead')}
          </p>
        </div>
      ) : (
        <div className="flex flex-col items-start gap-4">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">
            {o.status === 'expired'
              ? t('result.expiredTitle')
              : o.status === 'failed'
                ? t('result.failedTitle')
                : t('result.cancelledTitle')}
          </h1>
          <p className="text-slate-700">
            {o.status === 'pending' ? t('result.cancelledLead') : t('result.failedLead')}
          </p>
          <div className="flex flex-wrap gap-3">
            {again}
            <Link to="/pricing" className={secondaryLink}>
              {t('product.allPlans')}
            </Link>
          </div>
        </div>
      )}
    </div>
  );
}

/** Until when the plan now runs, from the subscription itself (the order does not know a renewal's full end). */
function SubscriptionEnd({ plan }: { plan: string }) {
  const { t, date } = useI18n();
  const sub = useMySubscription().data;
  return sub ? (
    <p className="text-lg text-slate-700">
      {t('result.paidLead', { plan, date: date(sub.currentPeriodEnd) })}
    </p>
  ) : null;
}
