import type { OidcProvider } from '@rianroo/contract';
import { api } from '../../../lib/api';
import { loginWith, type LoginOutcome } from './login';

const STATE_KEY = 'oidcLogin';

export const oidcReturnPath = (provider: OidcProvider) => `/login/${provider}`;

/** Each provider's rows of the endpoint table: its start (`/{provider}-auth/authorize`) and its finish. */
const START: Record<OidcProvider, 'POST /api/siriraj-auth/authorize' | 'POST /api/line-auth/authorize'> = {
  siriraj: 'POST /api/siriraj-auth/authorize',
  line: 'POST /api/line-auth/authorize',
};
const FINISH: Record<OidcProvider, 'POST /api/siriraj-auth' | 'POST /api/line-auth'> = {
  siriraj: 'POST /api/siriraj-auth',
  line: 'POST /api/line-auth',
};

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** A PKCE pair (RFC 7636): the verifier stays in this tab; only its S256 challenge leaves it. */
export async function pkcePair() {
  const codeVerifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(codeVerifier));
  return { codeVerifier, codeChallenge: base64url(new Uint8Array(digest)) };
}

interface Started {
  provider: OidcProvider;
  state: string;
  codeVerifier: string;
  redirectUri: string;
  redirect: string;
}

/**
 * Partner (OpenID Connect) and LINE sign-in: the API chooses state and nonce and answers the provider's
 * address; this tab keeps the verifier and the state, and goes there.
 */
export async function startOidcLogin(provider: OidcProvider, redirect: string) {
  const { codeVerifier, codeChallenge } = await pkcePair();
  const redirectUri = `${window.location.origin}${oidcReturnPath(provider)}`;
  const { url, state } = await api(START[provider], { body: { redirectUri, codeChallenge } });
  const started: Started = { provider, state, codeVerifier, redirectUri, redirect };
  sessionStorage.setItem(STATE_KEY, JSON.stringify(started));
  window.location.assign(url);
}

export type OidcReturn =
  | { code: string; state: string; iss?: string; codeVerifier: string; redirectUri: string; redirect: string }
  | { error: 'cancelled' | 'state' };

/**
 * Reads the provider's answer once: it must come back to the tab that started this provider's sign-in with
 * the same state (then the started sign-in is forgotten). A refusal comes as `error=access_denied`.
 */
export function readOidcReturn(provider: OidcProvider, search: string): OidcReturn {
  const answer = new URLSearchParams(search.replace(/^\?/, ''));
  const raw = sessionStorage.getItem(STATE_KEY);
  sessionStorage.removeItem(STATE_KEY);
  let started: Started | undefined;
  try {
    started = raw ? (JSON.parse(raw) as Started) : undefined;
  } catch {
    started = undefined;
  }
  if (!started || started.provider !== provider || answer.get('state') !== started.state) {
    return { error: 'state' };
  }
  const code = answer.get('code');
  if (!code) return { error: 'cancelled' };
  return {
    code,
    state: started.state,
    ...(answer.get('iss') ? { iss: answer.get('iss')! } : {}),
    codeVerifier: started.codeVerifier,
    redirectUri: started.redirectUri,
    redirect: started.redirect,
  };
}

export const oidcLogin = (
  provider: OidcProvider,
  { redirect: _redirect, ...body }: Extract<OidcReturn, { code: string }>,
): Promise<LoginOutcome> => loginWith((device) => api(FINISH[provider], { body: { ...body, device } }));
