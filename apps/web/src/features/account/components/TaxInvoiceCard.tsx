import type { CreditNote, Receipt, TaxInvoice } from '@rianroo/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { RetryAlert } from '../../../components/RetryAlert';
import { TaxBuyerFields } from '../../../components/TaxBuyerFields';
import { Button } from '../../../components/ui/Button';
import { Alert, Card } from '../../../components/ui/Card';
import { Spinner } from '../../../components/ui/Spinner';
import { formatBaht } from '../../../lib/billing';
import { useErrorText } from '../../../lib/forms';
import { useI18n } from '../../../lib/i18n';
import {
  checkTaxBuyer,
  downloadTaxDocument,
  emptyTaxBuyer,
  fromDraft,
  myTaxDocumentsKey,
  requestReceiptInvoice,
  useMyTaxDocuments,
  useTaxBuyerDraft,
  type TaxBuyerErrors,
  type TaxBuyerInput,
} from '../../../lib/tax-invoices';

/** A button that saves a tax document's PDF; says when the download failed. */
export function TaxDocumentDownload({ number, label }: { number: string; label: string }) {
  const { t } = useI18n();
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      await downloadTaxDocument(number);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col items-start gap-2 print:hidden">
      <Button variant="secondary" busy={busy} onClick={() => void download()} aria-busy={busy}>
        {busy ? t('taxDocument.downloading') : label}
      </Button>
      {error && <Alert>{error}</Alert>}
    </div>
  );
}

const branchText = (branch: string, t: ReturnType<typeof useI18n>['t']) =>
  branch === 'head_office' ? t('taxInvoice.headOffice') : t('taxInvoice.branchOf', { branch });

function IssuedInvoice({ invoice }: { invoice: TaxInvoice }) {
  const { t, date } = useI18n();
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-600">{t('taxInvoice.number')}</dt>
        <dd className="font-medium text-slate-900">{invoice.number}</dd>
        <dt className="text-slate-600">{t('receipt.date')}</dt>
        <dd className="text-slate-900">{date(invoice.issuedAt, true)}</dd>
        <dt className="text-slate-600">{t('taxInvoice.buyer')}</dt>
        <dd className="wrap-anywhere text-slate-900">
          {invoice.buyer.name}
          <span className="block text-slate-700">{invoice.buyer.address}</span>
          <span className="block text-slate-700">
            {t('receipt.taxId', { id: invoice.buyer.taxId })} · {branchText(invoice.buyer.branch, t)}
          </span>
        </dd>
      </dl>
      <TaxDocumentDownload number={invoice.number} label={t('taxInvoice.download')} />
    </div>
  );
}

/** The request form, started from the learner's organisation or last invoice. */
function RequestForm({ receipt, onIssued }: { receipt: Receipt; onIssued: (number: string) => void }) {
  const { t } = useI18n();
  const errorText = useErrorText();
  const client = useQueryClient();
  const draft = useTaxBuyerDraft();
  const [value, setValue] = useState<TaxBuyerInput | null>(null);
  const [errors, setErrors] = useState<TaxBuyerErrors>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (draft.isPending) return <Spinner label={t('taxInvoice.loadingForm')} />;
  const current = value ?? (draft.data ? fromDraft(draft.data) : emptyTaxBuyer);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = checkTaxBuyer(current);
    setErrors(checked.errors ?? {});
    if (!checked.buyer) return;
    setBusy(true);
    setError(null);
    try {
      const invoice = await requestReceiptInvoice(receipt.number, checked.buyer);
      onIssued(invoice.number);
      await client.invalidateQueries({ queryKey: myTaxDocumentsKey });
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
      <p className="text-slate-700">{t('taxInvoice.lead')}</p>
      <TaxBuyerFields value={current} onChange={setValue} errors={errors} />
      {error && <Alert>{error}</Alert>}
      <Button type="submit" busy={busy} className="self-start">
        {t('taxInvoice.submit')}
      </Button>
    </form>
  );
}

function CreditNotes({ notes }: { notes: CreditNote[] }) {
  const { t, lang, date } = useI18n();
  return (
    <ul className="flex flex-col gap-4">
      {notes.map((n) => (
        <li key={n.number} className="flex flex-col gap-2">
          <p className="text-slate-900">
            {t('creditNote.line', {
              number: n.number,
              amount: formatBaht(n.amountSatang, lang),
              date: date(n.issuedAt),
            })}
          </p>
          <p className="text-sm wrap-anywhere text-slate-700">
            {t('creditNote.reason', { reason: n.reason })}
          </p>
          <TaxDocumentDownload number={n.number} label={t('creditNote.download', { number: n.number })} />
        </li>
      ))}
    </ul>
  );
}

/** A receipt's full tax invoice (issued, or the form to ask for it) and the credit notes of its refunds. */
export function ReceiptTaxDocuments({ receipt }: { receipt: Receipt }) {
  const { t } = useI18n();
  const docs = useMyTaxDocuments();
  const [issuedNow, setIssuedNow] = useState<string | null>(null);
  const invoice = docs.data?.taxInvoices.find((i) => i.receiptNumber === receipt.number);
  const notes = docs.data?.creditNotes.filter((n) => n.receiptNumber === receipt.number) ?? [];
  return (
    <>
      <Card title={t('taxInvoice.title')} className="print:hidden">
        {docs.isPending ? (
          <Spinner label={t('common.loading')} />
        ) : docs.isError ? (
          <RetryAlert error={docs.error} onRetry={() => void docs.refetch()} />
        ) : invoice ? (
          <div className="flex flex-col gap-4">
            {issuedNow === invoice.number && (
              <Alert kind="success">{t('taxInvoice.issued', { number: invoice.number })}</Alert>
            )}
            <IssuedInvoice invoice={invoice} />
          </div>
        ) : receipt.totalSatang <= 0 ? (
          <p className="text-slate-700">{t('taxInvoice.noneFree')}</p>
        ) : (
          <RequestForm receipt={receipt} onIssued={setIssuedNow} />
        )}
      </Card>
      {notes.length > 0 && (
        <Card title={t('creditNotes.title')} className="print:hidden">
          <CreditNotes notes={notes} />
        </Card>
      )}
    </>
  );
}
