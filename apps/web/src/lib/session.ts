import type { TokenPair, User } from '@rianroo/contract';
import { ApiError, errorFrom, networkError } from './api-error';
import { KEYS, nowSeconds, read, remove, write } from './storage';
import { withTabLock } from './tab-lock';

/** Spec section 9: tokens older than this are refreshed before the next authenticated call. */
export const TOKEN_REFRESH_AFTER_SECONDS = 86_400;
export const API_BASE = '/api';

type Listener = () => void;
const listeners = new Set<Listener>();
/** React re-renders on login, logout and token changes (also those made in another tab). */
export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whose session this tab holds: the signed-in user's id ('' until it is known), null when signed out. */
const currentUser = (): string | null => (isLoggedIn() ? (read(KEYS.uid) ?? '') : null);
let lastUser = currentUser();
const userListeners = new Set<Listener>();
/**
 * Called when the signed-in user changes (logout, a session ended by the server, another user stored, any of
 * these in another tab), before the session listeners and so before anything renders for the new user. A token
 * refresh of the same user is no change. The app clears its query cache here: its keys do not name the user.
 */
export function onUserChange(listener: Listener): () => void {
  userListeners.add(listener);
  return () => userListeners.delete(listener);
}

const notify = () => {
  const user = currentUser();
  if (user !== lastUser) {
    lastUser = user;
    userListeners.forEach((l) => l());
  }
  listeners.forEach((l) => l());
};
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === null || e.key === KEYS.token || e.key === KEYS.uid) notify();
  });
}

/** Spec section 4: logged in means a token exists and is not the text "undefined". */
export function isLoggedIn(): boolean {
  const token = read(KEYS.token);
  return !!token && token !== 'undefined';
}

export function tokenIsStale(now = nowSeconds()): boolean {
  if (!isLoggedIn()) return false;
  const saved = Number(read(KEYS.tokenSavedTime) ?? 0);
  return now - saved > TOKEN_REFRESH_AFTER_SECONDS;
}

/** Logout (spec section 4) destroys exactly these. */
export function destroyTokens(): void {
  remove(KEYS.token, KEYS.refreshToken, KEYS.tokenSavedTime, KEYS.boughtAnnual, KEYS.uid, KEYS.profile);
  notify();
}

/** The user-fetch variant that uses the access token as it is, without the refresh check. */
export async function fetchUserWithoutRefresh(): Promise<User> {
  let res: Response;
  try {
    res = await fetch(`${API_BASE}/auth`, { headers: { authorization: `Bearer ${read(KEYS.token)}` } });
  } catch {
    throw networkError();
  }
  if (!res.ok) throw await errorFrom(res);
  return (await res.json()) as User;
}

/** Saving tokens then loads the current user and stores the annual flag, profile image and user id. */
export async function saveTokens(accessToken: string, refreshToken: string): Promise<User> {
  write(KEYS.token, accessToken);
  write(KEYS.refreshToken, refreshToken);
  write(KEYS.tokenSavedTime, String(nowSeconds()));
  const user = await fetchUserWithoutRefresh();
  storeUser(user);
  notify();
  return user;
}

type StoredUser = Pick<User, 'id' | 'bought_annual' | 'profile_image'>;
function storeUser(user: StoredUser): void {
  write(KEYS.boughtAnnual, String(user.bought_annual));
  write(KEYS.profile, user.profile_image ?? '');
  write(KEYS.uid, user.id);
}

/** Stores the current user's details; a user id other than the stored one is a change of user. */
export function rememberUser(user: StoredUser): void {
  storeUser(user);
  if (currentUser() !== lastUser) notify();
}

let refreshing: Promise<void> | undefined;

/** One refresh at a time; concurrent callers of this tab wait for the same one. */
export function refreshTokens(): Promise<void> {
  refreshing ??= refreshOnce().finally(() => (refreshing = undefined));
  return refreshing;
}

/**
 * One refresh at a time across the tabs of this browser too: a tab that waited for another's refresh
 * finds the new tokens in storage and uses them, instead of presenting the refresh token just spent
 * (which the server takes for theft and answers by ending the session).
 */
async function refreshOnce(): Promise<void> {
  const held = read(KEYS.refreshToken);
  await withTabLock('rianroo-token-refresh', async () => {
    const current = read(KEYS.refreshToken);
    if (current !== held) {
      notify(); // another tab refreshed (or logged out) meanwhile
      return;
    }
    await doRefresh();
  });
}

async function doRefresh(): Promise<void> {
  const refreshToken = read(KEYS.refreshToken);
  let res: Response;
  try {
    res = await fetch(`${API_BASE}/auth/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${refreshToken}` },
      body: JSON.stringify({ userId: read(KEYS.uid), refreshToken }),
    });
  } catch {
    throw networkError();
  }
  if (res.status === 401 && refreshToken) {
    // Spec section 4: a refresh answered 401 while a refresh token exists sends the user to / and destroys the tokens.
    destroyTokens();
    window.location.assign('/');
    throw await errorFrom(res);
  }
  if (!res.ok) throw await errorFrom(res);
  const pair = (await res.json()) as TokenPair;
  await saveTokens(pair.access_token, pair.refresh_token);
}

export interface CallOptions {
  method?: string;
  body?: unknown;
  /** Raw body (a file) with its content type, instead of JSON. */
  raw?: { data: Blob; type: string };
  auth?: boolean;
  /** `blob` for binary answers (the summary PDF); JSON otherwise. */
  as?: 'json' | 'blob';
  /** Lets the request outlive the page (progress sent on page hide). */
  keepalive?: boolean;
}

/** Calls the API. Authenticated calls refresh a stale token first (spec section 4). */
export async function call<T>(path: string, opts: CallOptions = {}, retried = false): Promise<T> {
  if (opts.auth && tokenIsStale()) await refreshTokens();
  const headers: Record<string, string> = {};
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.raw) headers['content-type'] = opts.raw.type;
  if (opts.auth) headers.authorization = `Bearer ${read(KEYS.token)}`;
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}`, {
      method: opts.method ?? (opts.body !== undefined || opts.raw ? 'POST' : 'GET'),
      headers,
      body: opts.raw ? opts.raw.data : opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
      keepalive: opts.keepalive,
    });
  } catch {
    throw networkError();
  }
  if (!res.ok) {
    const err = await errorFrom(res);
    if (opts.auth && err.code === 'TOKEN_EXPIRED' && read(KEYS.refreshToken) && !retried) {
      await refreshTokens();
      return call<T>(path, opts, true);
    }
    // The session ended elsewhere (logout on another device, password reset): this one is over too.
    if (opts.auth && res.status === 401 && (err.code === 'SESSION_REVOKED' || err.code === 'UNAUTHORIZED'))
      destroyTokens();
    throw err;
  }
  if (res.status === 204) return undefined as T;
  if (opts.as === 'blob') return (await res.blob()) as T;
  return (await res.json()) as T;
}

export { ApiError };
