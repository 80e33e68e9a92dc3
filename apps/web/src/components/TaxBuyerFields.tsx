import { useId } from 'react';
import { TextField } from './ui/TextField';
import { useI18n } from '../lib/i18n';
import type { TaxBuyerErrors, TaxBuyerInput } from '../lib/tax-invoices';

/**
 * The buyer of a full tax invoice: name, address, 13-digit tax ID, and the head office or a branch number. The
 * same fields at checkout and on a receipt; checked by the contract's rule (lib/tax-invoices.ts).
 */
export function TaxBuyerFields({
  value,
  onChange,
  errors,
}: {
  value: TaxBuyerInput;
  onChange: (v: TaxBuyerInput) => void;
  errors: TaxBuyerErrors;
}) {
  const { t } = useI18n();
  const id = useId();
  const set = <K extends keyof TaxBuyerInput>(k: K, v: TaxBuyerInput[K]) => onChange({ ...value, [k]: v });
  const text = (e?: { key: Parameters<typeof t>[0]; vars?: { n: number } }) =>
    e ? t(e.key, e.vars) : undefined;
  return (
    <div className="flex flex-col gap-4">
      <TextField
        label={t('taxInvoice.name')}
        value={value.name}
        onChange={(e) => set('name', e.target.value)}
        autoComplete="organization"
        maxLength={200}
        error={text(errors.name)}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-address`} className="text-sm font-medium text-slate-800">
          {t('taxInvoice.address')}
        </label>
        <textarea
          id={`${id}-address`}
          rows={3}
          value={value.address}
          maxLength={500}
          autoComplete="street-address"
          aria-invalid={errors.address ? true : undefined}
          aria-describedby={errors.address ? `${id}-address-error` : undefined}
          onChange={(e) => set('address', e.target.value)}
          className={`min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 focus:outline-3 focus:outline-offset-1 focus:outline-teal-600 ${errors.address ? 'border-red-600' : 'border-slate-300'}`}
        />
        {errors.address && (
          <p id={`${id}-address-error`} className="text-sm text-red-700">
            {text(errors.address)}
          </p>
        )}
      </div>
      <TextField
        label={t('taxInvoice.taxId')}
        value={value.taxId}
        onChange={(e) => set('taxId', e.target.value)}
        inputMode="numeric"
        autoComplete="off"
        maxLength={17}
        error={text(errors.taxId)}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">{t('taxInvoice.branch')}</legend>
        <div className="flex flex-wrap gap-x-6">
          <label className="flex min-h-11 items-center gap-2 text-slate-800">
            <input
              type="radio"
              name={`${id}-branch`}
              className="size-5"
              checked={value.headOffice}
              onChange={() => set('headOffice', true)}
            />
            {t('taxInvoice.headOffice')}
          </label>
          <label className="flex min-h-11 items-center gap-2 text-slate-800">
            <input
              type="radio"
              name={`${id}-branch`}
              className="size-5"
              checked={!value.headOffice}
              onChange={() => set('headOffice', false)}
            />
            {t('taxInvoice.aBranch')}
          </label>
        </div>
        {!value.headOffice && (
          <TextField
            label={t('taxInvoice.branchNumber')}
            value={value.branchNumber}
            onChange={(e) => set('branchNumber', e.target.value)}
            inputMode="numeric"
            autoComplete="off"
            maxLength={5}
            className="max-w-48"
            error={text(errors.branchNumber)}
          />
        )}
      </fieldset>
    </div>
  );
}
