import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  call,
  destroyTokens,
  isLoggedIn,
  refreshTokens,
  saveTokens,
  tokenIsStale,
  TOKEN_REFRESH_AFTER_SECONDS,
} from './session';
import { KEYS, nowSeconds } from './storage';

const user = { id: 'u-1', email: 'a@b.c', bought_annual: true, profile_image: '/p.png' };
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let calls: { url: string; init?: RequestInit }[];
let responder: (url: string, init?: RequestInit) => Response | Promise<Response>;

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      return responder(url, init);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function loginAs(savedSecondsAgo: number) {
  localStorage.setItem(KEYS.token, 'old-access');
  localStorage.setItem(KEYS.refreshToken, 'old-refresh');
  localStorage.setItem(KEYS.uid, 'u-1');
  localStorage.setItem(KEYS.tokenSavedTime, String(nowSeconds() - savedSecondsAgo));
}

describe('logged-in state (spec section 4)', () => {
  it('needs a token that is not the text "undefined"', () => {
    expect(isLoggedIn()).toBe(false);
    localStorage.setItem(KEYS.token, 'undefined');
    expect(isLoggedIn()).toBe(false);
    localStorage.setItem(KEYS.token, 'abc');
    expect(isLoggedIn()).toBe(true);
  });

  it('a token saved more than 86400 seconds ago is stale', () => {
    loginAs(TOKEN_REFRESH_AFTER_SECONDS);
    expect(tokenIsStale()).toBe(false);
    loginAs(TOKEN_REFRESH_AFTER_SECONDS + 1);
    expect(tokenIsStale()).toBe(true);
    destroyTokens();
    expect(tokenIsStale()).toBe(false); // anonymous: nothing to refresh
  });
});

describe('saving tokens', () => {
  it('stores the tokens and time, then loads the user and stores boughtAnnual, profile and uid', async () => {
    responder = () => json(200, user);
    await saveTokens('acc', 'ref');
    expect(localStorage.getItem(KEYS.token)).toBe('acc');
    expect(localStorage.getItem(KEYS.refreshToken)).toBe('ref');
    expect(Number(localStorage.getItem(KEYS.tokenSavedTime))).toBeGreaterThan(nowSeconds() - 5);
    expect(localStorage.getItem(KEYS.boughtAnnual)).toBe('true');
    expect(localStorage.getItem(KEYS.profile)).toBe('/p.png');
    expect(localStorage.getItem(KEYS.uid)).toBe('u-1');
    // The user fetch after saving uses the new access token as it is.
    expect((calls[0]!.init!.headers as Record<string, string>).authorization).toBe('Bearer acc');
  });
});

describe('authenticated calls', () => {
  it('refresh a stale token before the call, with the refresh token as Bearer, and use the new token', async () => {
    loginAs(TOKEN_REFRESH_AFTER_SECONDS + 60);
    responder = (url) => {
      if (url.endsWith('/auth/refresh'))
        return json(200, { access_token: 'new-access', refresh_token: 'new-refresh' });
      if (url.endsWith('/auth')) return json(200, user);
      return json(200, { ok: true });
    };
    await call('/users/u-1', { auth: true });
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/refresh', '/api/auth', '/api/users/u-1']);
    const refresh = calls[0]!;
    expect((refresh.init!.headers as Record<string, string>).authorization).toBe('Bearer old-refresh');
    expect(JSON.parse(refresh.init!.body as string)).toEqual({ userId: 'u-1', refreshToken: 'old-refresh' });
    expect((calls[2]!.init!.headers as Record<string, string>).authorization).toBe('Bearer new-access');
    expect(localStorage.getItem(KEYS.refreshToken)).toBe('new-refresh');
  });

  it('do not refresh a fresh token', async () => {
    loginAs(10);
    responder = () => json(200, {});
    await call('/auth/sessions', { auth: true });
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/sessions']);
  });

  it('share one refresh between concurrent calls', async () => {
    loginAs(TOKEN_REFRESH_AFTER_SECONDS + 60);
    responder = (url) => {
      if (url.endsWith('/auth/refresh')) return json(200, { access_token: 'n', refresh_token: 'r' });
      if (url.endsWith('/auth')) return json(200, user);
      return json(200, {});
    };
    await Promise.all([call('/a', { auth: true }), call('/b', { auth: true }), refreshTokens()]);
    expect(calls.filter((c) => c.url.endsWith('/auth/refresh'))).toHaveLength(1);
  });

  it('a refresh answered 401 while a refresh token exists destroys the tokens and goes to /', async () => {
    loginAs(TOKEN_REFRESH_AFTER_SECONDS + 60);
    localStorage.setItem(KEYS.courseID, 'c-1');
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    responder = () => json(401, { statusCode: 401, code: 'UNAUTHORIZED', message: 'Invalid' });
    await expect(call('/x', { auth: true })).rejects.toMatchObject({ status: 401 });
    expect(assign).toHaveBeenCalledWith('/');
    for (const key of [KEYS.token, KEYS.refreshToken, KEYS.tokenSavedTime, KEYS.uid])
      expect(localStorage.getItem(key)).toBeNull();
    expect(localStorage.getItem(KEYS.courseID)).toBe('c-1');
  });

  it('turn the error shape into an ApiError with field details', async () => {
    responder = () =>
      json(400, {
        statusCode: 400,
        code: 'VALIDATION_ERROR',
        message: 'bad',
        details: [{ path: 'email', message: 'Invalid' }],
      });
    const err = await call('/users', { body: {} }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect((err as { field: (p: string) => string }).field('email')).toBe('Invalid');
  });

  it('report NETWORK_ERROR when nothing answers', async () => {
    responder = () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(call('/health')).rejects.toMatchObject({ code: 'NETWORK_ERROR', status: 0 });
  });
});

describe('refreshing across the tabs of one browser', () => {
  /** Two tabs: two copies of the session module, one local storage, one network. */
  async function twoTabs() {
    vi.resetModules();
    const a = await import('./session');
    vi.resetModules();
    const b = await import('./session');
    return [a, b] as const;
  }

  /** The refresh answer is held until released, so that both tabs are mid-refresh together. */
  function slowRefresh() {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    responder = async (url) => {
      if (url.endsWith('/auth/refresh')) {
        await gate;
        return json(200, { access_token: 'new-access', refresh_token: 'new-refresh' });
      }
      if (url.endsWith('/auth')) return json(200, user);
      return json(200, {});
    };
    return release;
  }

  const refreshCalls = () => calls.filter((c) => c.url.endsWith('/auth/refresh'));

  it('with Web Locks: two tabs refreshing at once send one refresh, and the other tab uses its tokens', async () => {
    const queue = new Map<string, Promise<unknown>>();
    Object.defineProperty(navigator, 'locks', {
      configurable: true,
      value: {
        request: (name: string, fn: () => Promise<unknown>) => {
          const run = (queue.get(name) ?? Promise.resolve()).then(fn);
          queue.set(
            name,
            run.catch(() => {}),
          );
          return run;
        },
      },
    });
    try {
      loginAs(TOKEN_REFRESH_AFTER_SECONDS + 60);
      const release = slowRefresh();
      const [a, b] = await twoTabs();
      const both = Promise.all([a.call('/x', { auth: true }), b.call('/y', { auth: true })]);
      release();
      await both;
      expect(refreshCalls()).toHaveLength(1);
      const used = calls.filter((c) => c.url === '/api/x' || c.url === '/api/y');
      for (const c of used)
        expect((c.init!.headers as Record<string, string>).authorization).toBe('Bearer new-access');
    } finally {
      delete (navigator as { locks?: unknown }).locks;
    }
  });

  it('without Web Locks: a lease in storage does the same, released to the other tab by a storage event', async () => {
    expect('locks' in navigator).toBe(false);
    // What the browser does for every other tab: tell it that a key changed.
    const removeItem = Storage.prototype.removeItem;
    const spy = vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(function (this: Storage, key) {
      removeItem.call(this, key);
      window.dispatchEvent(new StorageEvent('storage', { key }));
    });
    try {
      loginAs(TOKEN_REFRESH_AFTER_SECONDS + 60);
      const release = slowRefresh();
      const [a, b] = await twoTabs();
      const both = Promise.all([a.refreshTokens(), b.refreshTokens()]);
      release();
      await both;
      expect(refreshCalls()).toHaveLength(1);
      expect(localStorage.getItem(KEYS.refreshToken)).toBe('new-refresh');
      expect(localStorage.getItem('lock:rianroo-token-refresh')).toBeNull();
    } finally {
      spy.mockRestore();
    }
  });
});

describe("one learner never sees another's cached answers (the query keys do not name the user)", () => {
  /**
   * A tab loaded signed in as u-1, its query cache holding u-1's answers, emptied on a change of user as the
   * app does it. `seen` records what the session listeners (React's re-renders) find in the cache.
   */
  async function tabOfFirstLearner() {
    loginAs(10);
    vi.resetModules();
    const session = await import('./session');
    const qc = new QueryClient();
    qc.setQueryData(['sessions'], [{ deviceName: 'u-1 laptop' }]);
    qc.setQueryData(['my-certificates'], [{ courseId: 'c-1' }]);
    session.onUserChange(() => qc.clear());
    const seen: unknown[] = [];
    session.onSessionChange(() => seen.push(qc.getQueryData(['sessions'])));
    return { session, qc, seen };
  }
  const cached = (qc: QueryClient) => qc.getQueryCache().getAll().length;

  it('empties the cache on logout, before anything re-renders', async () => {
    const { session, qc, seen } = await tabOfFirstLearner();
    session.destroyTokens();
    expect(cached(qc)).toBe(0);
    expect(seen).toEqual([undefined]);
  });

  it('empties the cache when the server answers SESSION_REVOKED', async () => {
    const { session, qc, seen } = await tabOfFirstLearner();
    responder = () => json(401, { statusCode: 401, code: 'SESSION_REVOKED', message: 'Session ended' });
    await expect(session.call('/auth/sessions', { auth: true })).rejects.toMatchObject({ status: 401 });
    expect(cached(qc)).toBe(0);
    expect(seen).toEqual([undefined]);
  });

  it('empties the cache when the learner logs out in another tab (a storage event)', async () => {
    const { qc, seen } = await tabOfFirstLearner();
    for (const key of [KEYS.token, KEYS.refreshToken, KEYS.uid]) {
      localStorage.removeItem(key);
      window.dispatchEvent(new StorageEvent('storage', { key }));
    }
    expect(cached(qc)).toBe(0);
    expect(seen[0]).toBeUndefined();
  });

  it('empties the cache when another learner signs in, also when only the stored user id changes', async () => {
    const { session, qc, seen } = await tabOfFirstLearner();
    responder = () => json(200, { ...user, id: 'u-2' });
    await session.saveTokens('b-access', 'b-refresh');
    expect(cached(qc)).toBe(0);
    expect(seen).toEqual([undefined]);

    const again = await tabOfFirstLearner();
    again.session.rememberUser({ ...user, id: 'u-3' });
    expect(cached(again.qc)).toBe(0);
  });

  it("keeps the cache when the same learner's tokens are refreshed, here or in another tab", async () => {
    const { session, qc } = await tabOfFirstLearner();
    responder = (url) =>
      url.endsWith('/auth/refresh')
        ? json(200, { access_token: 'new-access', refresh_token: 'new-refresh' })
        : json(200, user);
    await session.refreshTokens();
    localStorage.setItem(KEYS.token, 'other-tab-access');
    window.dispatchEvent(new StorageEvent('storage', { key: KEYS.token }));
    session.rememberUser(user);
    expect(cached(qc)).toBe(2);
  });
});
