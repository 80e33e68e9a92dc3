import type { MyTaxDocuments } from '@rianroo/contract';
import { RetryAlert } from '../../../components/RetryAlert';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/Card';
import { textLink } from '../../../components/ui/link-styles';
import { Spinner } from '../../../components/ui/Spinner';
import { formatBaht } from '../../../lib/billing';
import { useI18n } from '../../../lib/i18n';
import { useMyTaxDocuments } from '../../../lib/tax-invoices';
import { useMyReceipts } from '../api/membership';

/** Beside a receipt: its full tax invoice and the credit notes of its refunds, when there are any. */
function TaxDocumentsLine({
  receiptNumber,
  documents,
}: {
  receiptNumber: string;
  documents?: MyTaxDocuments;
}) {
  const { t, lang } = useI18n();
  const invoice = documents?.taxInvoices.find((i) => i.receiptNumber === receiptNumber);
  const notes = documents?.creditNotes.filter((n) => n.receiptNumber === receiptNumber) ?? [];
  if (!invoice && !notes.length) return null;
  return (
    <p className="w-full text-sm text-slate-600">
      {[
        ...(invoice ? [t('receipts.taxInvoice', { number: invoice.number })] : []),
        ...notes.map((n) =>
          t('receipts.creditNote', { number: n.number, amount: formatBaht(n.amountSatang, lang) }),
        ),
      ].join(' · ')}
    </p>
  );
}

/** "Receipts": each payment's receipt, newest first, to open and print. */
export function ReceiptsSection() {
  const { t, lang, date } = useI18n();
  const list = useMyReceipts();
  const docs = useMyTaxDocuments();
  return (
    <Card title={t('receipts.title')}>
      {list.isPending && (
        <div className="min-h-16">
          <Spinner label={t('common.loading')} />
        </div>
      )}
      {list.isError && <RetryAlert error={list.error} onRetry={() => void list.refetch()} />}
      {list.data?.length === 0 && <p className="text-slate-700">{t('receipts.none')}</p>}
      {!!list.data?.length && (
        <ul className="divide-y divide-slate-200">
          {list.data.map((r) => (
            <li key={r.number} className="flex flex-wrap items-baseline justify-between gap-2 py-3">
              <Link to={`/account/receipts/${encodeURIComponent(r.number)}`} className={textLink}>
                {r.number}
              </Link>
              <span className="text-slate-600">{date(r.issuedAt)}</span>
              <span className="font-medium text-slate-900">{formatBaht(r.totalSatang, lang)}</span>
              <TaxDocumentsLine receiptNumber={r.number} documents={docs.data} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
