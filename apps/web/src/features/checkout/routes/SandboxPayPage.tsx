import type { Order } from '@rianroo/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Alert, Card } from '../../../components/ui/Card';
import { primaryLink, textLink } from '../../../components/ui/link-styles';
import { PageLoading } from '../../../components/ui/Spinner';
import { TextField } from '../../../components/ui/TextField';
import { formatBaht, planName } from '../../../lib/billing';
import { useErrorText } from '../../../lib/forms';
import { useI18n } from '../../../lib/i18n';
import { useDocumentMeta } from '../../../lib/use-document-meta';
import { orderKey, payByCard, payByPromptPay, useSandboxPayment } from '../api/checkout';

/**
 * `/checkout/pay/:orderId`: the sandbox provider's payment page, like a provider's test mode. A test card, or the
 * order's PromptPay QR (a real EMVCo payload) and a button standing in for the banking app.
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
              <CardForm order={payment.data.order} cards={payment.data.testCards} />
              <PromptPay order={payment.data.order} qrSvg={payment.data.promptpay.qrSvg} />
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

function CardForm({ order, cards }: { order: Order; cards: { number: string; outcome: string }[] }) {
  const { t, lang } = useI18n();
  const errorText = useErrorText();
  const paid = usePaid();
  const [card, setCard] = useState({ number: '', expiry: '', cvc: '', name: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ text: string; field?: string } | null>(null);
  const set = (k: keyof typeof card) => (e: { target: { value: string } }) =>
    setCard({ ...card, [k]: e.target.value });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      paid(await payByCard(order.id, card));
    } catch (err) {
      const field = (err as { details?: { path: string }[] }).details?.[0]?.path;
      setError({ text: errorText(err), field });
      setBusy(false);
    }
  };
  const good = cards.find((c) => c.outcome === 'succeeds')?.number ?? '';
  const bad = cards.find((c) => c.outcome === 'declined')?.number ?? '';
  return (
    <Card title={t('pay.card')}>
      <p className="mb-4 text-sm text-slate-600">{t('pay.testCards', { good, bad })}</p>
      <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2" noValidate>
        <TextField
          label={t('pay.cardNumber')}
          value={card.number}
          onChange={set('number')}
          inputMode="numeric"
          autoComplete="cc-number"
          className="sm:col-span-2"
          error={error?.field === 'number' ? error.text : undefined}
          required
        />
        <TextField
          label={t('pay.expiry')}
          value={card.expiry}
          onChange={set('expiry')}
          placeholder="12/30"
          autoComplete="cc-exp"
          error={error?.field === 'expiry' ? error.text : undefined}
          required
        />
        <TextField
          label={t('pay.cvc')}
          value={card.cvc}
          onChange={set('cvc')}
          inputMode="numeric"
          autoComplete="cc-csc"
          error={error?.field === 'cvc' ? error.text : undefined}
          required
        />
        <TextField
          label={t('pay.cardName')}
          value={card.name}
          onChange={set('name')}
          autoComplete="cc-name"
          className="sm:col-span-2"
          error={error?.field === 'name' ? error.text : undefined}
          required
        />
        {error && !['number', 'expiry', 'cvc', 'name'].includes(error.field ?? '') && (
          <div className="sm:col-span-2">
            <Alert>{error.text}</Alert>
          </div>
        )}
        <div className="sm:col-span-2">
          <Button type="submit" busy={busy}>
            {t('pay.payCard', { amount: formatBaht(order.totalSatang, lang) })}
          </Button>
        </div>
      </form>
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
