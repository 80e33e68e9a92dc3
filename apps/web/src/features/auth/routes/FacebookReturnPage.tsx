import type { DeviceLimitError } from '@rianroo/contract';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, AuthShell } from '../../../components/ui/Card';
import { PageLoading } from '../../../components/ui/Spinner';
import { useErrorText } from '../../../lib/forms';
import { useI18n } from '../../../lib/i18n';
import { facebookLogin, readFacebookReturn } from '../api/facebook-login';
import { DeviceLimitPanel } from '../components/DeviceLimitPanel';
import { textLink } from '../../../components/ui/link-styles';

/** Where Facebook's login dialog returns: checks the state, signs in with the token, then goes on. */
export default function FacebookReturnPage() {
  const { t } = useI18n();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string>();
  const [limit, setLimit] = useState<{ limit: DeviceLimitError; redirect: string }>();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return; // once, also under StrictMode
    started.current = true;
    const answer = readFacebookReturn(window.location.hash, window.location.search);
    // The token is not left in the address bar or the history.
    window.history.replaceState(null, '', window.location.pathname);
    if ('error' in answer) {
      setProblem(t(answer.error === 'cancelled' ? 'facebook.cancelled' : 'facebook.failed'));
      return;
    }
    facebookLogin(answer.accessToken).then(
      (o) =>
        o.kind === 'done'
          ? navigate(answer.redirect, { replace: true })
          : setLimit({ limit: o.limit, redirect: answer.redirect }),
      (err) => setProblem(errorText(err)),
    );
  }, [errorText, navigate, t]);
  if (limit) {
    return (
      <AuthShell title={t('login.title')}>
        <DeviceLimitPanel limit={limit.limit} onDone={() => navigate(limit.redirect, { replace: true })} />
      </AuthShell>
    );
  }
  if (!problem) return <PageLoading label={t('facebook.working')} />;
  return (
    <AuthShell title={t('login.title')}>
      <Alert>{problem}</Alert>
      <Link to="/login" className={`mt-4 inline-block ${textLink}`}>
        {t('facebook.back')}
      </Link>
    </AuthShell>
  );
}
