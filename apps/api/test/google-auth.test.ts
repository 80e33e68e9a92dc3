import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './global-setup.js';
import { bearer, createTestApp, device, register, uniqueEmail, type TestApp } from './helpers.js';

/**
 * Google is the true edge: a local server publishes a JWKS exactly as Google's certs endpoint does, and the
 * tests sign ID tokens with its private key (RS256, Google's issuer and claims).
 */
const CLIENT_ID = 'rianroo-test.apps.googleusercontent.com';
let t: TestApp;
let jwks: Server;
let key: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
let otherKey: typeof key;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  key = pair.privateKey;
  otherKey = (await generateKeyPair('RS256')).privateKey;
  const publicJwk: JWK = {
    ...(await exportJWK(pair.publicKey)),
    kid: 'test-key-1',
    alg: 'RS256',
    use: 'sig',
  };
  const port = await freePort();
  jwks = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [publicJwk] }));
  });
  await new Promise<void>((resolve) => jwks.listen(port, '127.0.0.1', resolve));
  t = await createTestApp({
    GOOGLE_CLIENT_ID: CLIENT_ID,
    GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/oauth2/v3/certs`,
  });
});
afterAll(async () => {
  await t.close();
  await new Promise((r) => jwks.close(r));
});

function idToken(claims: Record<string, unknown>, signWith = key, expiresIn = '1h') {
  return new SignJWT({ email_verified: true, given_name: 'กูเกิล', family_name: 'ผู้ใช้', ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'test-key-1' })
    .setIssuer('https://accounts.google.com')
    .setAudience((claims.aud as string | undefined) ?? CLIENT_ID)
    .setSubject('1234567890')
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(signWith);
}
const googleAuth = async (credential: string, on = device('google')) =>
  t.app.inject({ method: 'POST', url: '/api/google-auth', payload: { credential, device: on } });

describe('POST /api/google-auth', () => {
  it('creates an account for a new verified e-mail and signs in', async () => {
    const email = uniqueEmail('google');
    const res = await googleAuth(await idToken({ email, picture: 'https://example.com/p.png' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      email,
      firstName: 'กูเกิล',
      hasPassword: false,
      profile_image: 'https://example.com/p.png',
    });
    const again = await googleAuth(await idToken({ email }));
    expect(again.json().user.id).toBe(res.json().user.id);
  });

  it('first sign-ins of one new e-mail at once (one browser) make one account and all get in', async () => {
    const email = uniqueEmail('google-race');
    const credential = await idToken({ email });
    const browser = device('google');
    const answers = await Promise.all(Array.from({ length: 8 }, () => googleAuth(credential, browser)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array<number>(8).fill(200));
    expect(new Set(answers.map((r) => r.json().user.id)).size).toBe(1);
  });

  it('signs into the existing account with the same e-mail', async () => {
    const u = await register(t.app);
    const res = await googleAuth(await idToken({ email: u.email.toUpperCase() }));
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(u.user.id);
  });

  it("a password set on an unconfirmed address (someone's sign-up with another's address) ends, with its sessions, when the owner signs in", async () => {
    const taken = await register(t.app, { password: 'attacker-secret-42' });
    const owner = await googleAuth(await idToken({ email: taken.email }));
    expect([owner.statusCode, owner.json().user.id]).toEqual([200, taken.user.id]);
    const me = (token: string) => t.app.inject({ url: '/api/auth', headers: bearer(token) });
    expect((await me(taken.access_token)).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { email: taken.email, password: 'attacker-secret-42', device: device('again') },
    });
    expect(login.statusCode).toBe(401);
    expect((await me(owner.json().access_token)).statusCode).toBe(200);
    // Confirmed now: a password the owner sets later stays through the next Google sign-in.
    const { rows } = await t.db.$client.query(
      `select password_hash is null as no_password, email_verified_at is not null as confirmed from users where id = $1`,
      [taken.user.id],
    );
    expect(rows[0]).toEqual({ no_password: true, confirmed: true });
  });

  it('the address of a closed (deleted) account is refused with 409 ALREADY_EXISTS, as registration does, not a 500', async () => {
    const gone = await register(t.app, {}, '10.71.0.3');
    await t.db.$client.query('update users set deleted_at = now() where id = $1', [gone.user.id]);
    const res = await googleAuth(await idToken({ email: gone.email }));
    expect([res.statusCode, res.json().code], res.body).toEqual([409, 'ALREADY_EXISTS']);
  });

  it("the password's partial-login token (kept at the device limit) no longer signs in once the owner signs in", async () => {
    const taken = await register(t.app, { password: 'attacker-secret-43' }, '10.71.0.1');
    const login = (n: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth',
        payload: { email: taken.email, password: 'attacker-secret-43', device: device(`squat-${n}`) },
        remoteAddress: '10.71.0.2',
      });
    for (const n of [2, 3]) expect((await login(n)).statusCode).toBe(200);
    const blocked = await login(4);
    expect(blocked.statusCode).toBe(409);
    const owner = await googleAuth(await idToken({ email: taken.email }));
    expect(owner.statusCode).toBe(200);
    const back = await t.app.inject({
      method: 'POST',
      url: '/api/users/partial-login',
      payload: { partialToken: blocked.json().partialToken, logoutDeviceIds: ['none'] },
    });
    expect(back.statusCode).toBe(401);
  });

  it('refuses forged, expired, foreign-audience and unverified tokens', async () => {
    const email = uniqueEmail('google-bad');
    expect((await googleAuth(await idToken({ email }, otherKey))).statusCode).toBe(401);
    expect((await googleAuth(await idToken({ email }, key, '-1m'))).statusCode).toBe(401);
    expect((await googleAuth(await idToken({ email, aud: 'someone-else' }))).statusCode).toBe(401);
    expect((await googleAuth(await idToken({ email, email_verified: false }))).statusCode).toBe(401);
    expect((await googleAuth('x'.repeat(40))).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/google-auth', payload: { credential: 'short' } }))
        .statusCode,
    ).toBe(400);
  });
});
