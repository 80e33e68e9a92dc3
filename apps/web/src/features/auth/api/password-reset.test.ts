import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentDevice } from '../../../lib/device';
import { resetPassword } from './password-reset';

afterEach(() => vi.unstubAllGlobals());

describe('setting a new password by the mailed link', () => {
  it("sends this browser's device with the code and the password, the one the login page sends", async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response('{"success":true}'));
    vi.stubGlobal('fetch', fetchMock);
    await resetPassword({
      password: 'new-pass-123',
      passwordConfirmation: 'new-pass-123',
      verificationString: 'c',
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/users/reset-password');
    expect(JSON.parse(String(init?.body))).toEqual({
      password: 'new-pass-123',
      passwordConfirmation: 'new-pass-123',
      verificationString: 'c',
      device: currentDevice(),
    });
  });
});
