import type { AdminCoupon, CouponCreateBody } from '@rianroo/contract';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/Button';
import { Form } from '../../../components/ui/Form';
import { TextField } from '../../../components/ui/TextField';
import { CheckField, SelectField } from '../components/Fields';
import { useAdminI18n } from '../i18n';
import { toBaht, toSatang } from './billing-api';

/** An instant as a datetime-local value in this browser's time zone, and back. */
const toLocal = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocal = (v: string) => (v ? new Date(v).toISOString() : null);

const initial = (c?: AdminCoupon) => ({
  code: c?.code ?? '',
  kind: c?.amountOffSatang != null ? ('amount' as const) : ('percent' as const),
  value: c ? (c.amountOffSatang != null ? toBaht(c.amountOffSatang) : String(c.percentOff)) : '',
  planCodes: c?.planCodes?.join(', ') ?? '',
  validFrom: toLocal(c?.validFrom ?? null),
  validTo: toLocal(c?.validTo ?? null),
  max: c?.maxRedemptions != null ? String(c.maxRedemptions) : '',
  oncePerLearner: c?.oncePerLearner ?? true,
  active: c?.active ?? true,
});

/** A promo code's fields: one kind of discount (percent, or baht sent as satang), plans, window, cap. */
export function CouponForm({
  coupon,
  label,
  busy,
  submit,
}: {
  coupon?: AdminCoupon;
  label: string;
  busy: boolean;
  submit: (body: CouponCreateBody) => Promise<unknown>;
}) {
  const { t } = useAdminI18n();
  const [v, setV] = useState(() => initial(coupon));
  const [seen, setSeen] = useState(coupon?.version);
  if (coupon && coupon.version !== seen) {
    setSeen(coupon.version);
    setV(initial(coupon));
  }
  const text = (k: keyof typeof v) => (e: { target: { value: string } }) =>
    setV({ ...v, [k]: e.target.value });
  const amount = toSatang(v.value);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const codes = v.planCodes
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    submit({
      code: v.code,
      percentOff: v.kind === 'percent' ? Number(v.value) : null,
      amountOffSatang: v.kind === 'amount' ? amount : null,
      planCodes: codes.length ? codes : null,
      validFrom: fromLocal(v.validFrom),
      validTo: fromLocal(v.validTo),
      maxRedemptions: v.max ? Number(v.max) : null,
      oncePerLearner: v.oncePerLearner,
      active: v.active,
    }).catch(() => {});
  };
  return (
    <Form className="grid gap-4 sm:grid-cols-2" onSubmit={onSubmit}>
      <TextField
        label={t('admin.coupons.code')}
        value={v.code}
        required
        disabled={!!coupon}
        onChange={text('code')}
      />
      <SelectField
        label={t('admin.coupons.kind')}
        value={v.kind}
        onChange={(e) => setV({ ...v, kind: e.target.value as 'percent' | 'amount', value: '' })}
      >
        <option value="percent">{t('admin.coupons.kindPercent')}</option>
        <option value="amount">{t('admin.coupons.kindAmount')}</option>
      </SelectField>
      {v.kind === 'percent' ? (
        <TextField
          label={t('admin.coupons.percentOff')}
          type="number"
          min={1}
          max={100}
          required
          value={v.value}
          onChange={text('value')}
        />
      ) : (
        <TextField
          label={t('admin.coupons.amountOff')}
          inputMode="decimal"
          required
          value={v.value}
          error={v.value && Number.isNaN(amount) ? t('admin.plans.priceInvalid') : undefined}
          onChange={text('value')}
        />
      )}
      <TextField label={t('admin.coupons.plans')} value={v.planCodes} onChange={text('planCodes')} />
      <TextField
        label={t('admin.coupons.validFrom')}
        type="datetime-local"
        value={v.validFrom}
        onChange={text('validFrom')}
      />
      <TextField
        label={t('admin.coupons.validTo')}
        type="datetime-local"
        value={v.validTo}
        onChange={text('validTo')}
      />
      <TextField label={t('admin.coupons.max')} type="number" min={1} value={v.max} onChange={text('max')} />
      <div className="flex flex-col">
        <CheckField
          label={t('admin.coupons.once')}
          checked={v.oncePerLearner}
          onChange={(oncePerLearner) => setV({ ...v, oncePerLearner })}
        />
        <CheckField
          label={t('admin.billing.active')}
          checked={v.active}
          onChange={(active) => setV({ ...v, active })}
        />
      </div>
      <div className="sm:col-span-2">
        <Button type="submit" busy={busy}>
          {label}
        </Button>
      </div>
    </Form>
  );
}
