import { taxBuyer, type TaxBuyer, type TaxBuyerDraft } from '@rianroo/contract';
import { useQuery } from '@tanstack/react-query';
import { api, apiBlob } from './api';
import type { MessageKey } from './i18n';

/** Full tax invoices and credit notes (receipts, checkout): the calls and the buyer form's rule. */

export const myTaxDocumentsKey = ['my-tax-documents'] as const;
export const useMyTaxDocuments = () =>
  useQuery({ queryKey: myTaxDocumentsKey, queryFn: () => api('GET /api/my-tax-documents', { auth: true }) });

/** What the buyer form starts with: the learner's last invoice's buyer, or their organisation's name. */
export const useTaxBuyerDraft = (enabled = true) =>
  useQuery({
    queryKey: ['tax-invoice-details'],
    queryFn: () => api('GET /api/tax-invoice-details', { auth: true }),
    enabled,
    staleTime: 60_000,
  });

export const requestReceiptInvoice = (number: string, body: TaxBuyer) =>
  api('POST /api/my-receipts/:number/tax-invoice', { params: { number }, body, auth: true });
export const requestOrderInvoice = (id: string, body: TaxBuyer) =>
  api('POST /api/checkout/orders/:id/tax-invoice', { params: { id }, body, auth: true });

/** Saves one of my tax documents' PDF (a tax invoice or a credit note) as a file named by its number. */
export async function downloadTaxDocument(number: string) {
  const blob = await apiBlob('GET /api/my-tax-documents/:number/pdf', { params: { number }, auth: true });
  saveBlob(blob, `${number}.pdf`);
}

/** Hands a blob to the browser as a download. */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob.type ? blob : new Blob([blob], { type: 'application/pdf' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The buyer form's values as typed: the branch is the head office or a number typed beside it. */
export interface TaxBuyerInput {
  name: string;
  address: string;
  taxId: string;
  headOffice: boolean;
  branchNumber: string;
}
export const emptyTaxBuyer: TaxBuyerInput = {
  name: '',
  address: '',
  taxId: '',
  headOffice: true,
  branchNumber: '',
};
export const fromDraft = (d: TaxBuyerDraft): TaxBuyerInput => ({
  name: d.name,
  address: d.address,
  taxId: d.taxId,
  headOffice: d.branch === '' || d.branch === 'head_office',
  branchNumber: d.branch === 'head_office' ? '' : d.branch,
});

export type TaxBuyerErrors = Partial<
  Record<'name' | 'address' | 'taxId' | 'branchNumber', { key: MessageKey; vars?: { n: number } }>
>;

/** The contract's rule (taxBuyer: the tax ID's check digit, a five-digit branch) with the learner's words. */
export function checkTaxBuyer(
  v: TaxBuyerInput,
): { buyer: TaxBuyer; errors: null } | { buyer: null; errors: TaxBuyerErrors } {
  const parsed = taxBuyer.safeParse({
    name: v.name,
    address: v.address,
    taxId: v.taxId,
    branch: v.headOffice ? 'head_office' : v.branchNumber.trim(),
  });
  if (parsed.success) return { buyer: parsed.data, errors: null };
  const errors: TaxBuyerErrors = {};
  const digits = v.taxId.replace(/[\s-]/g, '');
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0]);
    if (field === 'name')
      errors.name = v.name.trim() ? { key: 'field.tooLong', vars: { n: 200 } } : { key: 'field.required' };
    if (field === 'address')
      errors.address = !v.address.trim()
        ? { key: 'field.required' }
        : v.address.trim().length < 5
          ? { key: 'field.tooShort', vars: { n: 5 } }
          : { key: 'field.tooLong', vars: { n: 500 } };
    if (field === 'taxId')
      errors.taxId = !digits
        ? { key: 'field.required' }
        : /^[0-9]{13}$/.test(digits)
          ? { key: 'taxInvoice.taxIdInvalid' }
          : { key: 'taxInvoice.taxIdLength' };
    if (field === 'branch') errors.branchNumber = { key: 'taxInvoice.branchInvalid' };
  }
  return { buyer: null, errors };
}
