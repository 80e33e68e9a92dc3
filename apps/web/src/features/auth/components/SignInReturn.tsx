import type { DeviceLimitError } from '@rianroo/contract';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, AuthShell } from '../../../components/ui/Card';
import { textLink } from '../../../components/ui/link-styles';
import { PageLoading } from '../../../components/ui/Spinner';
import { clearAddress } from '../../../lib/address';
import { ApiError } from '../../../lib/api-error';
import { useErrorText } from '../../../lib/forms';
import { useI18n } from '../../../lib/i18n';
import type { LoginOutcome } from '../api/login';
import { DeviceLimitPanel } from './DeviceLimitPanel';

export type ProviderAnswer =
  { error: 'cancelled' | 'state' } | { redirect: string; signIn: () => Promise<LoginOutcome> };

/**
 * Where another provider's sign-in page sends the learner back (Facebook, the partner, LINE): reads its
 * answer once, takes it out of the address bar and the history, signs in, then goes on to where the
 * learner was going; a refusal, a cancelled sign-in or a foreign answer is said in plain words.
 */
export function SignInReturn(props: {
  read: () => ProviderAnswer;
  working: string;
  failed: string;
  cancelled: string;
}) {
  const { t } = useI18n();
  const errorText = useErrorText();
  const navigate = useNavigate();
  // What went wrong, said in the words of the latest render (the provider's name may arrive after the answer).
  const [problem, setProblem] = useState<'failed' | 'cancelled' | { text: string }>();
  const [limit, setLimit] = useState<{ limit: DeviceLimitError; redirect: string }>();
  const started = useRef(false);
  const { read } = props;
  useEffect(() => {
    if (started.current) return; // once, also under StrictMode
    started.current = true;
    const answer = read();
    // The code or token is not left in the address bar or the history.
    clearAddress();
    if ('error' in answer) {
      setProblem(answer.error === 'cancelled' ? 'cancelled' : 'failed');
      return;
    }
    answer.signIn().then(
      (o) =>
        o.kind === 'done'
          ? navigate(answer.redirect, { replace: true })
          : setLimit({ limit: o.limit, redirect: answer.redirect }),
      (err) =>
        setProblem(
          err instanceof ApiError && err.code === 'UNAUTHORIZED' ? 'failed' : { text: errorText(err) },
        ),
    );
  }, [read, errorText, navigate]);
  if (limit) {
    return (
      <AuthShell title={t('login.title')}>
        <DeviceLimitPanel limit={limit.limit} onDone={() => navigate(limit.redirect, { replace: true })} />
      </AuthShell>
    );
  }
  if (!problem) return <PageLoading label={props.working} />;
  return (
    <AuthShell title={t('login.title')}>
      <Alert>{typeof problem === 'string' ? props[problem] : problem.text}</Alert>
      <Link to="/login" className={`mt-4 inline-block ${textLink}`}>
        {t('signin.back')}
      </Link>
    </AuthShell>
  );
}
