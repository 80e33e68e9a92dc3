import { afterEach, describe, expect, it, vi } from 'vitest';
import { CANNOT_SEND_EMAIL, sendSetPasswordEmail } from './set-password-old-user';

afterEach(() => vi.unstubAllGlobals());

describe('set password for migrated users (spec section 7)', () => {
  it('calls GET /users/set-password-old-user/{email} and shows no alert on 200', async () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const fetchMock = vi.fn(async () => new Response('{"success":true}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await sendSetPasswordEmail('old@example.com')).toBe(true);
    expect(fetchMock).toHaveBeenCalledWith('/api/users/set-password-old-user/old%40example.com');
    expect(alert).not.toHaveBeenCalled();
  });

  it.each([404, 500, 201, 0])('shows the alert of the spec on any non-200 answer (%s)', async (status) => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        status === 0 ? Promise.reject(new TypeError('offline')) : new Response('{}', { status }),
      ),
    );
    expect(await sendSetPasswordEmail('old@example.com')).toBe(false);
    expect(alert).toHaveBeenCalledWith(CANNOT_SEND_EMAIL);
    expect(CANNOT_SEND_EMAIL).toBe('Cannot Send Email, Please Contact Support.');
  });
});
