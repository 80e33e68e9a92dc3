import { Link, useParams } from 'react-router';
import { RetryAlert } from '../../../components/RetryAlert';
import { Button } from '../../../components/ui/Button';
import { Alert } from '../../../components/ui/Card';
import { textLink } from '../../../components/ui/link-styles';
import { PageLoading } from '../../../components/ui/Spinner';
import { ApiError } from '../../../lib/api-error';
import { formatBaht, planName } from '../../../lib/billing';
import { useI18n } from '../../../lib/i18n';
import { useDocumentMeta } from '../../../lib/use-document-meta';
import { useReceipt } from '../api/membership';
import { ReceiptTaxDocuments } from '../components/TaxInvoiceCard';

/** `/account/receipts/:number`: a receipt to read and print (an abbreviated Thai tax invoice, VAT included). */
export default function ReceiptPage() {
  const { t, lang, date } = useI18n();
  const { number = '' } = useParams();
  const receipt = useReceipt(number);
  useDocumentMeta(`${t('receipt.title')} ${number} · ${t('app.name')}`, null);
  if (receipt.isPending) return <PageLoading label={t('common.loading')} />;
  const back = (
    <Link to="/account" className={`${textLink} print:hidden`}>
      ← {t('receipt.back')}
    </Link>
  );
  if (receipt.isError)
    return (
      <div className="mx-auto flex max-w-2xl flex-col items-start gap-4 px-4 py-10">
        {receipt.error instanceof ApiError && receipt.error.status === 404 ? (
          <Alert>{t('receipt.notFound')}</Alert>
        ) : (
          <RetryAlert error={receipt.error} onRetry={() => void receipt.refetch()} />
        )}
        {back}
      </div>
    );
  const r = receipt.data;
  const baht = (s: number) => formatBaht(s, lang);
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4 px-4 py-10">
      {back}
      <article className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 print:border-0 print:shadow-none">
        <h1 className="text-xl font-bold text-slate-900 sm:text-2xl">{t('receipt.title')}</h1>
        <dl className="mt-4 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-slate-600">{t('receipt.number')}</dt>
          <dd className="font-medium text-slate-900">{r.number}</dd>
          <dt className="text-slate-600">{t('receipt.order')}</dt>
          <dd className="text-slate-900">{r.orderNumber}</dd>
          <dt className="text-slate-600">{t('receipt.date')}</dt>
          <dd className="text-slate-900">{date(r.issuedAt, true)}</dd>
        </dl>
        <div className="mt-6 grid gap-6 sm:grid-cols-2">
          <section aria-labelledby="receipt-seller">
            <h2 id="receipt-seller" className="text-sm font-semibold text-slate-600">
              {t('receipt.seller')}
            </h2>
            <p className="mt-1 text-slate-900">{r.seller.name}</p>
            <p className="text-sm text-slate-700">{t('receipt.taxId', { id: r.seller.taxId })}</p>
            <p className="text-sm text-slate-700">{r.seller.address}</p>
          </section>
          <section aria-labelledby="receipt-buyer" className="wrap-anywhere">
            <h2 id="receipt-buyer" className="text-sm font-semibold text-slate-600">
              {t('receipt.buyer')}
            </h2>
            <p className="mt-1 text-slate-900">{r.buyerName}</p>
            <p className="text-sm text-slate-700">{r.buyerEmail}</p>
          </section>
        </div>
        <dl className="mt-6 grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 border-t border-slate-200 pt-4 text-slate-800">
          <dt>
            {t('receipt.item')}: Rianroo {planName(r.plan, lang)}
            <span className="block text-sm text-slate-600">
              {t('receipt.period', { from: date(r.periodStart), to: date(r.periodEnd) })}
            </span>
          </dt>
          <dd className="text-right">{baht(r.subtotalSatang)}</dd>
          {r.discountSatang > 0 && (
            <>
              <dt>{t('receipt.discount', { code: r.couponCode ?? '' })}</dt>
              <dd className="text-right">−{baht(r.discountSatang)}</dd>
            </>
          )}
          <dt className="border-t border-slate-200 pt-2 font-semibold">{t('receipt.total')}</dt>
          <dd className="border-t border-slate-200 pt-2 text-right font-semibold">{baht(r.totalSatang)}</dd>
          <dd className="col-span-2 text-sm text-slate-600">
            {t('receipt.vatLine', { net: baht(r.netSatang), vat: baht(r.vatSatang) })}
          </dd>
          <dt className="text-sm text-slate-600">{t('receipt.method')}</dt>
          <dd className="text-right text-sm text-slate-800">{t(`receipt.method.${r.method ?? 'none'}`)}</dd>
        </dl>
      </article>
      <Button variant="secondary" className="self-start print:hidden" onClick={() => window.print()}>
        {t('receipt.print')}
      </Button>
      <ReceiptTaxDocuments receipt={r} />
    </div>
  );
}
