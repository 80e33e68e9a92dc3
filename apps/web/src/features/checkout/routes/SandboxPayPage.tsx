import type { Order, SandboxPayment } from '@rianroo/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { TestCardForm } from '../../../components/TestCardForm';
import { Button } from '../../../components/ui/Button';
import { Alert, Card } from '../../../components/ui/Card';
import { primaryLink, secondaryLink, textLink } from '../../../components/ui/link-styles';
import { PageLoading } from '../../../components/ui/Spinner';
import { formatBaht, planName } from '../../../lib/billing';
import { useErrorText } from '../../../lib/forms';
import { useI18n } from '../../../lib/i18n';
import { useDocumentMeta } from '../../../lib/use-document-meta';
import { orderKey, payByCard, payByPromptPay, useQuote, useSandboxPayment } from '../api/checkout';
import { RenewalTerms } from '../components/RenewalTerms';

/**
 * `/checkout/pay/:orderId`: the sandbox provider's payment page, like a provider's test mode. A test card, or the
 * order's PromptPay QR (a real EMVCo payload) and a button standing in for the banking app. An order that renews
 * automatically is paid by card only (PromptPay cannot be charged again without the learner), and the page says
 * what happens at the end.
 */
export default function SandboxPayPage() {
  const { t, lang } = useI18n();
  const { orderId = '' } = useParams();
  const payment = useSandboxPayment(orderId);
  const errorText = useErrorText();
  useDocumentMeta(`${t('pay.title')} · ${t('app.name')}`, null);
  if (payment.isPending) return <PageLoading label={t('common.loading')} />;
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <p className="mb-4 rounded-lg bg-amber-100 px-3 py-2 text-sm font-semibold text-amber-950">
        {t('pay.testMode')}
      </p>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('pay.title')}</h1>
      {payment.isError ? (
        <div className="mt-6 flex flex-col items-start gap-4">
          <Alert>{payment.error ? errorText(payment.error) : t('pay.loadError')}</Alert>
          <Link to="/pricing" className={textLink}>
            {t('product.allPlans')}
          </Link>
        </div>
      ) : (
        <>
          <p className="mt-2 text-slate-700">
            {t('pay.order', { number: payment.data.order.number })} ·{' '}
            {planName(payment.data.order.plan, lang)} ·{' '}
            <span className="font-semibold">{formatBaht(payment.data.order.totalSatang, lang)}</span>
          </p>
          {payment.data.order.status !== 'pending' ? (
            <NotPending order={payment.data.order} />
          ) : (
            <div className="mt-6 flex flex-col gap-5">
              <Terms order={payment.data.order} />
              <CardForm order={payment.data.order} cards={payment.data.testCards} />
              {payment.data.order.autoRenew ? (
                <NoPromptPay order={payment.data.order} />
              ) : (
                <PromptPay order={payment.data.order} qrSvg={payment.data.promptpay.qrSvg} />
              )}
            </div>
          )}
        </>
      )}
    </div>
  );
}

function NotPending({ order }: { order: Order }) {
  const { t } = useI18n();
  return (
    <div className="mt-6 flex flex-col items-start gap-4">
      <Alert kind="info">{t('pay.notPending')}</Alert>
      {order.status === 'paid' ? (
        <Link to={`/checkout/complete/${order.id}`} className={primaryLink}>
          {t('pay.seeResult')}
        </Link>
      ) : (
        <Link to={`/checkout/${encodeURIComponent(order.plan.code)}`} className={primaryLink}>
          {t('pay.startAgain')}
        </Link>
      )}
    </div>
  );
}

/** After a payment: the result page, with the order already known. */
function usePaid() {
  const navigate = useNavigate();
  const client = useQueryClient();
  return (order: Order) => {
    client.setQueryData(orderKey(order.id), order);
    navigate(`/checkout/complete/${order.id}`);
  };
}

/** What happens at the end of the period this order buys (the quote for its plan says the period). */
function Terms({ order }: { order: Order }) {
  const { t, lang } = useI18n();
  const quote = useQuote(order.plan.code, undefined, true);
  const amount = formatBaht(order.plan.priceSatang, lang);
  const box = 'rounded-xl border border-teal-200 bg-teal-50 px-4 py-3';
  if (quote.data)
    return (
      <div className={box}>
        <RenewalTerms quote={quote.data} autoRenew={order.autoRenew} plan={order.plan} />
      </div>
    );
  // Until the period is known (or when it cannot be), the renewal without its date.
  if (!order.autoRenew || order.plan.interval === 'trial') return null;
  return (
    <p className={`${box} font-medium text-slate-900`}>
      {t('renew.payRenews', { period: t(`renew.period.${order.plan.interval}`), amount })}
    </p>
  );
}

function CardForm({ order, cards }: { order: Order; cards: SandboxPayment['testCards'] }) {
  const { t, lang } = useI18n();
  const paid = usePaid();
  // The card that pays now and is declined at renewal only matters to an order that renews.
  const shown = cards.filter((c) => order.autoRenew || c.outcome !== 'renewal-declines');
  return (
    <Card title={t('pay.card')}>
      <div className="mb-4 text-sm text-slate-600">
        <p id="test-cards" className="font-medium text-slate-800">
          {t('renew.testCards')}
        </p>
        <ul aria-labelledby="test-cards" className="mt-1 flex flex-col gap-1">
          {shown.map((c) => (
            <li key={c.number}>
              <span className="font-mono whitespace-nowrap text-slate-900">{c.number}</span>:{' '}
              {t(`renew.card.${c.outcome}`)}
            </li>
          ))}
        </ul>
      </div>
      <TestCardForm
        submitLabel={t('pay.payCard', { amount: formatBaht(order.totalSatang, lang) })}
        onSubmit={async (card) => paid(await payByCard(order.id, card))}
      />
    </Card>
  );
}

/** An order that renews automatically is not paid by PromptPay: why, and the way to pay once instead. */
function NoPromptPay({ order }: { order: Order }) {
  const { t } = useI18n();
  return (
    <Card title={t('renew.noPromptPay')}>
      <p className="text-slate-700">{t('renew.noPromptPayWhy')}</p>
      <Link
        to={`/checkout/${encodeURIComponent(order.plan.code)}${order.couponCode ? `?cpc=${encodeURIComponent(order.couponCode)}` : ''}`}
        className={`${secondaryLink} mt-4`}
      >
        {t('renew.payOnceInstead')}
      </Link>
    </Card>
  );
}

function PromptPay({ order, qrSvg }: { order: Order; qrSvg: string }) {
  const { t, lang } = useI18n();
  const errorText = useErrorText();
  const paid = usePaid();
  const label = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const amount = formatBaht(order.totalSatang, lang);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      paid(await payByPromptPay(order.id));
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  };
  return (
    <Card title={t('pay.promptpay')}>
      <div className="flex flex-col items-start gap-4 sm:flex-row">
        {/* The server draws the QR from digits only (an EMVCo payload); it is an image to the reader. */}
        <div
          role="img"
          aria-labelledby={label}
          className="h-48 w-48 shrink-0 rounded-lg border border-slate-200 bg-white p-1 [&>svg]:h-full [&>svg]:w-full"
          dangerouslySetInnerHTML={{ __html: qrSvg }}
        />
        <div className="flex flex-col items-start gap-3">
          <p id={label} className="text-slate-700">
            {t('pay.scan', { amount })}
          </p>
          {error && <Alert>{error}</Alert>}
          <Button variant="secondary" busy={busy} onClick={() => void confirm()}>
            {t('pay.simulate')}
          </Button>
        </div>
      </div>
    </Card>
  );
}
