import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGraphDouble } from './facebook-double.js';
import { bearer, createTestApp, device, register, uniqueEmail, type TestApp } from './helpers.js';

const APP = { id: '1234567890123', secret: 'facebook-app-secret-for-tests' };
let t: TestApp;
let graph: Awaited<ReturnType<typeof startGraphDouble>>;

beforeAll(async () => {
  graph = await startGraphDouble(APP);
  t = await createTestApp({
    FACEBOOK_APP_ID: APP.id,
    FACEBOOK_APP_SECRET: APP.secret,
    FACEBOOK_GRAPH_URL: graph.graphUrl,
  });
});
afterAll(async () => {
  await t.close();
  await graph.close();
});

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
const token = (over: Partial<Parameters<typeof graph.issue>[1]> = {}) =>
  graph.issue(`EAAB${randomBytes(24).toString('hex')}`, {
    appId: APP.id,
    userId: String(Math.floor(Math.random() * 1e15)),
    expiresAt: inAnHour(),
    email: uniqueEmail('fb'),
    firstName: 'เฟซบุ๊ก',
    lastName: 'ผู้ใช้',
    ...over,
  });
const facebookAuth = (accessToken: string, d = device('facebook')) =>
  t.app.inject({ method: 'POST', url: '/api/facebook-auth', payload: { accessToken, device: d } });

describe('POST /api/facebook-auth', () => {
  it('creates the learner from the Graph API answer and logs them in', async () => {
    const email = uniqueEmail('fb-new');
    const res = await facebookAuth(token({ email }));
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email, firstName: 'เฟซบุ๊ก', lastName: 'ผู้ใช้' });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth',
      headers: bearer(res.json().access_token),
    });
    expect(me.statusCode).toBe(200);
  });

  it('signs into the existing account of the same e-mail, through the same device limit', async () => {
    const u = await register(t.app);
    // An address confirmed before (by a reset link): its password and sessions stay (google-auth.test.ts has the
    // unconfirmed case), so the sign-up's session counts towards the limit.
    await t.db.$client.query(`update users set email_verified_at = now() where id = $1`, [u.user.id]);
    const res = await facebookAuth(token({ email: u.email.toUpperCase() }));
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(u.user.id);
    await facebookAuth(token({ email: u.email }), device('fb-2'));
    const fourth = await facebookAuth(token({ email: u.email }), device('fb-3'));
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().code).toBe('DEVICE_LIMIT_REACHED');
  });

  it('refuses a token of another app, an expired one, one Facebook calls invalid, and one without a confirmed e-mail', async () => {
    for (const [accessToken, why] of [
      [token({ appId: '999999999' }), 'another app'],
      [token({ expiresAt: Math.floor(Date.now() / 1000) - 60 }), 'expired'],
      [token({ valid: false }), 'invalid'],
      [token({ email: undefined }), 'no confirmed e-mail'],
      [`EAAB${'x'.repeat(40)}`, 'never issued'],
    ] as const) {
      const res = await facebookAuth(accessToken);
      expect(res.statusCode, why).toBe(401);
      expect(res.json().code, why).toBe(why === 'no confirmed e-mail' ? 'EMAIL_UNCONFIRMED' : 'UNAUTHORIZED');
    }
  });

  it('is off (404) when the platform has no Facebook app', async () => {
    const off = await createTestApp();
    try {
      const res = await off.app.inject({
        method: 'POST',
        url: '/api/facebook-auth',
        payload: { accessToken: 'x'.repeat(30), device: device() },
      });
      expect(res.statusCode).toBe(404);
      expect((await off.app.inject('/api/public-config')).json().facebookAppId).toBeNull();
    } finally {
      await off.close();
    }
  });
});

describe('sign-in paths that are not configured', () => {
  it('partner and LINE sign-in answer 404 in the one error shape', async () => {
    for (const provider of ['siriraj', 'line']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/${provider}-auth/authorize`,
        payload: {
          redirectUri: `${t.app.config.publicUrl}/login/${provider}`,
          codeChallenge: 'a'.repeat(43),
        },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    }
  });
});
