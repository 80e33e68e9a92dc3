import { RetryAlert } from '../../../components/RetryAlert';
import type { Plan } from '@rianroo/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Alert, Card } from '../../../components/ui/Card';
import { primaryLink, secondaryLink, textLink } from '../../../components/ui/link-styles';
import { PageLoading } from '../../../components/ui/Spinner';
import { TextField } from '../../../components/ui/TextField';
import {
  formatBaht,
  freeTrialKey,
  goTo,
  mySubscriptionKey,
  planName,
  useFreeTrial,
  usePlans,
} from '../../../lib/billing';
import { useErrorText } from '../../../lib/forms';
import { useI18n } from '../../../lib/i18n';
import { TRIAL_START_PATH } from '../../../lib/trial-intent';
import { KEYS, read } from '../../../lib/storage';
import { useDocumentMeta } from '../../../lib/use-document-meta';
import { useLoggedIn, useMe } from '../../../lib/use-session';
import { createOrder, startTrial, useQuote } from '../api/checkout';
import { requestOrderInvoice } from '../../../lib/tax-invoices';
import { useCheckoutTaxInvoice } from '../components/CheckoutTaxInvoice';
import { OrderSummary } from '../components/OrderSummary';
import { PlanPrice } from '../components/PlanCard';
import { RenewalChoice, RenewalTerms } from '../components/RenewalTerms';

/** The user id a checkout link was made for (`cid`, base64 per the spec); null when absent or unreadable. */
function decodeCid(cid: string | null): string | null {
  if (!cid) return null;
  try {
    return new TextDecoder().decode(Uint8Array.from(atob(cid), (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

/**
 * `/checkout/:plan?cid=…&cpc=…` (spec section 4): the plan, its price, the promo discount and the account being paid
 * for, then payment through the configured provider. The trial plan starts the free trial instead.
 */
export default function CheckoutPage() {
  const { t } = useI18n();
  const { plan: code = '' } = useParams();
  const [params] = useSearchParams();
  const loggedIn = useLoggedIn();
  const plans = usePlans();
  useDocumentMeta(`${t('checkout.title')} · ${t('app.name')}`, null);
  if (plans.isPending) return <PageLoading label={t('common.loading')} />;
  const plan = plans.data?.find((p) => p.code === code);
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('checkout.title')}</h1>
      <div className="mt-6 flex flex-col gap-5">
        {!plan && plans.isError ? (
          <RetryAlert error={plans.error} onRetry={() => void plans.refetch()} />
        ) : !plan ? (
          <>
            <Alert>{t('product.unknown')}</Alert>
            <Link to="/pricing" className={textLink}>
              {t('product.allPlans')}
            </Link>
          </>
        ) : !loggedIn ? (
          // The trial's checkout for a visitor: sign-up that names it, and the trial started after it.
          plan.interval === 'trial' ? (
            <Navigate to={TRIAL_START_PATH} replace />
          ) : (
            <VisitorCheckout plan={plan} />
          )
        ) : plan.interval === 'trial' ? (
          <TrialCheckout plan={plan} />
        ) : (
          <PaidCheckout plan={plan} cid={params.get('cid')} cpc={params.get('cpc') ?? ''} />
        )}
      </div>
    </div>
  );
}

/** A visitor sees what they would buy and logs in or registers, coming back to this very page. */
function VisitorCheckout({ plan }: { plan: Plan }) {
  const { t, lang } = useI18n();
  const location = useLocation();
  const back = encodeURIComponent(location.pathname + location.search);
  return (
    <Card title={planName(plan, lang)}>
      <p className="flex items-baseline gap-1 text-lg">
        <PlanPrice plan={plan} />
      </p>
      <p className="mt-4 text-slate-700">{t('checkout.visitorLead')}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Link to={`/login?redirect=${back}`} className={primaryLink}>
          {t('checkout.loginToPay')}
        </Link>
        <Link to={`/register?redirect=${back}`} className={secondaryLink}>
          {t('checkout.registerToPay')}
        </Link>
      </div>
    </Card>
  );
}

function TrialCheckout({ plan }: { plan: Plan }) {
  const { t, date } = useI18n();
  const trial = useFreeTrial();
  const client = useQueryClient();
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (trial.isPending) return <PageLoading label={t('common.loading')} />;
  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      client.setQueryData(freeTrialKey, await startTrial());
      await client.invalidateQueries({ queryKey: mySubscriptionKey });
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  const status = trial.data;
  return (
    <Card title={t('plan.trialDays', { days: plan.intervalCount })}>
      {status?.active && status.endsAt ? (
        <div className="flex flex-col items-start gap-4">
          <Alert kind="success">{t('checkout.trialStarted', { date: date(status.endsAt) })}</Alert>
          <Link to="/library" className={primaryLink}>
            {t('checkout.goLibrary')}
          </Link>
        </div>
      ) : status?.eligible ? (
        <div className="flex flex-col items-start gap-4">
          <p className="text-slate-700">{t('checkout.trialLead', { days: plan.intervalCount })}</p>
          {error && <Alert>{error}</Alert>}
          <Button busy={busy} onClick={() => void start()}>
            {t('plan.startTrial')}
          </Button>
        </div>
      ) : (
        <div className="flex flex-col items-start gap-4">
          <Alert kind="info">{trial.isError ? errorText(trial.error) : t('error.TRIAL_NOT_ELIGIBLE')}</Alert>
          <Link to="/pricing" className={primaryLink}>
            {t('checkout.seePlans')}
          </Link>
        </div>
      )}
    </Card>
  );
}

function PaidCheckout({ plan, cid, cpc }: { plan: Plan; cid: string | null; cpc: string }) {
  const { t, lang } = useI18n();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const me = useMe();
  const [code, setCode] = useState(cpc.trim());
  const [applied, setApplied] = useState(cpc.trim());
  const quote = useQuote(plan.code, applied || undefined, true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Automatic renewal by card is the default; nothing to pay (a 100% promo code) saves no card to renew with.
  const [autoRenewChosen, setAutoRenew] = useState(true);
  const free = quote.data?.totalSatang === 0;
  const autoRenew = autoRenewChosen && !free;
  const taxInvoice = useCheckoutTaxInvoice(free);
  const forSomeoneElse = (() => {
    const target = decodeCid(cid);
    return !!target && target !== read(KEYS.uid);
  })();

  const apply = (e: FormEvent) => {
    e.preventDefault();
    setApplied(code.trim());
  };
  const pay = async () => {
    if (!quote.data) return;
    const buyer = taxInvoice.check();
    if (buyer === false) return;
    setBusy(true);
    setError(null);
    try {
      const started = await createOrder(plan.code, quote.data.coupon ? applied : undefined, autoRenew);
      // Kept with the order and issued when it is paid (at once when it is paid already).
      if (buyer) await requestOrderInvoice(started.order.id, buyer);
      goTo(started.redirectUrl, navigate);
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  };

  return (
    <>
      <Card title={t('checkout.account')}>
        {me.data ? (
          <p className="wrap-anywhere text-slate-800">
            <span className="font-medium">
              {me.data.firstName} {me.data.lastName}
            </span>{' '}
            <span className="text-slate-600">({me.data.email})</span>
          </p>
        ) : (
          <p className="text-slate-600">{t('common.loading')}</p>
        )}
        {forSomeoneElse && (
          <div className="mt-3">
            <Alert kind="info">{t('checkout.otherAccount')}</Alert>
          </div>
        )}
      </Card>
      <Card title={t('checkout.summary')}>
        {quote.isPending ? (
          <PageLoading label={t('common.loading')} />
        ) : quote.isError ? (
          <RetryAlert error={quote.error} onRetry={() => void quote.refetch()} />
        ) : (
          <OrderSummary quote={quote.data} />
        )}
        <form onSubmit={apply} className="mt-5 flex flex-wrap items-end gap-3" noValidate>
          <TextField
            label={t('checkout.promo')}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoComplete="off"
            maxLength={40}
            className="min-w-0 flex-1"
            error={quote.data?.couponProblem ? t(`coupon.${quote.data.couponProblem}`) : undefined}
            hint={
              quote.data?.coupon ? t('checkout.promoApplied', { code: quote.data.coupon.code }) : undefined
            }
          />
          <Button type="submit" variant="secondary" disabled={!code.trim() || code.trim() === applied}>
            {t('checkout.applyPromo')}
          </Button>
          {applied && (
            <Button
              type="button"
              variant="ghost"
              onClick={() => {
                setCode('');
                setApplied('');
              }}
            >
              {t('checkout.removePromo')}
            </Button>
          )}
        </form>
      </Card>
      <Card>
        {free ? (
          <p className="mb-3 text-sm text-slate-600">{t('renew.freeNoCard')}</p>
        ) : (
          <RenewalChoice autoRenew={autoRenew} onChange={setAutoRenew} />
        )}
        {quote.data && (
          <div className="mt-4">
            <RenewalTerms quote={quote.data} autoRenew={autoRenew} />
          </div>
        )}
      </Card>
      {taxInvoice.card}
      {error && <Alert>{error}</Alert>}
      <div className="flex flex-col items-start gap-2">
        <Button
          busy={busy}
          disabled={!quote.data}
          onClick={() => void pay()}
          className="min-h-12 px-6 text-base"
        >
          {quote.data && quote.data.totalSatang === 0
            ? t('checkout.payFree')
            : t('checkout.pay', { amount: quote.data ? formatBaht(quote.data.totalSatang, lang) : '' })}
        </Button>
        <p className="text-sm text-slate-600">{t(autoRenew ? 'renew.methodsCard' : 'checkout.methods')}</p>
      </div>
    </>
  );
}
