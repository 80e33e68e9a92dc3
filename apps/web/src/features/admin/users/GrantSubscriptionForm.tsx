import type { AdminUserDetail } from '@rianroo/contract';
import { useState } from 'react';
import { Alert } from '../../../components/ui/Card';
import { Button } from '../../../components/ui/Button';
import { Form } from '../../../components/ui/Form';
import { TextField } from '../../../components/ui/TextField';
import { bangkokToday, endOfBangkokDay } from '../../../lib/bangkok-day';
import { useErrorText } from '../../../lib/forms';
import { SelectField, TextArea } from '../components/Fields';
import { useAdminI18n } from '../i18n';
import { useAdminWrite } from '../lib/use-admin-write';
import { useGrantablePlans, useGrantSubscription } from './users-api';

/**
 * Grants a paid plan (a support gift, a mistaken charge made good, a partner's learner): plan, optional last
 * day (empty: one period of the plan), and a reason for the audit log. The server refuses a second current
 * subscription (SUBSCRIPTION_EXISTS); its answer is shown here and in a toast.
 */
export function GrantSubscriptionForm({ user }: { user: AdminUserDetail }) {
  const { t, money } = useAdminI18n();
  const errorText = useErrorText();
  const plans = useGrantablePlans();
  const grant = useGrantSubscription(user.id);
  const write = useAdminWrite();
  const [planId, setPlanId] = useState('');
  const [day, setDay] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const chosen = planId || plans.data?.[0]?.id || '';
  const canSubmit = !!chosen && reason.trim().length >= 3;

  if (plans.isPending) return <p className="mt-4 text-sm text-slate-600">{t('admin.grant.loadingPlans')}</p>;
  if (plans.isError)
    return (
      <div className="mt-4">
        <Alert>
          <span className="mr-3">{errorText(plans.error)}</span>
          <Button variant="secondary" onClick={() => void plans.refetch()}>
            {t('admin.table.retry')}
          </Button>
        </Alert>
      </div>
    );
  if (!plans.data.length) return <p className="mt-4 text-sm text-slate-600">{t('admin.grant.noPlans')}</p>;
  return (
    <Form
      aria-label={t('admin.grant.title')}
      className="mt-5 flex flex-col gap-4 border-t border-slate-100 pt-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (!canSubmit || grant.isPending) return;
        setError(null);
        write(
          grant.mutateAsync({
            planId: chosen,
            reason: reason.trim(),
            ...(day ? { endsAt: endOfBangkokDay(day) } : {}),
          }),
          t('admin.grant.done'),
        ).then(
          () => {
            setDay('');
            setReason('');
          },
          (err: unknown) => setError(errorText(err)),
        );
      }}
    >
      <h3 className="text-base font-semibold text-slate-900">{t('admin.grant.title')}</h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label={t('admin.user.plan')} value={chosen} onChange={(e) => setPlanId(e.target.value)}>
          {plans.data.map((p) => (
            <option key={p.id} value={p.id}>
              {p.nameTh}
              {p.nameEn ? ` / ${p.nameEn}` : ''} · {money(p.priceSatang, p.currency)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('admin.grant.endsOn')}
          type="date"
          min={bangkokToday()}
          hint={t('admin.grant.endsOnHint')}
          value={day}
          onChange={(e) => setDay(e.target.value)}
        />
      </div>
      <TextArea
        label={t('admin.grant.reason')}
        hint={t('admin.grant.reasonHint')}
        value={reason}
        minLength={3}
        maxLength={500}
        required
        onChange={(e) => setReason(e.target.value)}
      />
      {error && <Alert>{error}</Alert>}
      <div>
        <Button type="submit" busy={grant.isPending} className="w-full sm:w-auto">
          {t('admin.grant.submit')}
        </Button>
      </div>
    </Form>
  );
}
