import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../src/db/schema.js';
import {
  bearer,
  createTestApp,
  device,
  PASSWORD,
  register,
  SMALL_LOGIN_LIMITS,
  type TestApp,
} from './helpers.js';
import { resetByMail as resetOnce } from './mail-helpers.js';

/**
 * Login rules at their edges (PRODUCT.md §3): the limits count an e-mail address whatever its case, only
 * failures count, an e-mail nobody has is limited like a real one and each account on its own, the
 * partial login of an account deleted meanwhile is refused, a client that sends no browser name gets a
 * session without one. The limiter's clock stands still unless a test moves it.
 */
let t: TestApp;
const now = Date.parse('2026-11-25T09:00:00Z');
beforeAll(async () => {
  t = await createTestApp(SMALL_LOGIN_LIMITS, undefined, { limiterClock: () => now });
});
afterAll(() => t.close());

const login = (body: Record<string, unknown>, remoteAddress = '10.9.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth', payload: body, remoteAddress });

describe('login limits and the case of the e-mail', () => {
  it('failures in capitals and small letters count against one limit for the address and account', async () => {
    const u = await register(t.app);
    const ip = '10.9.0.2';
    for (const email of [u.email.toUpperCase(), u.email, u.email.replace(/^./, (c) => c.toUpperCase())]) {
      expect((await login({ email, password: 'wrong-password', device: device() }, ip)).statusCode).toBe(401);
    }
    const locked = await login({ email: u.email, password: PASSWORD, device: device() }, ip);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('RATE_LIMITED');
  });

  it('a success clears the failures of its address and account', async () => {
    const u = await register(t.app);
    const ip = '10.9.0.3';
    for (let i = 0; i < 2; i++) {
      expect((await login({ email: u.email, password: 'wrong', device: device() }, ip)).statusCode).toBe(401);
    }
    expect(
      (await login({ email: u.email.toUpperCase(), password: PASSWORD, device: u.device }, ip)).statusCode,
    ).toBe(200);
    // Three more failures are allowed again before the address is held back.
    for (let i = 0; i < 3; i++) {
      expect((await login({ email: u.email, password: 'wrong', device: device() }, ip)).statusCode).toBe(401);
    }
    expect((await login({ email: u.email, password: PASSWORD, device: u.device }, ip)).statusCode).toBe(429);
  });
});

describe('what the limits count', () => {
  it('successful sign-ins do not count towards the address limit (6 failures)', async () => {
    const u = await register(t.app, {}, '10.9.3.1');
    for (let i = 0; i < 8; i++) {
      const res = await login({ email: u.email, password: PASSWORD, device: u.device }, '10.9.3.1');
      expect(res.statusCode, `sign-in ${i + 1}`).toBe(200);
    }
  });

  it('guesses at an e-mail nobody has stop at the account-wide limit (5 x 3), which holds back no other account', async () => {
    const answers = [];
    for (let i = 0; i < 16; i++) {
      answers.push(
        (
          await login(
            { email: 'nobody.here@example.com', password: 'guess', device: device() },
            `10.9.4.${i}`,
          )
        ).statusCode,
      );
    }
    expect(answers).toEqual([...Array(15).fill(401), 429]);
    const u = await register(t.app, {}, '10.9.5.1');
    expect(
      (await login({ email: u.email, password: PASSWORD, device: device() }, '10.9.5.2')).statusCode,
    ).toBe(200);
  });
});

describe('partial login', () => {
  it('of an account deleted after the device-limit answer is refused 401 Invalid token', async () => {
    const u = await register(t.app, {}, '10.9.1.1');
    for (const n of [2, 3])
      await login({ email: u.email, password: PASSWORD, device: device(n) }, '10.9.1.1');
    const blocked = await login({ email: u.email, password: PASSWORD, device: device(4) }, '10.9.1.1');
    expect(blocked.statusCode).toBe(409);
    await t.db.execute(sql`delete from users where id = ${u.user.id}`);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/partial-login',
      payload: { partialToken: blocked.json().partialToken, logoutDeviceIds: [u.device.id] },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED', message: 'Invalid token' });
  });
});

describe('what a change of password leaves behind', () => {
  const post = (url: string, payload: unknown, remoteAddress = '10.9.4.1') =>
    t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress });
  /** The password's holder fills the device limit and keeps the partial-login token of the refused login. */
  const keepPartialToken = async (email: string, ip: string) => {
    for (const n of [2, 3])
      expect((await login({ email, password: PASSWORD, device: device(`held-${n}`) }, ip)).statusCode).toBe(
        200,
      );
    const blocked = await login({ email, password: PASSWORD, device: device('held-4') }, ip);
    expect(blocked.statusCode).toBe(409);
    return blocked.json().partialToken as string;
  };
  const resetByMail = (email: string, password: string, device?: { id: string; name: string }) =>
    resetOnce(t, email, password, { ip: '10.9.4.2', device });

  it('a partial-login token issued before the owner changed the password no longer signs in', async () => {
    const owner = await register(t.app, {}, '10.9.4.3');
    const partialToken = await keepPartialToken(owner.email, '10.9.4.4');
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/users/reset-password-contact',
      payload: { currentPassword: PASSWORD, password: 'owner-new-91', passwordConfirmation: 'owner-new-91' },
      headers: bearer(owner.access_token),
    });
    expect(changed.statusCode).toBe(200);
    const back = await post('/api/users/partial-login', { partialToken, logoutDeviceIds: ['none'] });
    expect([back.statusCode, back.json().code]).toEqual([401, 'INVALID_CREDENTIALS']);
  });

  it('a partial-login token issued before the owner reset the password by the mailed link no longer signs in', async () => {
    const owner = await register(t.app, {}, '10.9.4.5');
    const partialToken = await keepPartialToken(owner.email, '10.9.4.6');
    await resetByMail(owner.email, 'owner-new-92');
    const back = await post('/api/users/partial-login', { partialToken, logoutDeviceIds: ['none'] });
    expect(back.statusCode).toBe(401);
  });

  it('a login whose password was checked before a change committed opens no session after it', async () => {
    const owner = await register(t.app, {}, '10.9.4.7');
    // The test holds the learner's row, so the login checks the old password and then waits to open its session.
    const holder = await t.db.$client.connect();
    try {
      await holder.query('begin');
      await holder.query('select 1 from users where id = $1 for update', [owner.user.id]);
      const pending = login(
        { email: owner.email, password: PASSWORD, device: device('under-way') },
        '10.9.4.8',
      );
      // Until the login waits for the row (a lock not granted): a condition, not a time.
      for (;;) {
        const { rows } = await t.db.$client.query(
          `select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and pid <> $1`,
          [(holder as unknown as { processID: number }).processID],
        );
        if (rows[0].n > 0) break;
        await new Promise((r) => setImmediate(r));
      }
      // Meanwhile the password changes, as the account page's change commits it.
      await holder.query(
        `update users set password_hash = 'changed', credentials_changed_at = now() where id = $1`,
        [owner.user.id],
      );
      await holder.query('commit');
      const res = await pending;
      expect([res.statusCode, res.json().code]).toEqual([401, 'INVALID_CREDENTIALS']);
    } finally {
      holder.release();
    }
    const live = await t.db.$client.query(
      `select device_id from sessions where user_id = $1 and revoked_at is null`,
      [owner.user.id],
    );
    expect(live.rows.map((r) => r.device_id)).toEqual([owner.device.id]);
  });

  it('a device known before a reset (the thief whose session it ended) meets the account-wide limit again', async () => {
    const owner = await register(t.app, {}, '10.9.4.9');
    const thief = device('thief');
    expect(
      (await login({ email: owner.email, password: PASSWORD, device: thief }, '10.9.5.1')).statusCode,
    ).toBe(200);
    await resetByMail(owner.email, 'owner-brand-new-77');
    // Guesses at the new password from 12 addresses, 2 each (under the pair limit of 3).
    const answers: number[] = [];
    for (let ip = 0; ip < 12; ip++) {
      for (let g = 0; g < 2; g++) {
        const res = await login(
          { email: owner.email, password: `guess-${ip}-${g}`, device: thief },
          `10.9.6.${ip}`,
        );
        answers.push(res.statusCode);
      }
    }
    // The account-wide 5 x 3 failures, then 429.
    expect(answers.filter((s) => s === 401).length).toBe(15);
    expect(answers.slice(15)).toEqual(answers.slice(15).map(() => 429));
  });

  it('the owner signs in on the device the reset link was followed on, however many guesses strangers make', async () => {
    const owner = await register(t.app, {}, '10.9.7.1');
    const phone = device('owner-new-phone');
    /** A stranger's 15 wrong guesses from 5 fresh addresses (3 each: under the address and pair limits). */
    let wave = 0;
    const strangerGuesses = async () => {
      wave++;
      for (let ip = 0; ip < 5; ip++)
        for (let g = 0; g < 3; g++)
          await login(
            { email: owner.email, password: `guess-${wave}-${g}`, device: device('x') },
            `10.9.${10 + wave}.${ip}`,
          );
    };
    await strangerGuesses();
    await resetByMail(owner.email, 'owner-brand-new-78', phone);
    await strangerGuesses();
    // Full again: a device the owner never proved waits, the one the link was followed on does not.
    const elsewhere = await login(
      { email: owner.email, password: 'owner-brand-new-78', device: device('y') },
      '10.9.7.2',
    );
    expect(elsewhere.statusCode).toBe(429);
    const there = await login(
      { email: owner.email, password: 'owner-brand-new-78', device: phone },
      '10.9.7.3',
    );
    expect(there.statusCode).toBe(200);
  });
});

describe('a client without a browser name', () => {
  it('gets a session whose browser is empty', async () => {
    const u = await register(t.app, {}, '10.9.2.1');
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    expect(address).toMatch(/^http:/);
    const port = (t.app.server.address() as AddressInfo).port;
    const body = JSON.stringify({ email: u.email, password: PASSWORD, device: device('raw') });
    // node:http sends no User-Agent of its own.
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/auth',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    expect(status).toBe(200);
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, u.user.id));
    expect(rows.map((r) => [r.deviceId.startsWith('device-raw-'), r.userAgent])).toEqual(
      expect.arrayContaining([[true, null]]),
    );
  });
});
