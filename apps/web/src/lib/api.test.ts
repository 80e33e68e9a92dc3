import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './api';
import { KEYS, nowSeconds } from './storage';

const ok = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('api: one typed call per row of the endpoint table', () => {
  it("sends the row's method to its address, the path's parameters encoded, without a token when public", async () => {
    const fetchMock = vi.fn(async () => ok({ valid: true }));
    vi.stubGlobal('fetch', fetchMock);
    await api('GET /api/certificates/verify/:code', { params: { code: 'AB/C D' } });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/certificates/verify/AB%2FC%20D',
      expect.objectContaining({ method: 'GET', headers: {} }),
    );
  });

  it("sends the session's token where the row is not public, and the body as JSON", async () => {
    localStorage.setItem(KEYS.token, 'the-token');
    localStorage.setItem(KEYS.refreshToken, 'r');
    localStorage.setItem(KEYS.tokenSavedTime, String(nowSeconds()));
    const fetchMock = vi.fn(async () => ok({ valid: true }));
    vi.stubGlobal('fetch', fetchMock);
    await api('POST /api/users/check-password', { body: { password: 'secret' }, auth: true });
    expect(fetchMock).toHaveBeenCalledWith('/api/users/check-password', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer the-token' },
      body: '{"password":"secret"}',
      keepalive: undefined,
    });
  });

  it('appends the query, leaving out what is not given', async () => {
    const fetchMock = vi.fn(async () => ok({ items: [], total: 0, page: 1, pageSize: 20 }));
    vi.stubGlobal('fetch', fetchMock);
    await api('GET /api/admin/users', { query: { page: 2, q: 'a b', role: undefined } as never, auth: true });
    expect(fetchMock).toHaveBeenCalledWith('/api/admin/users?page=2&q=a+b', expect.anything());
  });

  it('refuses to send a call whose path lacks a parameter', () => {
    expect(() => api('GET /api/course/:id/completion', { params: {} as never, auth: true })).toThrow(':id');
  });
});
