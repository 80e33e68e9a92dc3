import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessions } from '../src/db/schema.js';
import { bearer, createTestApp, device, PASSWORD, register, type TestApp } from './helpers.js';

/**
 * The session rules of PRODUCT.md §3 that need a clock or a closer look than auth.test.ts takes: refresh tokens
 * live 30 days sliding and 90 days absolute, a used one presented again ends the session (after the configured
 * grace for two racing tabs), at most MAX_DEVICES (3) live sessions, each with its device and browser.
 * The clock is the process's Date, which the API reads for these rules.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ REFRESH_REUSE_GRACE_SECONDS: '30' });
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const DAY = 86_400_000;
/** Freezes the API's clock at `at` (ms since the epoch); setSystemTime moves it. */
const freeze = (at: number) => vi.useFakeTimers({ toFake: ['Date'], now: at });

const login = (body: Record<string, unknown>, userAgent?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth',
    payload: body,
    headers: userAgent ? { 'user-agent': userAgent } : {},
  });
const refresh = (userId: string, refreshToken: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    payload: { userId, refreshToken },
    headers: bearer(refreshToken),
  });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth', headers: bearer(token) });
const sessionsOf = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(token) })).json() as {
    id: string;
    deviceId: string;
    deviceName: string;
    userAgent: string | null;
    createdAt: string;
    lastUsedAt: string;
    current: boolean;
  }[];
const partialLogin = (partialToken: string, logoutDeviceIds: string[], userAgent = 'another browser') =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/partial-login',
    payload: { partialToken, logoutDeviceIds },
    headers: { 'user-agent': userAgent },
  });
/** The user's session rows, oldest first, as stored. */
const rows = (userId: string) =>
  t.db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(asc(sessions.createdAt));

describe('refresh token lifetime (30 days sliding, 90 days absolute)', () => {
  it('a session not refreshed for 30 days has ended: refused at 30 days to the millisecond, accepted just before', async () => {
    const start = Date.now();
    freeze(start);
    const a = await register(t.app);
    const b = await register(t.app);
    vi.setSystemTime(start + 30 * DAY - 1);
    expect((await refresh(a.user.id, a.refresh_token)).statusCode).toBe(200);
    vi.setSystemTime(start + 30 * DAY);
    const late = await refresh(b.user.id, b.refresh_token);
    expect(late.statusCode).toBe(401);
    expect(late.json()).toMatchObject({ code: 'UNAUTHORIZED', message: 'Invalid or expired refresh token' });
  });

  it('each refresh gives the session 30 more days from that moment', async () => {
    const start = Date.now();
    freeze(start);
    const u = await register(t.app);
    vi.setSystemTime(start + 29 * DAY);
    const first = (await refresh(u.user.id, u.refresh_token)).json();
    expect((await rows(u.user.id))[0]!.expiresAt.getTime()).toBe(start + 59 * DAY);
    vi.setSystemTime(start + 58 * DAY);
    const second = await refresh(u.user.id, first.refresh_token);
    expect(second.statusCode).toBe(200);
    expect((await rows(u.user.id))[0]!.expiresAt.getTime()).toBe(start + 88 * DAY);
  });

  it('no session outlives 90 days from its sign-in, however often it is refreshed', async () => {
    const start = Date.now();
    freeze(start);
    const u = await register(t.app);
    const [opened] = await rows(u.user.id);
    expect(opened!.expiresAt.getTime()).toBe(start + 30 * DAY);
    expect(opened!.absoluteExpiresAt.getTime()).toBe(start + 90 * DAY);
    let token = u.refresh_token;
    for (const day of [29, 58, 87]) {
      vi.setSystemTime(start + day * DAY);
      const res = await refresh(u.user.id, token);
      expect(res.statusCode, `day ${day}`).toBe(200);
      token = res.json().refresh_token;
    }
    // Refreshed on day 87: 30 more days would be day 117, but the session ends on day 90.
    expect((await rows(u.user.id))[0]!.expiresAt.getTime()).toBe(start + 90 * DAY);
    vi.setSystemTime(start + 90 * DAY - 1);
    const lastChance = await refresh(u.user.id, token);
    expect(lastChance.statusCode).toBe(200);
    vi.setSystemTime(start + 90 * DAY);
    expect((await refresh(u.user.id, lastChance.json().refresh_token)).statusCode).toBe(401);
  });

  it('ended sessions neither count towards the device limit nor appear in the list', async () => {
    const start = Date.now();
    freeze(start);
    const u = await register(t.app);
    await login({ email: u.email, password: PASSWORD, device: device(2) });
    await login({ email: u.email, password: PASSWORD, device: device(3) });
    vi.setSystemTime(start + 30 * DAY);
    const d4 = device(4);
    const fresh = await login({ email: u.email, password: PASSWORD, device: d4 });
    expect(fresh.statusCode).toBe(200);
    const listed = await sessionsOf(fresh.json().access_token);
    expect(listed.map((s) => s.deviceId)).toEqual([d4.id]);
  });
});

describe('refresh token reuse, with a 30-second grace for racing tabs', () => {
  it('a spent token presented within 30 s is refused but the session goes on; from 30 s on it ends the session', async () => {
    const start = Date.now();
    freeze(start);
    const u = await register(t.app);
    const pair = (await refresh(u.user.id, u.refresh_token)).json();
    vi.setSystemTime(start + 29_999);
    const racing = await refresh(u.user.id, u.refresh_token);
    expect(racing.statusCode).toBe(401);
    expect(racing.json().message).toBe('Invalid or expired refresh token');
    expect((await me(pair.access_token)).statusCode).toBe(200);
    vi.setSystemTime(start + 30_000);
    expect((await refresh(u.user.id, u.refresh_token)).statusCode).toBe(401);
    expect((await me(pair.access_token)).json().code).toBe('SESSION_REVOKED');
    expect((await refresh(u.user.id, pair.refresh_token)).statusCode).toBe(401);
    expect((await rows(u.user.id))[0]!.revokeReason).toBe('refresh-token-reuse');
  });

  it('a refresh token of a closed (deleted) account mints no new tokens', async () => {
    const u = await register(t.app);
    await t.db.$client.query('update users set deleted_at = now() where id = $1', [u.user.id]);
    const res = await refresh(u.user.id, u.refresh_token);
    expect([res.statusCode, res.json().code]).toEqual([401, 'UNAUTHORIZED']);
  });

  it('an unknown refresh token ends nothing', async () => {
    const u = await register(t.app);
    expect((await refresh(u.user.id, 'y'.repeat(43))).statusCode).toBe(401);
    expect((await me(u.access_token)).statusCode).toBe(200);
  });
});

describe('devices and sessions', () => {
  it('the device-limit answer lists the live devices, most recently used first, and says how many', async () => {
    const u = await register(t.app); // device 1
    const d2 = device(2);
    const d3 = device(3);
    await login({ email: u.email, password: PASSWORD, device: d2 });
    await login({ email: u.email, password: PASSWORD, device: d3 });
    // Device 1 refreshes: now the most recently used.
    await refresh(u.user.id, u.refresh_token);
    const blocked = await login({ email: u.email, password: PASSWORD, device: device(4) });
    expect(blocked.statusCode).toBe(409);
    const body = blocked.json();
    expect(body).toMatchObject({
      statusCode: 409,
      code: 'DEVICE_LIMIT_REACHED',
      message: 'You are signed in on 3 devices, the most allowed. Sign out of one to continue.',
    });
    const byDevice = new Map((await rows(u.user.id)).map((r) => [r.deviceId, r]));
    expect(body.devices).toEqual(
      [u.device, d3, d2].map((d) => ({
        id: d.id,
        name: d.name,
        lastUsedAt: byDevice.get(d.id)!.lastUsedAt.toISOString(),
        createdAt: byDevice.get(d.id)!.createdAt.toISOString(),
      })),
    );
  });

  it('lists each session with its device, browser (first 400 characters) and times, marking the current one', async () => {
    const u = await register(t.app);
    const d2 = device(2);
    const longAgent = `Mozilla/5.0 ${'x'.repeat(500)}`;
    const second = (await login({ email: u.email, password: PASSWORD, device: d2 }, longAgent)).json();
    const listed = await sessionsOf(second.access_token);
    const stored = new Map((await rows(u.user.id)).map((r) => [r.deviceId, r]));
    const expected = (d: { id: string; name: string }, userAgent: string, current: boolean) => ({
      id: stored.get(d.id)!.id,
      deviceId: d.id,
      deviceName: d.name,
      userAgent,
      createdAt: stored.get(d.id)!.createdAt.toISOString(),
      lastUsedAt: stored.get(d.id)!.lastUsedAt.toISOString(),
      current,
    });
    expect(listed).toEqual([
      expected(d2, longAgent.slice(0, 400), true),
      expected(u.device, 'lightMyRequest', false),
    ]);
    expect(listed[0]!.userAgent).toHaveLength(400);
  });

  it('ending a session twice answers 404 Session not found the second time', async () => {
    const u = await register(t.app);
    const second = (await login({ email: u.email, password: PASSWORD, device: device(2) })).json();
    const other = (await sessionsOf(u.access_token)).find((s) => !s.current)!;
    const end = () =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/auth/sessions/${other.id}`,
        headers: bearer(u.access_token),
      });
    expect((await end()).statusCode).toBe(204);
    const again = await end();
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Session not found' });
    expect((await me(second.access_token)).json().code).toBe('SESSION_REVOKED');
  });

  it('records why each session ended', async () => {
    const u = await register(t.app); // device 1
    const d2 = device(2);
    const d3 = device(3);
    await login({ email: u.email, password: PASSWORD, device: d2 });
    // Signing in again on device 2 replaces its session.
    await login({ email: u.email, password: PASSWORD, device: d2 });
    const s3 = (await login({ email: u.email, password: PASSWORD, device: d3 })).json();
    const sessions = await sessionsOf(u.access_token);
    const d3Session = sessions.find((s) => s.deviceId === d3.id)!;
    await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${d3Session.id}`,
      headers: bearer(u.access_token),
    });
    expect((await me(s3.access_token)).statusCode).toBe(401);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/save-logout-user',
      headers: bearer(u.access_token),
    });
    const reasons = (await rows(u.user.id)).map((r) => [r.deviceId, r.revokeReason]);
    expect(reasons).toEqual([
      [u.device.id, 'logout'],
      [d2.id, 'replaced-on-same-device'],
      [d2.id, null],
      [d3.id, 'ended-by-user'],
    ]);
  });

  it('changing the password ends every other session of the learner and keeps this one', async () => {
    const u = await register(t.app);
    const other = (await login({ email: u.email, password: PASSWORD, device: device(2) })).json();
    const stranger = await register(t.app);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/users/reset-password-contact',
      headers: bearer(u.access_token),
      payload: {
        currentPassword: PASSWORD,
        password: 'brand-new-pass-1',
        passwordConfirmation: 'brand-new-pass-1',
      },
    });
    expect(changed.statusCode).toBe(200);
    expect((await me(u.access_token)).statusCode).toBe(200);
    expect((await me(other.access_token)).json().code).toBe('SESSION_REVOKED');
    expect((await me(stranger.access_token)).statusCode).toBe(200);
    expect((await rows(u.user.id)).map((r) => r.revokeReason)).toEqual([null, 'password-changed']);
  });

  it('an account without a password (signed up with Google) cannot be signed into with any password', async () => {
    const u = await register(t.app);
    await t.db.execute(sql`update users set password_hash = null where id = ${u.user.id}`);
    const res = await login({ email: u.email, password: PASSWORD, device: device(2) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      message: 'Incorrect e-mail or password',
    });
  });
});

describe('partial login (completing a login refused at the device limit)', () => {
  async function atLimit() {
    const u = await register(t.app);
    const d2 = device(2);
    const d3 = device(3);
    await login({ email: u.email, password: PASSWORD, device: d2 });
    await login({ email: u.email, password: PASSWORD, device: d3 });
    const d4 = device(4);
    const blocked = await login({ email: u.email, password: PASSWORD, device: d4 }, 'Browser of device 4');
    expect(blocked.statusCode).toBe(409);
    return { u, d2, d3, d4, partialToken: blocked.json().partialToken as string };
  }

  it('opens the session of the refused device with its browser, and signs the chosen devices out', async () => {
    const { u, d2, d4, partialToken } = await atLimit();
    const done = await partialLogin(partialToken, [d2.id]);
    expect(done.statusCode).toBe(200);
    const listed = await sessionsOf(done.json().access_token);
    expect(listed.find((s) => s.current)).toMatchObject({
      deviceId: d4.id,
      userAgent: 'Browser of device 4',
    });
    const d2Row = (await rows(u.user.id)).find((r) => r.deviceId === d2.id)!;
    expect(d2Row.revokeReason).toBe('signed-out-by-partial-login');
  });

  it('stays spent until it expires, even a minute before', async () => {
    const start = Date.now();
    freeze(start);
    const { d2, d3, partialToken } = await atLimit();
    expect((await partialLogin(partialToken, [d2.id])).statusCode).toBe(200);
    vi.setSystemTime(start + 570_000); // the token expires at 600 s
    const replay = await partialLogin(partialToken, [d3.id]);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'This sign-in was already completed; please sign in again',
    });
  });
});
