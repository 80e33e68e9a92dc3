import { afterEach, describe, expect, it, vi } from 'vitest';
import { readFacebookReturn, startFacebookLogin } from './facebook-login';

const config = {
  googleClientId: null,
  facebookAppId: '1234567890123',
  facebookDialogUrl: 'https://www.facebook.com/v19.0/dialog/oauth',
  partnerSignIn: null,
  lineLogin: false,
  chatUrl: 'x',
  contentUrl: null,
  contentToken: null,
};

afterEach(() => {
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

function start(redirect = '/library') {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, origin: 'https://rianroo.example', assign });
  startFacebookLogin(config, redirect);
  return new URL(assign.mock.calls[0]![0] as string);
}

describe('Facebook Login without the SDK', () => {
  it('opens the dialog for a token, returning to /login/facebook with a fresh state', () => {
    const url = start();
    expect(url.origin + url.pathname).toBe('https://www.facebook.com/v19.0/dialog/oauth');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: '1234567890123',
      redirect_uri: 'https://rianroo.example/login/facebook',
      response_type: 'token',
      scope: 'email,public_profile',
    });
    expect(url.searchParams.get('state')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('takes the token only with the state this tab started with, and only once', () => {
    const state = start('/account').searchParams.get('state')!;
    const hash = `#access_token=EAAB123&expires_in=5000&state=${state}`;
    expect(readFacebookReturn(hash)).toEqual({ accessToken: 'EAAB123', redirect: '/account' });
    expect(readFacebookReturn(hash)).toEqual({ error: 'state' });
  });

  it('refuses an answer with another state (a login started elsewhere), and reports a cancelled dialog', () => {
    start();
    expect(readFacebookReturn('#access_token=EAAB123&state=someone-elses')).toEqual({ error: 'state' });
    const state = start().searchParams.get('state')!;
    expect(
      readFacebookReturn('#_=_', `?error=access_denied&error_reason=user_denied&state=${state}`),
    ).toEqual({
      error: 'cancelled',
    });
  });
});
