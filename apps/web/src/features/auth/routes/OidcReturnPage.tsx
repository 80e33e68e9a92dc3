import type { OidcProvider } from '@rianroo/contract';
import { useCallback } from 'react';
import { useI18n } from '../../../lib/i18n';
import { usePublicConfig } from '../../../lib/public-config';
import { oidcLogin, readOidcReturn } from '../api/oidc-login';
import { SignInReturn, type ProviderAnswer } from '../components/SignInReturn';
import { useOidcLabel } from '../components/OidcButtons';

/** Where the partner's or LINE's sign-in page returns (`/login/siriraj`, `/login/line`). */
export default function OidcReturnPage({ provider }: { provider: OidcProvider }) {
  const { t } = useI18n();
  const name = useOidcLabel(provider, usePublicConfig());
  const read = useCallback((): ProviderAnswer => {
    const answer = readOidcReturn(provider, window.location.search);
    if ('error' in answer) return answer;
    return { redirect: answer.redirect, signIn: () => oidcLogin(provider, answer) };
  }, [provider]);
  return (
    <SignInReturn
      read={read}
      working={t('oidc.working', { name })}
      failed={t('oidc.failed', { name })}
      cancelled={t('oidc.cancelled', { name })}
    />
  );
}
