import { SignJWT } from 'jose';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bearer,
  createTestApp,
  device,
  namedStatements,
  PASSWORD,
  register,
  type TestApp,
} from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SESSION_CACHE_SECONDS: '60' });
});
afterAll(() => t.close());

const login = (body: Record<string, unknown>, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth', payload: body, remoteAddress });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth', headers: bearer(token) });
const refresh = (userId: string, refreshToken: string, header = refreshToken) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    payload: { userId, refreshToken },
    headers: bearer(header),
  });

describe('POST /api/auth (login)', () => {
  it('logs in with the right password and answers tokens and the user', async () => {
    const u = await register(t.app);
    const res = await login({ email: u.email.toUpperCase(), password: PASSWORD, device: device('login') });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({
      id: u.user.id,
      email: u.email,
      bought_annual: false,
      role: 'learner',
      profile_image: null,
    });
    expect(body.user.passwordHash).toBeUndefined();
    expect((await me(body.access_token)).json().id).toBe(u.user.id);
  });

  it('answers the same 401 for a wrong password and an unknown e-mail', async () => {
    const u = await register(t.app);
    const wrong = await login({ email: u.email, password: 'not-the-password', device: device() });
    const unknown = await login({
      email: 'nobody-here@example.com',
      password: 'whatever-123',
      device: device(),
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toMatchObject({ statusCode: 401, code: 'INVALID_CREDENTIALS' });
  });

  it.each([
    ['no device', { email: 'a@example.com', password: 'x' }, 'device'],
    [
      'device id too short',
      { email: 'a@example.com', password: 'x', device: { id: 'abc', name: 'n' } },
      'device.id',
    ],
    ['e-mail not a string', { email: 42, password: 'x', device: device() }, 'email'],
    ['empty password', { email: 'a@example.com', password: '', device: device() }, 'password'],
  ])('rejects a body with %s (400, field named)', async (_name, body, path) => {
    const res = await login(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(res.json().details.map((d: { path: string }) => d.path)).toContain(path);
  });
});

describe('GET /api/auth (current user)', () => {
  it('refuses a missing, malformed, forged or expired token', async () => {
    const u = await register(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth' })).statusCode).toBe(401);
    expect((await me('not-a-jwt')).json().code).toBe('UNAUTHORIZED');
    const [h, p] = u.access_token.split('.');
    const forged = `${h}.${p}.${Buffer.from('x'.repeat(32)).toString('base64url')}`;
    expect((await me(forged)).statusCode).toBe(401);
    const otherKey = new TextEncoder().encode('another-secret-another-secret-another-secret');
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const foreign = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(otherKey);
    expect((await me(foreign)).statusCode).toBe(401);
    const key = new TextEncoder().encode(t.config.jwtSecret);
    const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(key);
    const res = await me(expired);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('TOKEN_EXPIRED');
  });
});

describe('POST /api/auth/refresh', () => {
  it('rotates: the new pair works and the old refresh token is spent', async () => {
    const u = await register(t.app);
    const first = await refresh(u.user.id, u.refresh_token);
    expect(first.statusCode).toBe(200);
    const pair = first.json();
    expect(pair.refresh_token).not.toBe(u.refresh_token);
    expect((await me(pair.access_token)).statusCode).toBe(200);
    const second = await refresh(u.user.id, pair.refresh_token);
    expect(second.statusCode).toBe(200);
    // Spent: the first refresh token, presented again, is refused.
    const again = await refresh(u.user.id, u.refresh_token);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
  });

  it('revokes the whole session when a used refresh token comes back (reuse detection)', async () => {
    const u = await register(t.app);
    const pair = (await refresh(u.user.id, u.refresh_token)).json();
    const reuse = await refresh(u.user.id, u.refresh_token);
    expect(reuse.statusCode).toBe(401);
    expect((await me(pair.access_token)).json().code).toBe('SESSION_REVOKED');
    expect((await refresh(u.user.id, pair.refresh_token)).statusCode).toBe(401);
  });

  it('a thief who refreshes first loses the session the moment the owner presents the spent token', async () => {
    const owner = await register(t.app);
    const stolen = (await refresh(owner.user.id, owner.refresh_token)).json();
    expect((await me(stolen.access_token)).statusCode).toBe(200);
    // The owner's tab refreshes a moment later with the token it still holds: no grace by default.
    expect((await refresh(owner.user.id, owner.refresh_token)).statusCode).toBe(401);
    expect((await me(stolen.access_token)).json().code).toBe('SESSION_REVOKED');
    expect((await refresh(owner.user.id, stolen.refresh_token)).statusCode).toBe(401);
  });

  it('revocation reaches another API process at once, however long it caches sessions', async () => {
    const two = await createTestApp({ SESSION_CACHE_SECONDS: '60' }, t);
    try {
      const u = await register(t.app);
      const onTwo = () =>
        two.app.inject({ method: 'GET', url: '/api/auth', headers: bearer(u.access_token) });
      expect((await onTwo()).statusCode).toBe(200); // now cached in the second process for a minute
      const heard = new Promise((resolve) => two.app.sessions.once('revoked', resolve));
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/save-logout-user',
        headers: bearer(u.access_token),
      });
      await heard;
      expect((await onTwo()).json().code).toBe('SESSION_REVOKED');
    } finally {
      await two.close();
    }
  });

  it('a session revoked while the notification channel was down: a lookup begun before is neither cached nor joined after', async () => {
    const listeners = async () =>
      (
        await t.db.$client.query<{ pid: number }>(
          `select pid from pg_stat_activity
           where application_name = 'rianroo-sessions' and datname = current_database()`,
        )
      ).rows.map((r) => r.pid);
    const before = new Set(await listeners());
    const two = await createTestApp({ SESSION_CACHE_SECONDS: '60' }, t);
    const pool = two.db.$client;
    const query = pool.query;
    try {
      const u = await register(t.app);
      const onTwo = () =>
        two.app.inject({ method: 'GET', url: '/api/auth', headers: bearer(u.access_token) });
      // The second process's session lookup reads the session (live), and its answer is held back.
      let reads = 0;
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      pool.query = (async (q: { name?: string }, ...rest: unknown[]) => {
        const result = await (query as (...a: unknown[]) => Promise<unknown>).call(pool, q, ...rest);
        if (q?.name === 'sessions_live') {
          reads++;
          await released;
        }
        return result;
      }) as typeof query;
      const first = onTwo();
      await vi.waitFor(() => expect(reads).toBe(1), { timeout: 10_000 });

      // Its notification channel drops; the session is revoked meanwhile, unheard; the channel comes back.
      const down = new Promise((resolve) => two.app.sessions.once('down', resolve));
      const up = new Promise((resolve) => two.app.sessions.once('up', resolve));
      const [mine] = (await listeners()).filter((pid) => !before.has(pid));
      await t.db.$client.query('select pg_terminate_backend($1)', [mine]);
      await down;
      await t.db.$client.query(`update sessions set revoked_at = now() where user_id = $1`, [u.user.id]);
      await up;
      // A request after the reconnection does not wait for that older lookup's answer: it looks up afresh.
      const second = onTwo();
      await vi.waitFor(() => expect(reads).toBe(2), { timeout: 10_000 });

      // The lookup's answer, read before the revocation, arrives after the reconnection: it is not cached.
      release();
      expect((await first).statusCode).toBe(200);
      expect((await second).json().code).toBe('SESSION_REVOKED');
      pool.query = query;
      expect((await onTwo()).json().code).toBe('SESSION_REVOKED');
    } finally {
      pool.query = query;
      await two.close();
    }
  });

  it('a cached session is trusted no longer than until its own expiry', async () => {
    const u = await register(t.app);
    const { rows } = await t.db.$client.query<{ expires: Date }>(
      `update sessions set expires_at = now() + interval '30 seconds' where user_id = $1 returning expires_at as expires`,
      [u.user.id],
    );
    const expires = rows[0]!.expires.getTime();
    // The process's clock only (the database keeps its own, for which the session stays live throughout).
    vi.useFakeTimers({ toFake: ['Date'], now: expires - 30_000 });
    const statements = namedStatements(t.db);
    try {
      const lookups = () => statements.names.filter((n) => n === 'sessions_live').length;
      expect((await me(u.access_token)).statusCode).toBe(200);
      expect(lookups()).toBe(1);
      vi.setSystemTime(expires - 1);
      expect((await me(u.access_token)).statusCode).toBe(200);
      expect(lookups()).toBe(1); // cached (SESSION_CACHE_SECONDS is 60 here)
      vi.setSystemTime(expires);
      expect((await me(u.access_token)).statusCode).toBe(200);
      expect(lookups()).toBe(2); // looked up again at its expiry, not 60 s after the first lookup
    } finally {
      statements.stop();
      vi.useRealTimers();
    }
  });

  it('lets at most one of two simultaneous refreshes with the same token succeed', async () => {
    const u = await register(t.app);
    const results = await Promise.all([
      refresh(u.user.id, u.refresh_token),
      refresh(u.user.id, u.refresh_token),
    ]);
    expect(results.map((r) => r.statusCode).filter((s) => s === 200)).toHaveLength(1);
  });

  it('refuses another user id, a bearer that differs from the body, unknown tokens and bad bodies', async () => {
    const u = await register(t.app);
    const other = await register(t.app);
    expect((await refresh(other.user.id, u.refresh_token)).statusCode).toBe(401);
    expect((await refresh(u.user.id, u.refresh_token, other.refresh_token)).statusCode).toBe(401);
    expect((await refresh(u.user.id, 'x'.repeat(43))).statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { userId: 'nope', refreshToken: 'short' },
    });
    expect(bad.statusCode).toBe(400);
    // The failed attempts above did not spend the real token.
    expect((await refresh(u.user.id, u.refresh_token)).statusCode).toBe(200);
  });
});

describe('logout and sessions', () => {
  it('logout ends the session: its access and refresh tokens stop working', async () => {
    const u = await register(t.app);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/save-logout-user',
      headers: bearer(u.access_token),
      payload: { device: u.device },
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true });
    expect((await me(u.access_token)).json().code).toBe('SESSION_REVOKED');
    expect((await refresh(u.user.id, u.refresh_token)).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/save-logout-user', payload: {} })).statusCode,
    ).toBe(401);
  });

  it('lists my sessions and ends one; another learner cannot end mine', async () => {
    const u = await register(t.app);
    const second = (await login({ email: u.email, password: PASSWORD, device: device('tablet') })).json();
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/auth/sessions',
      headers: bearer(u.access_token),
    });
    expect(list.statusCode).toBe(200);
    const sessions = list.json() as { id: string; current: boolean; deviceName: string }[];
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const other = sessions.find((s) => !s.current)!;
    const stranger = await register(t.app);
    const denied = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${other.id}`,
      headers: bearer(stranger.access_token),
    });
    expect(denied.statusCode).toBe(404);
    expect((await me(second.access_token)).statusCode).toBe(200);
    const ended = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${other.id}`,
      headers: bearer(u.access_token),
    });
    expect(ended.statusCode).toBe(204);
    expect((await me(second.access_token)).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: '/api/auth/sessions/123',
          headers: bearer(u.access_token),
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('device limit and partial login', () => {
  it('answers 409 with the devices at the limit, and the partial login ends the chosen ones', async () => {
    const u = await register(t.app); // device 1
    const d2 = device(2);
    const s2 = (await login({ email: u.email, password: PASSWORD, device: d2 })).json();
    await login({ email: u.email, password: PASSWORD, device: device(3) });
    // Logging in again on a device already signed in does not use another slot.
    expect((await login({ email: u.email, password: PASSWORD, device: d2 })).statusCode).toBe(200);
    const blocked = await login({ email: u.email, password: PASSWORD, device: device(4) });
    expect(blocked.statusCode).toBe(409);
    const body = blocked.json();
    expect(body.code).toBe('DEVICE_LIMIT_REACHED');
    expect(body.devices).toHaveLength(3);
    expect(typeof body.partialToken).toBe('string');

    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/users/partial-login',
      payload: { partialToken: body.partialToken, logoutDeviceIds: [] },
    });
    expect(empty.statusCode).toBe(400);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/users/partial-login',
      payload: { partialToken: `${body.partialToken}x`, logoutDeviceIds: [d2.id] },
    });
    expect(forged.statusCode).toBe(401);
    const notEnough = await t.app.inject({
      method: 'POST',
      url: '/api/users/partial-login',
      payload: { partialToken: body.partialToken, logoutDeviceIds: ['not-one-of-mine'] },
    });
    expect(notEnough.statusCode).toBe(409);

    const done = await t.app.inject({
      method: 'POST',
      url: '/api/users/partial-login',
      payload: { partialToken: body.partialToken, logoutDeviceIds: [d2.id] },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().user.id).toBe(u.user.id);
    expect((await me(done.json().access_token)).statusCode).toBe(200);
    expect((await me(s2.access_token)).statusCode).toBe(401);
  });

  it('a partial-login token works once, even when replayed many times at once', async () => {
    const u = await register(t.app);
    const others = [device(2), device(3)];
    for (const d of others) await login({ email: u.email, password: PASSWORD, device: d });
    const { partialToken } = (await login({ email: u.email, password: PASSWORD, device: device(4) })).json();
    const replay = (logoutDeviceIds: string[]) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/partial-login',
        payload: { partialToken, logoutDeviceIds },
      });
    const answers = await Promise.all(Array.from({ length: 10 }, () => replay([others[0]!.id])));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 401)).toHaveLength(9);
    // Later, with other devices to end: still spent, and nothing more was signed out.
    const late = await replay([others[1]!.id]);
    expect(late.statusCode).toBe(401);
    expect(late.json().code).toBe('UNAUTHORIZED');
    const sessions = await t.app.inject({
      method: 'GET',
      url: '/api/auth/sessions',
      headers: bearer(u.access_token),
    });
    expect(sessions.json().map((s: { deviceId: string }) => s.deviceId)).toContain(others[1]!.id);
  });

  it('holds the limit when logins from new devices race', async () => {
    const u = await register(t.app);
    const results = await Promise.all(
      [1, 2, 3, 4].map((n) => login({ email: u.email, password: PASSWORD, device: device(`race-${n}`) })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(2);
  });
});

describe('last used, for the account page', () => {
  it('a session used after ten quiet minutes is marked used, once, for many requests at once', async () => {
    const u = await register(t.app);
    await t.db.execute(
      sql`update sessions set last_used_at = now() - interval '1 hour' where user_id = ${u.user.id}`,
    );
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({
          method: 'GET',
          url: '/api/auth',
          headers: { authorization: `Bearer ${u.access_token}` },
        }),
      ),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const fresh = async () =>
      (
        await t.db.execute<{ fresh: boolean }>(
          sql`select last_used_at > now() - interval '1 minute' as fresh from sessions where user_id = ${u.user.id}`,
        )
      ).rows[0]!.fresh;
    // Written by a batch after the answers: looked at until it is there (no deadline on a busy machine's clock).
    await expect.poll(fresh, { timeout: 30_000 }).toBe(true);
  });
});
