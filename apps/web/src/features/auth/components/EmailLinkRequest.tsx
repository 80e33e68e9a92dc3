import { forgotPasswordBody } from '@rianroo/contract';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Alert, AuthShell } from '../../../components/ui/Card';
import { TextField } from '../../../components/ui/TextField';
import { useApiErrorHandler, useZodForm } from '../../../lib/forms';
import { useI18n, type MessageKey } from '../../../lib/i18n';

/** "Send me a link" screens (forgot password, set password): one e-mail field, then a confirmation. */
export function EmailLinkRequest(props: {
  title: MessageKey;
  lead: MessageKey;
  submit: MessageKey;
  sentText: MessageKey;
  sent: boolean;
  busy: boolean;
  onEmail: (email: string, onError: (err: unknown) => void) => void;
}) {
  const { t } = useI18n();
  const { register, handleSubmit, setError, formState } = useZodForm(forgotPasswordBody, { email: '' });
  const onApiError = useApiErrorHandler<{ email: string }>({ setError }, ['email']);
  return (
    <AuthShell title={t(props.title)} lead={t(props.lead)}>
      {props.sent ? (
        <Alert kind="success">{t(props.sentText)}</Alert>
      ) : (
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={handleSubmit((v) => props.onEmail(v.email, onApiError))}
        >
          <TextField
            label={t('field.email')}
            type="email"
            autoComplete="email"
            error={formState.errors.email?.message}
            {...register('email')}
          />
          <Button type="submit" busy={props.busy}>
            {t(props.submit)}
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
