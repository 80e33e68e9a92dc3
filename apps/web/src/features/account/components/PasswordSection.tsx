import { PASSWORD_MAX, PASSWORD_MIN } from '@rianroo/contract';
import { z } from 'zod';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { TextField } from '../../../components/ui/TextField';
import { useApiErrorHandler, useZodForm } from '../../../lib/forms';
import { useI18n } from '../../../lib/i18n';
import { useToast } from '../../../lib/toast';
import { useChangePassword } from '../api/change-password';

const form = z
  .object({
    currentPassword: z.string().optional(),
    password: z.string().min(PASSWORD_MIN).max(PASSWORD_MAX),
    passwordConfirmation: z.string().min(1),
  })
  .refine((v) => v.password === v.passwordConfirmation, { path: ['passwordConfirmation'] });
type Form = z.input<typeof form>;

export function PasswordSection({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useI18n();
  const toast = useToast();
  const change = useChangePassword();
  const { register, handleSubmit, setError, reset, formState } = useZodForm(form, {
    currentPassword: '',
    password: '',
    passwordConfirmation: '',
  });
  const onApiError = useApiErrorHandler<Form>({ setError }, [
    'currentPassword',
    'password',
    'passwordConfirmation',
  ]);
  const e = formState.errors;
  return (
    <Card title={t('account.password')}>
      <p className="mb-4 text-sm text-slate-600">{t('account.passwordHint')}</p>
      <form
        noValidate
        className="flex max-w-md flex-col gap-4"
        onSubmit={handleSubmit((v) =>
          change.mutate(
            { ...v, currentPassword: hasPassword ? v.currentPassword : undefined },
            {
              onSuccess: () => {
                reset();
                toast(t('account.passwordSaved'), 'success', 3000);
              },
              onError: onApiError,
            },
          ),
        )}
      >
        {hasPassword && (
          <TextField
            label={t('field.currentPassword')}
            type="password"
            autoComplete="current-password"
            error={e.currentPassword?.message}
            {...register('currentPassword')}
          />
        )}
        <TextField
          label={t('field.newPassword')}
          type="password"
          autoComplete="new-password"
          hint={t('field.passwordMin')}
          error={e.password?.message}
          {...register('password')}
        />
        <TextField
          label={t('field.passwordConfirmation')}
          type="password"
          autoComplete="new-password"
          error={
            e.passwordConfirmation &&
            (e.passwordConfirmation.type === 'custom'
              ? t('error.PASSWORD_MISMATCH')
              : e.passwordConfirmation.message)
          }
          {...register('passwordConfirmation')}
        />
        <div>
          <Button type="submit" busy={change.isPending}>
            {t('common.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
