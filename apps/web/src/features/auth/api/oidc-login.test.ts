import { afterEach, describe, expect, it, vi } from 'vitest';
import { pkcePair, readOidcReturn, startOidcLogin } from './oidc-login';

afterEach(() => {
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

const sha256url = async (v: string) =>
  Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(v))).toString('base64url');

/** Starts a sign-in against a stand-in API answer; returns what was sent to it and where the tab went. */
async function start(provider: 'siriraj' | 'line' = 'siriraj', redirect = '/library') {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, origin: 'https://rianroo.example', assign });
  const fetchMock = vi.fn(async () =>
    Response.json({ url: 'https://idp.example/authorize?x=1', state: `state-${provider}` }),
  );
  vi.stubGlobal('fetch', fetchMock);
  await startOidcLogin(provider, redirect);
  const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
  return { path, body: JSON.parse(init.body as string), went: assign.mock.calls[0]![0] as string };
}

describe('partner and LINE sign-in in the browser', () => {
  it('makes a PKCE pair whose challenge is the S256 of a 43-character verifier', async () => {
    const { codeVerifier, codeChallenge } = await pkcePair();
    expect(codeVerifier).toMatch(/^[\w-]{43}$/);
    expect(codeChallenge).toBe(await sha256url(codeVerifier));
    expect((await pkcePair()).codeVerifier).not.toBe(codeVerifier);
  });

  it('sends only the challenge and this platform’s return page, then goes where the API says', async () => {
    const { path, body, went } = await start('line');
    expect(path).toMatch(/\/line-auth\/authorize$/);
    expect(body).toEqual({
      redirectUri: 'https://rianroo.example/login/line',
      codeChallenge: expect.any(String),
    });
    expect(JSON.stringify(body)).not.toContain(JSON.parse(sessionStorage.getItem('oidcLogin')!).codeVerifier);
    expect(went).toBe('https://idp.example/authorize?x=1');
  });

  it('takes the code only with the state this tab started, for the same provider, and only once', async () => {
    await start('siriraj', '/course/x');
    const { codeVerifier } = JSON.parse(sessionStorage.getItem('oidcLogin')!);
    const search = '?code=abc&state=state-siriraj&iss=https%3A%2F%2Fidp.example';
    expect(readOidcReturn('siriraj', search)).toEqual({
      code: 'abc',
      state: 'state-siriraj',
      iss: 'https://idp.example',
      codeVerifier,
      redirectUri: 'https://rianroo.example/login/siriraj',
      redirect: '/course/x',
    });
    expect(readOidcReturn('siriraj', search)).toEqual({ error: 'state' });
  });

  it('refuses another state or another provider’s return page, and reports a cancelled sign-in', async () => {
    await start('siriraj');
    expect(readOidcReturn('siriraj', '?code=abc&state=someone-elses')).toEqual({ error: 'state' });
    await start('siriraj');
    expect(readOidcReturn('line', '?code=abc&state=state-siriraj')).toEqual({ error: 'state' });
    await start('line');
    expect(readOidcReturn('line', '?error=access_denied&state=state-line')).toEqual({ error: 'cancelled' });
  });
});
