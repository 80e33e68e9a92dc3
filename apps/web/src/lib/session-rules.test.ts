import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  call,
  destroyTokens,
  fetchUserWithoutRefresh,
  onSessionChange,
  onUserChange,
  rememberUser,
  saveTokens,
  tokenIsStale,
} from './session';

/**
 * The session library against the spec (sections 3, 4 and 9), with its values written out here: the
 * local-storage keys as the spec spells them, the 86400-second refresh age, and what a 401 does.
 */
const user = { id: 'u-9', email: 'a@b.c', bought_annual: false, profile_image: null };
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const error = (status: number, code: string) => json(status, { statusCode: status, code, message: code });

let calls: { url: string; init: RequestInit }[];
let answers: ((url: string) => Response)[];
const NOW = Date.parse('2026-11-25T12:00:00Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  calls = [];
  answers = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, init });
      const next = answers.shift();
      if (!next) throw new Error(`unexpected call ${url}`);
      return next(url);
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const signedIn = (savedAt = NOW / 1000) => {
  localStorage.setItem('token', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
  localStorage.setItem('tokenSavedTime', String(savedAt));
  localStorage.setItem('uid', 'u-9');
};
const headersOf = (i: number) => calls[i]!.init.headers as Record<string, string>;

describe('the refresh age (spec section 9: 86400 seconds)', () => {
  it('a token saved exactly 86400 s ago is used as it is; one second older is refreshed first', async () => {
    signedIn(NOW / 1000 - 86_400);
    expect(tokenIsStale()).toBe(false);
    signedIn(NOW / 1000 - 86_401);
    expect(tokenIsStale()).toBe(true);
    localStorage.setItem('token', 'undefined');
    expect(tokenIsStale()).toBe(false);
  });
});

describe('saving and destroying the tokens (spec section 3 keys)', () => {
  it('saveTokens writes token, refreshToken, tokenSavedTime (seconds), then boughtAnnual, profile and uid', async () => {
    answers.push(() => json(200, user));
    const heard = vi.fn();
    const stop = onSessionChange(heard);
    await saveTokens('a-2', 'r-2');
    expect(localStorage.getItem('token')).toBe('a-2');
    expect(localStorage.getItem('refreshToken')).toBe('r-2');
    expect(localStorage.getItem('tokenSavedTime')).toBe(String(NOW / 1000));
    expect(localStorage.getItem('boughtAnnual')).toBe('false');
    expect(localStorage.getItem('profile')).toBe('');
    expect(localStorage.getItem('uid')).toBe('u-9');
    expect(calls[0]!.url).toBe('/api/auth');
    expect(headersOf(0).authorization).toBe('Bearer a-2');
    expect(heard).toHaveBeenCalledTimes(1);
    stop();
    destroyTokens();
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('destroyTokens removes exactly the session keys and tells the listeners', () => {
    signedIn();
    for (const [k, v] of Object.entries({
      boughtAnnual: 'true',
      profile: '/p.png',
      courseID: 'c',
      lang: 'en',
    }))
      localStorage.setItem(k, v);
    const heard = vi.fn();
    onSessionChange(heard);
    destroyTokens();
    for (const k of ['token', 'refreshToken', 'tokenSavedTime', 'boughtAnnual', 'uid', 'profile'])
      expect(localStorage.getItem(k), k).toBeNull();
    expect(localStorage.getItem('courseID')).toBe('c');
    expect(localStorage.getItem('lang')).toBe('en');
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('another tab changing the token or uid (or clearing storage) is heard; other keys are not', () => {
    const heard = vi.fn();
    onSessionChange(heard);
    for (const key of ['token', 'uid', null]) window.dispatchEvent(new StorageEvent('storage', { key }));
    expect(heard).toHaveBeenCalledTimes(3);
    for (const key of ['lang', 'refreshToken', 'lastSecond'])
      window.dispatchEvent(new StorageEvent('storage', { key }));
    expect(heard).toHaveBeenCalledTimes(3);
  });

  it('the user fetch refuses a failed answer', async () => {
    signedIn();
    answers.push(() => error(500, 'INTERNAL'));
    await expect(fetchUserWithoutRefresh()).rejects.toMatchObject({ status: 500 });
  });
});

describe('a change of user (the app clears its query cache on it)', () => {
  // The library keeps the last user it told about across tests: start each from signed out.
  const signedInAs = (uid: string) => {
    destroyTokens();
    signedIn();
    localStorage.setItem('uid', uid);
    window.dispatchEvent(new StorageEvent('storage', { key: 'uid' }));
  };

  it('a listener that unsubscribed hears no more changes of user', () => {
    const heard = vi.fn();
    const stop = onUserChange(heard);
    signedInAs('u-9');
    destroyTokens();
    expect(heard).toHaveBeenCalledTimes(2);
    stop();
    signedInAs('u-10');
    destroyTokens();
    expect(heard).toHaveBeenCalledTimes(2);
  });

  it('remembering the user already signed in tells no one; another id is a change of user', () => {
    signedInAs('u-9');
    const session = vi.fn();
    const userChange = vi.fn();
    const stops = [onSessionChange(session), onUserChange(userChange)];
    rememberUser({ id: 'u-9', bought_annual: true, profile_image: '/p.png' });
    expect(localStorage.getItem('boughtAnnual')).toBe('true');
    expect(session).not.toHaveBeenCalled();
    expect(userChange).not.toHaveBeenCalled();
    rememberUser({ id: 'u-10', bought_annual: false, profile_image: null });
    expect(userChange).toHaveBeenCalledTimes(1);
    expect(session).toHaveBeenCalledTimes(1);
    stops.forEach((stop) => stop());
  });
});

describe('requests', () => {
  it('GET without a body, POST with a JSON body, raw bodies with their type, the bearer only when asked', async () => {
    signedIn();
    answers.push(
      () => json(200, { a: 1 }),
      () => json(200, { b: 2 }),
      () => new Response(null, { status: 204 }),
      () => new Response('PDF', { status: 200 }),
      () => json(200, {}),
    );
    expect(await call('/courses')).toEqual({ a: 1 });
    expect(calls[0]!.init).toMatchObject({ method: 'GET', body: undefined });
    expect(calls[0]!.init.headers).toEqual({});
    expect(await call('/users', { body: { x: 1 }, auth: true })).toEqual({ b: 2 });
    expect(calls[1]!.init).toMatchObject({
      method: 'POST',
      body: '{"x":1}',
      headers: { 'content-type': 'application/json', authorization: 'Bearer access-1' },
    });
    expect(await call('/auth/sessions/1', { method: 'DELETE', auth: true })).toBeUndefined();
    expect(calls[2]!.init.method).toBe('DELETE');
    const blob = await call<Blob>('/summary', { as: 'blob' });
    expect(await blob.text()).toBe('PDF');
    const image = new Blob(['png'], { type: 'image/png' });
    await call('/users/u-9/profile-image', { raw: { data: image, type: 'image/png' }, auth: true });
    expect(calls[4]!.init).toMatchObject({
      method: 'POST',
      body: image,
      headers: { 'content-type': 'image/png' },
    });
  });

  it('an expired access token is refreshed once and the call made again; a second expiry is an error', async () => {
    signedIn();
    answers.push(
      () => error(401, 'TOKEN_EXPIRED'),
      () => json(200, { access_token: 'a-2', refresh_token: 'r-2' }),
      () => json(200, user),
      () => json(200, { done: true }),
    );
    expect(await call('/users/u-9', { auth: true })).toEqual({ done: true });
    expect(calls.map((c) => c.url)).toEqual([
      '/api/users/u-9',
      '/api/auth/refresh',
      '/api/auth',
      '/api/users/u-9',
    ]);
    expect(calls[1]!.init).toMatchObject({
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer refresh-1' },
    });
    expect(headersOf(3).authorization).toBe('Bearer a-2');

    calls = [];
    answers.push(
      () => error(401, 'TOKEN_EXPIRED'),
      () => json(200, { access_token: 'a-3', refresh_token: 'r-3' }),
      () => json(200, user),
      () => error(401, 'TOKEN_EXPIRED'),
    );
    await expect(call('/users/u-9', { auth: true })).rejects.toMatchObject({ code: 'TOKEN_EXPIRED' });
    expect(calls).toHaveLength(4);
  });

  it('TOKEN_EXPIRED is not refreshed without a refresh token, nor for a call made without the session', async () => {
    signedIn();
    localStorage.removeItem('refreshToken');
    answers.push(() => error(401, 'TOKEN_EXPIRED'));
    await expect(call('/x', { auth: true })).rejects.toMatchObject({ code: 'TOKEN_EXPIRED' });
    signedIn();
    answers.push(() => error(401, 'TOKEN_EXPIRED'));
    await expect(call('/x')).rejects.toMatchObject({ code: 'TOKEN_EXPIRED' });
    expect(calls.map((c) => c.url)).toEqual(['/api/x', '/api/x']);
  });

  it('a refresh that fails otherwise than 401 keeps the session', async () => {
    signedIn(NOW / 1000 - 90_000);
    answers.push(() => error(503, 'UNAVAILABLE'));
    await expect(call('/x', { auth: true })).rejects.toMatchObject({ status: 503 });
    expect(localStorage.getItem('token')).toBe('access-1');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-1');
  });
});

describe('when nothing answers, or storage is refused', () => {
  it('a refresh or user fetch that reaches nothing is a NETWORK_ERROR, and the session stays', async () => {
    signedIn(NOW / 1000 - 90_000);
    answers.push(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(call('/x', { auth: true })).rejects.toMatchObject({ code: 'NETWORK_ERROR', status: 0 });
    answers.push(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(fetchUserWithoutRefresh()).rejects.toMatchObject({ code: 'NETWORK_ERROR', status: 0 });
    expect(localStorage.getItem('refreshToken')).toBe('refresh-1');
  });

  it('storage that throws (private mode, policy) reads as a first visit', () => {
    signedIn();
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    try {
      expect(tokenIsStale()).toBe(false);
    } finally {
      vi.restoreAllMocks();
    }
  });
});

describe('a 401 on an authenticated call (the session ended elsewhere)', () => {
  it.each(['SESSION_REVOKED', 'UNAUTHORIZED'])('%s destroys the tokens', async (code) => {
    signedIn();
    answers.push(() => error(401, code));
    await expect(call('/x', { auth: true })).rejects.toMatchObject({ status: 401, code });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
  });

  it('keeps the tokens for a 403, for another 401 code, and for a call made without the session', async () => {
    signedIn();
    answers.push(
      () => error(403, 'UNAUTHORIZED'),
      () => error(401, 'INVALID_CREDENTIALS'),
      () => error(401, 'UNAUTHORIZED'),
    );
    await expect(call('/x', { auth: true })).rejects.toMatchObject({ status: 403 });
    await expect(call('/x', { auth: true })).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    await expect(call('/auth', { body: {} })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(localStorage.getItem('token')).toBe('access-1');
  });
});
