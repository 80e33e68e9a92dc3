import { registerBody } from '@rianroo/contract';
import { useEffect, useId } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { Button } from '../../../components/ui/Button';
import { AuthShell } from '../../../components/ui/Card';
import { TextField } from '../../../components/ui/TextField';
import { useApiErrorHandler, useZodForm } from '../../../lib/forms';
import { usePlans } from '../../../lib/billing';
import { useI18n } from '../../../lib/i18n';
import { safeRedirect } from '../../../lib/protected-paths';
import { leadsToTrial, startsTrial } from '../../../lib/trial-intent';
import { useLoggedIn } from '../../../lib/use-session';
import { useRegister, type RegisterInput } from '../api/register';
import { textLink } from '../../../components/ui/link-styles';

// The box starts unticked: the form takes any boolean, and the contract's rule (ticked) decides.
const form = registerBody
  .omit({ device: true })
  .extend({ acceptTerms: z.boolean().pipe(registerBody.shape.acceptTerms) });
const fields = ['email', 'password', 'firstName', 'lastName', 'phone', 'acceptTerms'] as const;

export default function RegisterPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = safeRedirect(params.get('redirect'));
  // Signing up for the free trial (lib/trial-intent.ts): the page says so, with the trial's days from its plan.
  const forTrial = leadsToTrial(params.get('redirect'));
  const trialDays = usePlans().data?.find((p) => p.interval === 'trial')?.intervalCount;
  const title = !forTrial
    ? t('register.title')
    : trialDays
      ? t('signup.trialTitle', { days: trialDays })
      : t('signup.trialTitleNoDays');
  const loggedIn = useLoggedIn();
  const signUp = useRegister();
  const { register, handleSubmit, setError, formState } = useZodForm(form, {
    email: '',
    password: '',
    firstName: '',
    lastName: '',
    acceptTerms: false,
  });
  const onApiError = useApiErrorHandler<RegisterInput>({ setError }, [...fields]);
  // Where a learner goes once signed up: interests first, unless they signed up on the way somewhere (a
  // checkout). A learner already signed in who opens this page goes on at once.
  const next = params.get('redirect') ? target : '/welcome?redirect=%2Flibrary';
  useEffect(() => {
    if (loggedIn && !signUp.isPending) navigate(signUp.isSuccess ? next : target, { replace: true });
  }, [loggedIn, signUp.isPending, signUp.isSuccess, navigate, next, target]);
  const e = formState.errors;
  const termsError = useId();

  return (
    <AuthShell title={title} lead={startsTrial(params.get('redirect')) ? t('signup.trialLead') : undefined}>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={handleSubmit((v) =>
          signUp.mutate(
            { ...v, phone: v.phone || undefined },
            { onSuccess: () => navigate(next, { replace: true }), onError: onApiError },
          ),
        )}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('field.firstName')}
            autoComplete="given-name"
            error={e.firstName?.message}
            {...register('firstName')}
          />
          <TextField
            label={t('field.lastName')}
            autoComplete="family-name"
            error={e.lastName?.message}
            {...register('lastName')}
          />
        </div>
        <TextField
          label={t('field.email')}
          type="email"
          autoComplete="email"
          error={e.email?.message}
          {...register('email')}
        />
        <TextField
          label={t('field.password')}
          type="password"
          autoComplete="new-password"
          hint={t('field.passwordMin')}
          error={e.password?.message}
          {...register('password')}
        />
        <TextField
          label={t('field.phone')}
          type="tel"
          autoComplete="tel"
          error={e.phone?.message}
          {...register('phone', { setValueAs: (v: string) => v || undefined })}
        />
        <div className="flex flex-col gap-1">
          <label className="flex items-start gap-3 text-sm text-slate-700">
            <input
              type="checkbox"
              className="mt-1 h-5 w-5 shrink-0 accent-teal-700"
              aria-invalid={e.acceptTerms ? true : undefined}
              aria-describedby={e.acceptTerms ? termsError : undefined}
              {...register('acceptTerms')}
            />
            <span>
              {t('register.termsBefore')}{' '}
              <Link to="/terms" target="_blank" className={`${textLink} underline`}>
                {t('legal.terms')}
              </Link>{' '}
              {t('register.termsAnd')}{' '}
              <Link to="/privacy" target="_blank" className={`${textLink} underline`}>
                {t('legal.privacy')}
              </Link>
            </span>
          </label>
          {/* Whatever refused it (the form or the API), the learner reads our words, not the contract's English. */}
          {e.acceptTerms && (
            <p id={termsError} className="text-sm text-red-700">
              {t('register.termsRequired')}
            </p>
          )}
        </div>
        <Button type="submit" busy={signUp.isPending}>
          {signUp.isPending ? t('register.submitting') : t('register.submit')}
        </Button>
      </form>
      <p className="mt-6 text-sm">
        {t('register.haveAccount')}{' '}
        <Link
          className={textLink}
          to={`/login${params.get('redirect') ? `?redirect=${encodeURIComponent(params.get('redirect')!)}` : ''}`}
        >
          {forTrial ? t('signup.trialLogin') : t('nav.login')}
        </Link>
      </p>
    </AuthShell>
  );
}
