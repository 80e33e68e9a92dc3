import { afterEach, describe, expect, it, vi } from 'vitest';
import { logout, onBeforeLogout } from './logout';
import { KEYS, nowSeconds } from './storage';

function seed() {
  for (const [k, v] of Object.entries({
    [KEYS.token]: 't',
    [KEYS.refreshToken]: 'r',
    [KEYS.tokenSavedTime]: String(nowSeconds()),
    [KEYS.boughtAnnual]: 'true',
    [KEYS.uid]: 'u',
    [KEYS.profile]: '/p.png',
    [KEYS.lastSecond]: '42',
    [KEYS.deviceId]: 'device-123456',
  })) {
    localStorage.setItem(k, v);
  }
}
const cleared = [
  KEYS.token,
  KEYS.refreshToken,
  KEYS.tokenSavedTime,
  KEYS.boughtAnnual,
  KEYS.uid,
  KEYS.profile,
];

afterEach(() => vi.unstubAllGlobals());

describe('logout (spec sections 4 and 8)', () => {
  it('tells the server, then destroys the tokens, saved time, annual flag, user id and profile image', async () => {
    seed();
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ success: true }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await logout()).toEqual({ success: true });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/save-logout-user',
      expect.objectContaining({ method: 'POST' }),
    );
    for (const key of cleared) expect(localStorage.getItem(key)).toBeNull();
    expect(localStorage.getItem(KEYS.lastSecond)).toBe('42');
    expect(localStorage.getItem(KEYS.deviceId)).toBe('device-123456');
  });

  it("finishes the learner's own work (their unsent progress) while still signed in, then logs out, also when that work fails", async () => {
    seed();
    const order: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        order.push(url);
        return new Response(JSON.stringify({ success: true }), { status: 200 });
      }),
    );
    const offSent = onBeforeLogout(async () => {
      order.push(`progress as ${localStorage.getItem(KEYS.token)}`);
    });
    const offFailed = onBeforeLogout(async () => {
      throw new TypeError('offline');
    });
    try {
      expect(await logout()).toEqual({ success: true });
    } finally {
      offSent();
      offFailed();
    }
    expect(order).toEqual(['progress as t', '/api/auth/save-logout-user']);
    for (const key of cleared) expect(localStorage.getItem(key)).toBeNull();
  });

  it('answers the failure object of the spec when the backend does not answer, and still logs out here', async () => {
    seed();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    const before = Date.now();
    const result = await logout();
    expect(result).toMatchObject({ message: 'No response from Backend', success: false, redirect: '/' });
    expect((result as { timestamp: number }).timestamp).toBeGreaterThanOrEqual(before);
    for (const key of cleared) expect(localStorage.getItem(key)).toBeNull();
  });
});
