import type { PublicConfig } from '@rianroo/contract';
import { api } from '../../../lib/api';
import { loginWith, type LoginOutcome } from './login';

const STATE_KEY = 'facebookLogin';
export const FACEBOOK_RETURN_PATH = '/login/facebook';

/**
 * Facebook Login without Facebook's script: the login dialog (OAuth, `response_type=token`) returns to
 * /login/facebook with the access token in the URL fragment, and `state` ties the return to this tab's start.
 */
export function startFacebookLogin(config: PublicConfig, redirect: string) {
  const state = crypto.randomUUID();
  sessionStorage.setItem(STATE_KEY, JSON.stringify({ state, redirect }));
  const url = new URL(config.facebookDialogUrl);
  url.search = new URLSearchParams({
    client_id: config.facebookAppId ?? '',
    redirect_uri: `${window.location.origin}${FACEBOOK_RETURN_PATH}`,
    state,
    response_type: 'token',
    scope: 'email,public_profile',
  }).toString();
  window.location.assign(url.toString());
}

export type FacebookReturn = { accessToken: string; redirect: string } | { error: 'cancelled' | 'state' };

/**
 * Reads the dialog's answer once: the state must be the one this tab started with (then it is forgotten). A
 * token comes in the fragment; a refusal (`error=access_denied`) in the query.
 */
export function readFacebookReturn(hash: string, search = ''): FacebookReturn {
  const answer = new URLSearchParams(search.replace(/^\?/, ''));
  new URLSearchParams(hash.replace(/^#/, '')).forEach((v, k) => answer.set(k, v));
  const raw = sessionStorage.getItem(STATE_KEY);
  sessionStorage.removeItem(STATE_KEY);
  const started = raw ? (JSON.parse(raw) as { state: string; redirect: string }) : undefined;
  if (!started || answer.get('state') !== started.state) return { error: 'state' };
  const accessToken = answer.get('access_token');
  if (!accessToken) return { error: 'cancelled' };
  return { accessToken, redirect: started.redirect };
}

export const facebookLogin = (accessToken: string): Promise<LoginOutcome> =>
  loginWith((device) => api('POST /api/facebook-auth', { body: { accessToken, device } }));
