import { vi } from 'vitest';
import { KEYS, nowSeconds } from '../../lib/storage';

/** An answer of the stubbed API: JSON, or nothing (204). */
export const answer = (body: unknown, status = 200) =>
  status === 204
    ? new Response(null, { status })
    : new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Route = (init: RequestInit & { url: string }) => Response | Promise<Response>;

/**
 * The console's API for a screen under test: `routes` keyed by 'METHOD /api/path' (the query string left off),
 * anything else a 404. A signed-in session is put in storage. Returns the fetch mock, whose calls a test reads.
 */
export function stubOrgApi(routes: Record<string, Route>) {
  localStorage.setItem(KEYS.token, 'access');
  localStorage.setItem(KEYS.refreshToken, 'refresh');
  localStorage.setItem(KEYS.tokenSavedTime, String(nowSeconds()));
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${url.split('?')[0]}`;
    const route = routes[key];
    return route
      ? route({ ...init, url })
      : answer({ statusCode: 404, code: 'NOT_FOUND', message: `no stub for ${key}` }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The calls made to 'METHOD /api/path', each with its JSON body (if any). */
export const callsTo = (fetchMock: ReturnType<typeof stubOrgApi>, key: string) =>
  fetchMock.mock.calls
    .filter(([url, init]) => `${init?.method ?? 'GET'} ${url.split('?')[0]}` === key)
    .map(([url, init]) => ({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined }));
