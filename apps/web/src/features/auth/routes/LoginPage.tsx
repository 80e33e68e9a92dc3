import type { DeviceLimitError } from '@rianroo/contract';
import { loginBody } from '@rianroo/contract';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Alert, AuthShell } from '../../../components/ui/Card';
import { TextField } from '../../../components/ui/TextField';
import { ApiError } from '../../../lib/api-error';
import { useApiErrorHandler, useErrorText, useZodForm } from '../../../lib/forms';
import { useI18n } from '../../../lib/i18n';
import { safeRedirect } from '../../../lib/protected-paths';
import { leadsToTrial, trialSignUpRedirect } from '../../../lib/trial-intent';
import { primaryLink } from '../../../components/ui/link-styles';
import { useLoggedIn } from '../../../lib/use-session';
import { useLogin, type LoginOutcome } from '../api/login';
import { DeviceLimitPanel } from '../components/DeviceLimitPanel';
import { FacebookButton } from '../components/FacebookButton';
import { OidcButtons } from '../components/OidcButtons';
import { GoogleButton } from '../components/GoogleButton';

const form = loginBody.omit({ device: true });

export default function LoginPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const target = safeRedirect(redirect);
  // On the way to the free trial (lib/trial-intent.ts): the page says so, and sign-up (which starts it) comes first.
  const forTrial = leadsToTrial(redirect);
  const registerTo = redirect
    ? `/register?redirect=${encodeURIComponent(forTrial ? trialSignUpRedirect(redirect) : redirect)}`
    : '/register';
  const loggedIn = useLoggedIn();
  const [limit, setLimit] = useState<DeviceLimitError>();
  const { register, handleSubmit, setError, formState } = useZodForm(form, { email: '', password: '' });
  const onApiError = useApiErrorHandler<{ email: string; password: string }>({ setError }, [
    'email',
    'password',
  ]);
  const login = useLogin();
  const errorText = useErrorText();
  // A refused login stays next to the form until the next try (a toast would vanish far from it).
  const [refused, setRefused] = useState<string>();
  const finish = () => navigate(target, { replace: true });
  const onOutcome = (o: LoginOutcome) => (o.kind === 'done' ? finish() : setLimit(o.limit));

  useEffect(() => {
    if (loggedIn && !limit) navigate(target, { replace: true });
  }, [loggedIn, limit, navigate, target]);

  return (
    <AuthShell title={forTrial ? t('login.trialTitle') : t('login.title')}>
      {limit ? (
        <DeviceLimitPanel limit={limit} onDone={finish} />
      ) : (
        <>
          {forTrial && (
            <div className="mb-6 rounded-xl bg-teal-50 p-4">
              <p className="text-sm text-slate-800">{t('login.trialNew')}</p>
              <Link to={registerTo} className={`${primaryLink} mt-2 w-full`}>
                {t('signup.trialTitleNoDays')}
              </Link>
            </div>
          )}
          <form
            noValidate
            className="flex flex-col gap-4"
            onSubmit={handleSubmit((v) => {
              setRefused(undefined);
              login.mutate(v, {
                onSuccess: onOutcome,
                onError: (err) => {
                  if (err instanceof ApiError && !err.details.length && err.status < 500)
                    setRefused(errorText(err));
                  else onApiError(err);
                },
              });
            })}
          >
            <TextField
              label={t('field.email')}
              type="email"
              autoComplete="email"
              error={formState.errors.email?.message}
              {...register('email')}
            />
            <TextField
              label={t('field.password')}
              type="password"
              autoComplete="current-password"
              error={formState.errors.password?.message}
              {...register('password')}
            />
            {refused && <Alert>{refused}</Alert>}
            <Button type="submit" busy={login.isPending}>
              {login.isPending ? t('login.submitting') : t('login.submit')}
            </Button>
          </form>
          <GoogleButton onOutcome={onOutcome} onError={onApiError} />
          <FacebookButton />
          <OidcButtons />
          <div className="mt-6 flex flex-col gap-2 text-sm">
            <Link className="text-teal-800 underline-offset-2 hover:underline" to="/forgot-password">
              {t('login.forgot')}
            </Link>
            <p>
              {t('login.noAccount')}{' '}
              <Link className="font-medium text-teal-800 underline-offset-2 hover:underline" to={registerTo}>
                {t('nav.register')}
              </Link>
            </p>
            <Link className="text-teal-800 underline-offset-2 hover:underline" to="/set-password">
              {t('login.legacy')}
            </Link>
          </div>
        </>
      )}
    </AuthShell>
  );
}
