import { useLayoutEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { Button } from '../../../components/ui/Button';
import { Alert, AuthShell } from '../../../components/ui/Card';
import { PageLoading } from '../../../components/ui/Spinner';
import {
  NewPasswordFields,
  newPasswordShape,
  passwordsMatch,
} from '../../../components/ui/NewPasswordFields';
import { clearAddress } from '../../../lib/address';
import { ApiError } from '../../../lib/api-error';
import { useApiErrorHandler, useErrorText, useZodForm } from '../../../lib/forms';
import { useI18n } from '../../../lib/i18n';
import { useToast } from '../../../lib/toast';
import { useResetPassword, useVerifyReset } from '../api/password-reset';

const form = z.object({ ...newPasswordShape }).refine(...passwordsMatch);

/**
 * The e-mailed link lands here: the code is checked first, then the new password is set. The page reads the code
 * once and takes it out of the address at once (clearAddress); a reload after that asks to open the link again.
 */
export default function ResetPasswordPage() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const [code] = useState(() => params.get('code'));
  useLayoutEffect(() => {
    if (code) clearAddress(['mode']);
  }, [code]);
  const setMode = params.get('mode') === 'set';
  const navigate = useNavigate();
  const toast = useToast();
  const errorText = useErrorText();
  const verify = useVerifyReset(code);
  const reset = useResetPassword();
  const { register, handleSubmit, setError, formState } = useZodForm(form, {
    password: '',
    passwordConfirmation: '',
  });
  const onApiError = useApiErrorHandler<z.input<typeof form>>({ setError }, [
    'password',
    'passwordConfirmation',
  ]);
  const title = setMode ? t('reset.titleSet') : t('reset.title');
  const askAgain = (
    <Link
      to={setMode ? '/set-password' : '/forgot-password'}
      className="mt-4 inline-block text-sm font-medium text-teal-800 underline-offset-2 hover:underline"
    >
      {t('reset.askAgain')}
    </Link>
  );

  if (!code) {
    return (
      <AuthShell title={title}>
        <Alert>{t('reset.missing')}</Alert>
        {askAgain}
      </AuthShell>
    );
  }
  if (verify.isPending) return <PageLoading label={t('reset.checking')} />;
  if (verify.isError) {
    return (
      <AuthShell title={title}>
        {/* A malformed code (400 VALIDATION_ERROR) is as useless as an unknown one: both ask for a new link. */}
        <Alert>
          {verify.error instanceof ApiError && verify.error.status === 400
            ? t('error.RESET_CODE_INVALID')
            : errorText(verify.error)}
        </Alert>
        {askAgain}
      </AuthShell>
    );
  }
  const submit = handleSubmit((v) =>
    reset.mutate(
      { ...v, verificationString: code },
      {
        onSuccess: () => {
          toast(t('reset.done'), 'success', 4000);
          navigate('/login', { replace: true });
        },
        onError: (e) => {
          if (e instanceof Error && 'code' in e && e.code === 'PASSWORD_MISMATCH')
            setError('passwordConfirmation', { message: t('error.PASSWORD_MISMATCH') });
          else onApiError(e);
        },
      },
    ),
  );
  return (
    <AuthShell title={title} lead={`${t('reset.for')} ${verify.data.email}`}>
      <form noValidate className="flex flex-col gap-4" onSubmit={submit}>
        <NewPasswordFields
          password={register('password')}
          confirmation={register('passwordConfirmation')}
          errors={formState.errors}
        />
        <Button type="submit" busy={reset.isPending}>
          {t('reset.submit')}
        </Button>
      </form>
    </AuthShell>
  );
}
