import { forgotPasswordBody } from '@rianroo/contract';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Alert, AuthShell } from '../../../components/ui/Card';
import { TextField } from '../../../components/ui/TextField';
import { useApiErrorHandler, useZodForm } from '../../../lib/forms';
import { useI18n } from '../../../lib/i18n';
import { useForgotPassword } from '../api/password-reset';

export default function ForgotPasswordPage() {
  const { t } = useI18n();
  const forgot = useForgotPassword();
  const { register, handleSubmit, setError, formState } = useZodForm(forgotPasswordBody, { email: '' });
  const onApiError = useApiErrorHandler<{ email: string }>({ setError }, ['email']);
  return (
    <AuthShell title={t('forgot.title')} lead={t('forgot.lead')}>
      {forgot.isSuccess ? (
        <Alert kind="success">{t('forgot.sent')}</Alert>
      ) : (
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={handleSubmit((v) => forgot.mutate(v.email, { onError: onApiError }))}
        >
          <TextField
            label={t('field.email')}
            type="email"
            autoComplete="email"
            error={formState.errors.email?.message}
            {...register('email')}
          />
          <Button type="submit" busy={forgot.isPending}>
            {t('forgot.submit')}
          </Button>
        </form>
      )}
      <Link
        to="/login"
        className="mt-6 inline-block text-sm text-teal-800 underline-offset-2 hover:underline"
      >
        {t('common.back')}
      </Link>
    </AuthShell>
  );
}
