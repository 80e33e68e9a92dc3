import type { AdminOrganizationDetail } from '@rianroo/contract';
import { useState } from 'react';
import { RetryAlert } from '../../../components/RetryAlert';
import { Alert, Card } from '../../../components/ui/Card';
import { Button } from '../../../components/ui/Button';
import { Form } from '../../../components/ui/Form';
import { TextField } from '../../../components/ui/TextField';
import { bangkokToday, endOfBangkokDay } from '../../../lib/bangkok-day';
import { useErrorText } from '../../../lib/forms';
import { ConfirmButton } from '../components/ConfirmButton';
import { SelectField } from '../components/Fields';
import { useAdminI18n } from '../i18n';
import { useAdminWrite } from '../lib/use-admin-write';
import { useGrantablePlans } from '../users/users-api';
import { useEndSeats, useSetSeats } from './orgs-api';

/** The Bangkok calendar day of an instant, as a date field's value. */
const bangkokDay = (iso: string) => bangkokToday(new Date(iso));

/**
 * An organisation's seats for a plan (a contract signed outside the platform): how many, until which day; how
 * many members hold one and how many wait. Members take seats on joining, in the order they joined; saving more
 * seats gives them to those waiting at once; fewer than are held is refused by the server (SEATS_BELOW_TAKEN).
 */
export function SeatsCard({ org }: { org: AdminOrganizationDetail }) {
  const { t, date } = useAdminI18n();
  const errorText = useErrorText();
  const plans = useGrantablePlans();
  const set = useSetSeats(org.id);
  const end = useEndSeats(org.id);
  const write = useAdminWrite();
  const pool = org.seatPool;
  const [planId, setPlanId] = useState(pool?.planId ?? '');
  const [seats, setSeats] = useState(pool ? String(pool.seats) : '');
  const [day, setDay] = useState(pool ? bangkokDay(pool.endsAt) : '');
  const [error, setError] = useState<string | null>(null);
  const chosen = planId || plans.data?.[0]?.id || '';

  return (
    <Card title={t('admin.orgs.seats')}>
      <p className="mb-3 text-sm text-slate-700">{t('admin.orgs.seatsLead')}</p>
      {pool ? (
        <p className="mb-4 rounded-lg bg-teal-50 p-3 text-slate-900" data-testid="seat-summary">
          {t('admin.orgs.seatsHeld', { taken: pool.taken, seats: pool.seats, plan: pool.planName })}
          {' · '}
          {t('admin.orgs.seatsUntil', { date: date(pool.endsAt, false) })}
          {pool.waiting > 0 && (
            <>
              {' · '}
              <strong>{t('admin.orgs.seatsWaiting', { n: pool.waiting })}</strong>
            </>
          )}
        </p>
      ) : (
        <p className="mb-4 text-slate-700">{t('admin.orgs.noSeats')}</p>
      )}
      {plans.isPending ? (
        <p className="text-sm text-slate-600">{t('admin.grant.loadingPlans')}</p>
      ) : plans.isError ? (
        <RetryAlert error={plans.error} onRetry={() => void plans.refetch()} />
      ) : !plans.data.length ? (
        <p className="text-sm text-slate-600">{t('admin.grant.noPlans')}</p>
      ) : (
        <Form
          aria-label={t('admin.orgs.seats')}
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (set.isPending) return;
            setError(null);
            write(
              set.mutateAsync({ planId: chosen, seats: Number(seats), endsAt: endOfBangkokDay(day) }),
              t('admin.orgs.seatsSaved'),
            ).catch((err: unknown) => setError(errorText(err)));
          }}
        >
          <div className="grid gap-4 sm:grid-cols-3">
            <SelectField
              label={t('admin.user.plan')}
              value={chosen}
              onChange={(e) => setPlanId(e.target.value)}
            >
              {plans.data.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.nameTh}
                  {p.nameEn ? ` / ${p.nameEn}` : ''}
                </option>
              ))}
            </SelectField>
            <TextField
              label={t('admin.orgs.seatCount')}
              type="number"
              inputMode="numeric"
              min={1}
              max={100000}
              step={1}
              required
              value={seats}
              onChange={(e) => setSeats(e.target.value)}
            />
            <TextField
              label={t('admin.orgs.seatsLastDay')}
              type="date"
              min={bangkokToday()}
              required
              value={day}
              onChange={(e) => setDay(e.target.value)}
            />
          </div>
          {error && <Alert>{error}</Alert>}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" busy={set.isPending} className="w-full sm:w-auto">
              {t('admin.orgs.seatsSave')}
            </Button>
            {pool && (
              <ConfirmButton
                label={t('admin.orgs.seatsEnd')}
                title={t('admin.orgs.seatsEnd')}
                body={t('admin.orgs.seatsEndConfirm', { n: pool.taken })}
                onConfirm={() => write(end.mutateAsync(), t('admin.orgs.seatsEnded'))}
              />
            )}
          </div>
        </Form>
      )}
    </Card>
  );
}
