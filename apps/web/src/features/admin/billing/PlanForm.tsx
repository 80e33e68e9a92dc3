import type { AdminPlan, PlanCreateBody } from '@rianroo/contract';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/Button';
import { Form } from '../../../components/ui/Form';
import { TextField } from '../../../components/ui/TextField';
import { CheckField, SelectField } from '../components/Fields';
import { useAdminI18n } from '../i18n';
import { toBaht, toSatang } from './billing-api';

const initial = (p?: AdminPlan) => ({
  code: p?.code ?? '',
  nameTh: p?.nameTh ?? '',
  nameEn: p?.nameEn ?? '',
  interval: p?.interval ?? ('month' as AdminPlan['interval']),
  intervalCount: String(p?.intervalCount ?? 1),
  lengthDays: String(p?.lengthDays ?? 30),
  price: p ? toBaht(p.priceSatang) : '',
  active: p?.active ?? true,
  sort: String(p?.sort ?? 0),
});

/** A plan's fields; the price is typed in baht and sent in whole satang. The code is set once. */
export function PlanForm({
  plan,
  label,
  busy,
  submit,
}: {
  plan?: AdminPlan;
  label: string;
  busy: boolean;
  submit: (body: PlanCreateBody) => Promise<unknown>;
}) {
  const { t } = useAdminI18n();
  const [v, setV] = useState(() => initial(plan));
  const [seen, setSeen] = useState(plan?.version);
  if (plan && plan.version !== seen) {
    setSeen(plan.version);
    setV(initial(plan));
  }
  const priceSatang = toSatang(v.price);
  const text = (k: keyof typeof v) => (e: { target: { value: string } }) =>
    setV({ ...v, [k]: e.target.value });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit({
      code: v.code,
      nameTh: v.nameTh,
      nameEn: v.nameEn,
      interval: v.interval,
      intervalCount: Number(v.intervalCount),
      lengthDays: Number(v.lengthDays),
      priceSatang,
      active: v.active,
      sort: Number(v.sort),
    }).catch(() => {});
  };
  return (
    <Form className="grid gap-4 sm:grid-cols-2" onSubmit={onSubmit}>
      <TextField
        label={t('admin.plans.code')}
        value={v.code}
        required
        disabled={!!plan}
        onChange={text('code')}
      />
      <SelectField
        label={t('admin.plans.interval')}
        value={v.interval}
        onChange={(e) => setV({ ...v, interval: e.target.value as AdminPlan['interval'] })}
      >
        {(['month', 'year', 'trial'] as const).map((i) => (
          <option key={i} value={i}>
            {t(`admin.plans.${i}`)}
          </option>
        ))}
      </SelectField>
      <TextField label={t('admin.plans.nameTh')} value={v.nameTh} required onChange={text('nameTh')} />
      <TextField label={t('admin.plans.nameEn')} value={v.nameEn} onChange={text('nameEn')} />
      <TextField
        label={t('admin.plans.price')}
        inputMode="decimal"
        value={v.price}
        required
        error={v.price && Number.isNaN(priceSatang) ? t('admin.plans.priceInvalid') : undefined}
        onChange={text('price')}
      />
      <TextField
        label={t('admin.plans.intervalCount')}
        type="number"
        min={1}
        max={36}
        value={v.intervalCount}
        onChange={text('intervalCount')}
      />
      <TextField
        label={t('admin.plans.lengthDays')}
        type="number"
        min={1}
        max={3660}
        value={v.lengthDays}
        onChange={text('lengthDays')}
      />
      <TextField label={t('admin.plans.sort')} type="number" min={0} value={v.sort} onChange={text('sort')} />
      <CheckField
        label={t('admin.billing.active')}
        checked={v.active}
        onChange={(active) => setV({ ...v, active })}
      />
      <div className="sm:col-span-2">
        <Button type="submit" busy={busy} disabled={Number.isNaN(priceSatang)}>
          {label}
        </Button>
      </div>
    </Form>
  );
}
