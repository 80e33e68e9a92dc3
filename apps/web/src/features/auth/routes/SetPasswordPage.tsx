import { forgotPasswordBody } from '@rianroo/contract';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Alert, AuthShell } from '../../../components/ui/Card';
import { TextField } from '../../../components/ui/TextField';
import { useZodForm } from '../../../lib/forms';
import { useI18n } from '../../../lib/i18n';
import { useSendSetPasswordEmail } from '../api/set-password-old-user';

/** Learners migrated from the old system ask here for a link to set their first password. */
export default function SetPasswordPage() {
  const { t } = useI18n();
  const send = useSendSetPasswordEmail();
  const { register, handleSubmit, formState } = useZodForm(forgotPasswordBody, { email: '' });
  return (
    <AuthShell title={t('setpw.title')} lead={t('setpw.lead')}>
      {send.data === true ? (
        <Alert kind="success">{t('setpw.sent')}</Alert>
      ) : (
        <form noValidate className="flex flex-col gap-4" onSubmit={handleSubmit((v) => send.mutate(v.email))}>
          <TextField
            label={t('field.email')}
            type="email"
            autoComplete="email"
            error={formState.errors.email?.message}
            {...register('email')}
          />
          <Button type="submit" busy={send.isPending}>
            {t('setpw.submit')}
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
