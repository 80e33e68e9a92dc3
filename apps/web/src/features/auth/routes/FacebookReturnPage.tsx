import { useCallback } from 'react';
import { useI18n } from '../../../lib/i18n';
import { facebookLogin, readFacebookReturn } from '../api/facebook-login';
import { SignInReturn, type ProviderAnswer } from '../components/SignInReturn';

/** Where Facebook's login dialog returns: checks the state, signs in with the token, then goes on. */
export default function FacebookReturnPage() {
  const { t } = useI18n();
  const read = useCallback((): ProviderAnswer => {
    const answer = readFacebookReturn(window.location.hash, window.location.search);
    if ('error' in answer) return answer;
    return { redirect: answer.redirect, signIn: () => facebookLogin(answer.accessToken) };
  }, []);
  return (
    <SignInReturn
      read={read}
      working={t('facebook.working')}
      failed={t('facebook.failed')}
      cancelled={t('facebook.cancelled')}
    />
  );
}
