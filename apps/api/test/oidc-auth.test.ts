import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../src/db/schema.js';
import { uuidv7 } from '../src/lib/ids.js';
import { loginAtDouble, startOidcDouble } from './oidc-double.js';
import { bearer, createTestApp, device, register, uniqueEmail, type TestApp } from './helpers.js';
import { latestMail, linkCode } from './mail-helpers.js';

const PUBLIC_URL = 'http://127.0.0.1:3999';
const REDIRECT = `${PUBLIC_URL}/login/siriraj`;
const CLIENT = {
  id: 'rianroo-platform',
  secret: 'partner-client-secret-for-tests',
  redirectUris: [REDIRECT],
};
const LINE = {
  id: '1657000000',
  secret: 'line-channel-secret-for-tests',
  redirectUris: [`${PUBLIC_URL}/login/line`],
  idTokenAlg: 'HS256' as const,
};

let t: TestApp;
let idp: Awaited<ReturnType<typeof startOidcDouble>>;
const partnerOrg = uuidv7();

beforeAll(async () => {
  idp = await startOidcDouble([CLIENT, LINE]);
  t = await createTestApp({
    PUBLIC_URL,
    PARTNER_OIDC_ISSUER: idp.issuer,
    PARTNER_OIDC_CLIENT_ID: CLIENT.id,
    PARTNER_OIDC_CLIENT_SECRET: CLIENT.secret,
    PARTNER_NAME: 'ศิริราช',
    // LINE Login against the same local provider (LINE's own issuer is https://access.line.me).
    LINE_ISSUER: idp.issuer,
    LINE_CHANNEL_ID: LINE.id,
    LINE_CHANNEL_SECRET: LINE.secret,
  });
  await t.db.insert(organizations).values({ id: partnerOrg, name: 'โรงพยาบาลศิริราช', ssoProvider: 'siriraj' });
});
afterAll(async () => {
  await t.close();
  await idp.close();
});

const pkce = () => {
  const codeVerifier = randomBytes(32).toString('base64url');
  return { codeVerifier, codeChallenge: createHash('sha256').update(codeVerifier).digest('base64url') };
};

const authorize = (codeChallenge: string, redirectUri = REDIRECT, provider = 'siriraj') =>
  t.app.inject({
    method: 'POST',
    url: `/api/${provider}-auth/authorize`,
    payload: { redirectUri, codeChallenge },
  });

/** The whole round trip as the browser makes it: start, log in at the provider, come back. */
async function startAndLogin(login: string) {
  const { codeVerifier, codeChallenge } = pkce();
  const started = await authorize(codeChallenge);
  expect(started.statusCode).toBe(200);
  const back = await loginAtDouble(started.json().url, login);
  return { codeVerifier, back, state: started.json().state as string };
}

/** The learner's organisation, as the account page reads it. */
const organizationOf = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/users/organization', headers: bearer(token) })).json()
    .organization as { id: string; name: string } | null;

const finish = (payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/siriraj-auth',
    payload: { redirectUri: REDIRECT, device: device('partner'), ...payload },
  });

const finishWith = (r: Awaited<ReturnType<typeof startAndLogin>>, over: Record<string, unknown> = {}) =>
  finish({ code: r.back.code, state: r.back.state, iss: r.back.iss, codeVerifier: r.codeVerifier, ...over });

describe('partner sign-in (POST /api/siriraj-auth) against a real OpenID Connect provider', () => {
  it('is offered in the public settings under the partner’s name', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/public-config' });
    expect(res.json()).toMatchObject({ partnerSignIn: { name: 'ศิริราช' }, lineLogin: true });
  });

  it('sends the browser to the provider with PKCE (S256), state and nonce', async () => {
    const { codeChallenge } = pkce();
    const res = await authorize(codeChallenge);
    const url = new URL(res.json().url);
    expect(url.origin).toBe(idp.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: CLIENT.id,
      redirect_uri: REDIRECT,
      response_type: 'code',
      code_challenge: codeChallenge,
      code_challenge_method: 'S256',
      state: res.json().state,
    });
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('scope')).toContain('openid');
  });

  it('creates the learner, joins the partner organisation and logs them in', async () => {
    const email = uniqueEmail('partner-new');
    const r = await startAndLogin(email);
    expect(r.back.state).toBe(r.state);
    const res = await finishWith(r);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email, firstName: 'ผู้ใช้', lastName: 'พาร์ทเนอร์' });
    expect(await organizationOf(res.json().access_token)).toMatchObject({
      id: partnerOrg,
      name: 'โรงพยาบาลศิริราช',
    });
  });

  it('signs into the existing account of the same confirmed e-mail, and moves it into the partner organisation', async () => {
    const u = await register(t.app);
    const r = await startAndLogin(u.email.toUpperCase());
    const res = await finishWith(r);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(u.user.id);
    const { rows } = await t.db.execute<{ organization_id: string; email_verified_at: Date | null }>(
      sql`select organization_id, email_verified_at from users where id = ${u.user.id}`,
    );
    expect(rows[0]).toMatchObject({ organization_id: partnerOrg });
    expect(rows[0]!.email_verified_at).not.toBeNull();
  });

  it('goes through the same device limit as a password login', async () => {
    const email = uniqueEmail('partner-limit');
    for (const n of [1, 2, 3]) {
      const res = await finishWith(await startAndLogin(email), { device: device(`partner-${n}`) });
      expect(res.statusCode).toBe(200);
    }
    const fourth = await finishWith(await startAndLogin(email), { device: device('partner-4') });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().code).toBe('DEVICE_LIMIT_REACHED');
  });

  it('refuses a state it did not start, and changes nothing', async () => {
    const email = uniqueEmail('partner-state');
    const r = await startAndLogin(email);
    const res = await finishWith(r, { state: randomBytes(32).toString('base64url') });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
    const { rows } = await t.db.execute(sql`select 1 from users where email = ${email}`);
    expect(rows).toHaveLength(0);
  });

  it('refuses a replayed code: the state and the code are used once', async () => {
    const r = await startAndLogin(uniqueEmail('partner-replay'));
    expect((await finishWith(r)).statusCode).toBe(200);
    const again = await finishWith(r, { device: device('partner-replay-2') });
    expect(again.statusCode).toBe(401);
  });

  it('a code sent back eight times at once is used once; the others are refused', async () => {
    const r = await startAndLogin(uniqueEmail('partner-burst'));
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => finishWith(r, { device: device(`partner-burst-${i}`) })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array<number>(7).fill(401)]);
  });

  it('first sign-ins of one new address from six tabs at once make one account, and all get in', async () => {
    const email = uniqueEmail('partner-tabs');
    const tabs = [];
    for (let i = 0; i < 6; i++) tabs.push(await startAndLogin(email));
    const browser = device('partner-tabs');
    const answers = await Promise.all(tabs.map((r) => finishWith(r, { device: browser })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array<number>(6).fill(200));
    expect(new Set(answers.map((a) => a.json().user.id)).size).toBe(1);
  });

  it('refuses a verifier that does not answer the challenge it started with', async () => {
    const r = await startAndLogin(uniqueEmail('partner-pkce'));
    const res = await finishWith(r, { codeVerifier: pkce().codeVerifier });
    expect(res.statusCode).toBe(401);
  });

  it('refuses an ID token issued for another audience', async () => {
    const r = await startAndLogin(uniqueEmail('partner-aud'));
    idp.tamperNextIdToken({ claims: { aud: 'another-application' } });
    const res = await finishWith(r);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });

  it('refuses an ID token whose nonce is not the one this sign-in chose', async () => {
    const r = await startAndLogin(uniqueEmail('partner-nonce'));
    idp.tamperNextIdToken({ claims: { nonce: 'someone-elses-nonce' } });
    expect((await finishWith(r)).statusCode).toBe(401);
  });

  it('refuses an ID token not signed by the provider’s keys', async () => {
    const r = await startAndLogin(uniqueEmail('partner-key'));
    idp.tamperNextIdToken({ foreignKey: true });
    expect((await finishWith(r)).statusCode).toBe(401);
  });

  it('refuses an e-mail address the provider has not confirmed', async () => {
    const email = uniqueEmail('partner-unconfirmed');
    idp.person(email, { email, email_verified: false });
    const res = await finishWith(await startAndLogin(email));
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('EMAIL_UNCONFIRMED');
  });

  it('comes back only to this platform’s own callback page', async () => {
    const { codeChallenge } = pkce();
    for (const redirectUri of [
      'https://evil.example/login/siriraj',
      `${PUBLIC_URL}/login/line`,
      `${PUBLIC_URL}/login/siriraj?next=https://evil.example`,
    ]) {
      const res = await authorize(codeChallenge, redirectUri);
      expect(res.statusCode).toBe(400);
      expect(res.json().statusCode).toBe(400);
    }
  });

  it('answers 400 for a malformed challenge or verifier', async () => {
    expect((await authorize('short')).statusCode).toBe(400);
    const res = await finish({ code: 'x', state: 'y', codeVerifier: 'not a verifier' });
    expect(res.statusCode).toBe(400);
  });
});

describe('LINE Login (POST /api/line-auth): the same flow, HS256 ID tokens, no email_verified claim', () => {
  it('creates the learner from LINE’s ID token and logs them in, without joining the partner', async () => {
    const email = uniqueEmail('line');
    // LINE's claims: a display name only, and no email_verified.
    idp.person(email, {
      email,
      email_verified: undefined,
      name: 'ไลน์ ผู้ใช้',
      given_name: undefined,
      family_name: undefined,
    });
    const { codeVerifier, codeChallenge } = pkce();
    const redirectUri = `${PUBLIC_URL}/login/line`;
    const started = await authorize(codeChallenge, redirectUri, 'line');
    expect(started.statusCode).toBe(200);
    const back = await loginAtDouble(started.json().url, email);
    const payload = {
      code: back.code,
      state: back.state,
      iss: back.iss,
      codeVerifier,
      redirectUri,
      device: device('line'),
    };
    // A LINE state is not a partner state.
    const crossed = await t.app.inject({ method: 'POST', url: '/api/siriraj-auth', payload });
    expect(crossed.statusCode).toBe(401);
    const again = await authorize(codeChallenge, redirectUri, 'line');
    const back2 = await loginAtDouble(again.json().url, email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/line-auth',
      payload: { ...payload, code: back2.code, state: back2.state, iss: back2.iss },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email, firstName: 'ไลน์', lastName: 'ผู้ใช้' });
    expect(await organizationOf(res.json().access_token)).toBeNull();
  });
});

describe('joining an organisation by e-mail domain', () => {
  const domainOrg = async () => {
    const id = uuidv7();
    const domain = `${randomBytes(4).toString('hex')}.hospital.test`;
    await t.db.insert(organizations).values({ id, name: 'โรงพยาบาลโดเมน', emailDomains: [domain] });
    return { id, domain };
  };

  it('an address at the domain joins only once it is confirmed (here: by the mailed reset link)', async () => {
    const org = await domainOrg();
    const email = `nurse.${randomBytes(3).toString('hex')}@${org.domain}`;
    const u = await register(t.app, { email: email.toUpperCase() });
    expect(await organizationOf(u.access_token)).toBeNull();
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
    await post('/api/users/forgot-password', { email });
    const code = linkCode((await latestMail(t, email, 30_000, /password|รหัสผ่าน/)).text);
    const reset = await post('/api/users/reset-password', {
      verificationString: code,
      password: 'another-pass-77',
      passwordConfirmation: 'another-pass-77',
    });
    expect(reset.statusCode).toBe(200);
    const login = await post('/api/auth', { email, password: 'another-pass-77', device: device('domain') });
    expect((await organizationOf(login.json().access_token))?.id).toBe(org.id);
  });

  it('another domain, or an address that merely ends like it, joins nothing', async () => {
    const org = await domainOrg();
    const r = await startAndLogin(`someone@not-${org.domain}`);
    // The partner's own organisation is where a partner sign-in goes; drop it to see the domain rule alone.
    await t.db.execute(sql`update organizations set sso_provider = null where id = ${partnerOrg}`);
    try {
      const res = await finishWith(r);
      expect(res.statusCode).toBe(200);
      expect(await organizationOf(res.json().access_token)).toBeNull();
    } finally {
      await t.db.execute(sql`update organizations set sso_provider = 'siriraj' where id = ${partnerOrg}`);
    }
  });
});
