import type { TaxBuyer } from '@rianroo/contract';
import { useState } from 'react';
import { TaxBuyerFields } from '../../../components/TaxBuyerFields';
import { CheckboxField } from '../../../components/ui/CheckboxField';
import { Card } from '../../../components/ui/Card';
import { useI18n } from '../../../lib/i18n';
import {
  checkTaxBuyer,
  emptyTaxBuyer,
  fromDraft,
  useTaxBuyerDraft,
  type TaxBuyerErrors,
  type TaxBuyerInput,
} from '../../../lib/tax-invoices';

/**
 * "ต้องการใบกำกับภาษีเต็มรูป" at checkout: the buyer's fields (started from the learner's organisation or last
 * invoice). `check()` answers the buyer to ask for once the order is open, null when none is wanted, or false
 * when the fields are not valid yet (their errors are then shown). Nothing to pay: no tax invoice to ask for.
 */
export function useCheckoutTaxInvoice(free: boolean) {
  const { t } = useI18n();
  const [wanted, setWanted] = useState(false);
  const draft = useTaxBuyerDraft(wanted);
  const [value, setValue] = useState<TaxBuyerInput | null>(null);
  const [errors, setErrors] = useState<TaxBuyerErrors>({});
  const current = value ?? (draft.data ? fromDraft(draft.data) : emptyTaxBuyer);
  const check = (): TaxBuyer | null | false => {
    if (!wanted || free) return null;
    const checked = checkTaxBuyer(current);
    setErrors(checked.errors ?? {});
    return checked.buyer ?? false;
  };
  const card = free ? null : (
    <Card title={t('taxInvoice.title')}>
      <CheckboxField label={t('taxInvoice.want')} checked={wanted} onChange={setWanted} />
      {wanted && (
        <div className="mt-3 flex flex-col gap-4">
          <p className="text-sm text-slate-700">{t('taxInvoice.checkoutLead')}</p>
          {draft.isPending ? (
            <p className="text-slate-600">{t('taxInvoice.loadingForm')}</p>
          ) : (
            <TaxBuyerFields value={current} onChange={setValue} errors={errors} />
          )}
        </div>
      )}
    </Card>
  );
  return { card, check };
}
