import { joinOrganizationBody } from '@rianroo/contract';
import { useNavigate } from 'react-router';
import { RetryAlert } from '../../../components/RetryAlert';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Spinner } from '../../../components/ui/Spinner';
import { TextField } from '../../../components/ui/TextField';
import { useApiErrorHandler, useZodForm } from '../../../lib/forms';
import { useI18n } from '../../../lib/i18n';
import { useToast } from '../../../lib/toast';
import { useJoinOrganization, useMyOrganization } from '../api/organization';

/** The learner's organisation, or a form to join one with the code it gave them. */
export function OrganizationSection() {
  const { t, date } = useI18n();
  const navigate = useNavigate();
  const toast = useToast();
  const mine = useMyOrganization();
  const join = useJoinOrganization();
  const { register, handleSubmit, setError, formState } = useZodForm(joinOrganizationBody, { code: '' });
  const onApiError = useApiErrorHandler<{ code: string }>({ setError }, ['code']);
  const organization = mine.data?.organization;
  return (
    <Card title={t('org.title')}>
      {mine.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : mine.isError ? (
        // Not known, so not "in none": a member must not be offered to join as if they had no organisation.
        <RetryAlert error={mine.error} onRetry={() => void mine.refetch()} />
      ) : organization ? (
        <div className="flex flex-col gap-2">
          <p className="text-slate-800">{t('org.member', { name: organization.name })}</p>
          {organization.seat && (
            <p className={organization.seat.held ? 'text-teal-900' : 'text-amber-900'}>
              {organization.seat.held
                ? t('org.seatHeld', { date: date(organization.seat.endsAt, false) })
                : t('org.seatWaiting')}
            </p>
          )}
        </div>
      ) : (
        <form
          noValidate
          className="flex flex-col gap-3 sm:flex-row sm:items-start"
          onSubmit={handleSubmit((v) =>
            join.mutate(v.code, {
              onSuccess: (answer) => {
                toast(t('org.joined', { name: answer.organization?.name ?? '' }), 'success', 3000);
                if (answer.organization?.requiresContact) navigate('/guard-contact?redirect=%2Flibrary');
              },
              onError: (err) => {
                if ((err as { status?: number }).status === 404)
                  setError('code', { message: t('org.unknown') });
                else onApiError(err);
              },
            }),
          )}
        >
          <TextField
            className="flex-1"
            label={t('org.code')}
            hint={t('org.hint')}
            autoComplete="off"
            autoCapitalize="characters"
            error={formState.errors.code?.message}
            {...register('code')}
          />
          <Button type="submit" busy={join.isPending} className="sm:mt-6">
            {t('org.join')}
          </Button>
        </form>
      )}
    </Card>
  );
}
