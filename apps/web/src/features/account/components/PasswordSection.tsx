import { z } from 'zod';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import {
  NewPasswordFields,
  newPasswordShape,
  passwordsMatch,
} from '../../../components/ui/NewPasswordFields';
import { TextField } from '../../../components/ui/TextField';
import { useApiErrorHandler, useZodForm } from '../../../lib/forms';
import { useI18n } from '../../../lib/i18n';
import { useToast } from '../../../lib/toast';
import { useChangePassword } from '../api/change-password';

const form = z
  .object({ currentPassword: z.string().optional(), ...newPasswordShape })
  .refine(...passwordsMatch);
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
        <NewPasswordFields
          password={register('password')}
          confirmation={register('passwordConfirmation')}
          errors={e}
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
