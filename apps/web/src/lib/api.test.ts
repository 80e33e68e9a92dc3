import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, apiBlob } from './api';
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

  it("sends a file as the raw body in its own type, where the row takes the file's bytes", async () => {
    localStorage.setItem(KEYS.token, 'the-token');
    localStorage.setItem(KEYS.refreshToken, 'r');
    localStorage.setItem(KEYS.tokenSavedTime, String(nowSeconds()));
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => ok({}));
    vi.stubGlobal('fetch', fetchMock);
    const photo = new Blob(['png'], { type: 'image/png' });
    await api(
      'POST /api/users/:id/profile-image',
      { params: { id: 'u1' }, auth: true },
      { raw: { data: photo, type: 'image/png' } },
    );
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/users/u1/profile-image');
    expect(init.method).toBe('POST');
    expect(init.headers).toEqual({ 'content-type': 'image/png', authorization: 'Bearer the-token' });
    expect(init.body).toBe(photo);
  });

  it('reads a file answer (a PDF) as a Blob, not as JSON', async () => {
    localStorage.setItem(KEYS.token, 'the-token');
    localStorage.setItem(KEYS.refreshToken, 'r');
    localStorage.setItem(KEYS.tokenSavedTime, String(nowSeconds()));
    const fetchMock = vi.fn(
      async () => new Response('%PDF-1.7', { status: 200, headers: { 'content-type': 'application/pdf' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const pdf = await apiBlob('GET /api/course/pdf/:courseId', { params: { courseId: 'c 1' }, auth: true });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/course/pdf/c%201',
      expect.objectContaining({ method: 'GET' }),
    );
    expect(pdf.type).toBe('application/pdf');
    expect(await pdf.text()).toBe('%PDF-1.7');
  });
});
