import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from './errors.js';
import { bearer, TokenSigner } from './tokens.js';

const SECRET = 'a-test-secret-of-at-least-thirty-two-characters';
const KEY = new TextEncoder().encode(SECRET);
const NOW = Date.UTC(2026, 10, 25, 12, 0, 0); // 2026-11-25T12:00:00Z
const NOW_S = NOW / 1000;
const DAY_S = 86_400;
const ACCESS_TTL = 25 * 3600; // PRODUCT.md: access tokens live 25 hours by default

const signer = new TokenSigner(SECRET, ACCESS_TTL);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const decode = (token: string) => {
  const [head, body] = token.split('.');
  return {
    header: JSON.parse(Buffer.from(head!, 'base64url').toString()),
    claims: JSON.parse(Buffer.from(body!, 'base64url').toString()),
  };
};
/** A compact JWT signed by hand with HMAC-SHA256 and the signer's secret: any header, any claims. */
const handSigned = (header: unknown, claims: unknown) => {
  const unsigned = `${b64(header)}.${b64(claims)}`;
  return `${unsigned}.${createHmac('sha256', KEY).update(unsigned).digest('base64url')}`;
};
const accessClaims = (over: Record<string, unknown> = {}) => ({
  sub: 'user-1',
  sid: 'session-1',
  iss: 'rianroo',
  aud: 'access',
  iat: NOW_S,
  exp: NOW_S + 60,
  ...over,
});
const HS256 = { alg: 'HS256', typ: 'JWT' };

/** The AppError a call throws (sync or async), for its code, status and message. */
async function errorOf(fn: () => unknown): Promise<AppError> {
  try {
    await fn();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return err as AppError;
  }
  throw new Error('expected the call to throw');
}
const INVALID = { code: 'UNAUTHORIZED', statusCode: 401, message: 'Invalid token' };
const EXPIRED = { code: 'TOKEN_EXPIRED', statusCode: 401, message: 'Token has expired' };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('access tokens', () => {
  it('are HS256 JWTs for the access audience of the rianroo issuer, naming user and session, 25 h long', async () => {
    const token = await signer.signAccess({ sub: 'user-1', sid: 'session-1' });
    expect(decode(token)).toEqual({
      header: { alg: 'HS256' },
      claims: {
        sub: 'user-1',
        sid: 'session-1',
        iss: 'rianroo',
        aud: 'access',
        iat: NOW_S,
        exp: NOW_S + 90_000,
      },
    });
    expect(signer.verifyAccess(token)).toEqual({ sub: 'user-1', sid: 'session-1' });
  });

  it('are accepted up to the second before expiry and refused as expired from that second on', async () => {
    const token = await signer.signAccess({ sub: 'user-1', sid: 'session-1' });
    vi.setSystemTime(NOW + (ACCESS_TTL - 1) * 1000);
    expect(signer.verifyAccess(token).sid).toBe('session-1');
    vi.setSystemTime(NOW + ACCESS_TTL * 1000);
    expect(await errorOf(() => signer.verifyAccess(token))).toMatchObject(EXPIRED);
  });

  it('answer only the user and the session, whatever else the token carries', () => {
    const token = handSigned(HS256, accessClaims({ role: 'admin', extra: 1 }));
    expect(signer.verifyAccess(token)).toEqual({ sub: 'user-1', sid: 'session-1' });
  });

  it.each([
    ['two parts', () => `${b64(HS256)}.${b64(accessClaims())}`],
    ['four parts', () => `${handSigned(HS256, accessClaims())}.x`],
    ['an empty string', () => ''],
    [
      'a signature made with another secret',
      () => {
        const unsigned = `${b64(HS256)}.${b64(accessClaims())}`;
        return `${unsigned}.${createHmac('sha256', 'another-secret').update(unsigned).digest('base64url')}`;
      },
    ],
    ['a signature cut short', () => handSigned(HS256, accessClaims()).slice(0, -2)],
    [
      'claims changed after signing',
      () => {
        const [h, , s] = handSigned(HS256, accessClaims()).split('.');
        return `${h}.${b64(accessClaims({ sub: 'user-2' }))}.${s}`;
      },
    ],
    [
      'a header that is not JSON',
      () => {
        const unsigned = `${Buffer.from('{not json').toString('base64url')}.${b64(accessClaims())}`;
        return `${unsigned}.${createHmac('sha256', KEY).update(unsigned).digest('base64url')}`;
      },
    ],
    [
      'claims that are not JSON',
      () => {
        const unsigned = `${b64(HS256)}.${Buffer.from('[1,').toString('base64url')}`;
        return `${unsigned}.${createHmac('sha256', KEY).update(unsigned).digest('base64url')}`;
      },
    ],
    ['alg none in the header', () => handSigned({ alg: 'none' }, accessClaims())],
    ['alg HS512 in the header', () => handSigned({ alg: 'HS512' }, accessClaims())],
    ['a crit header', () => handSigned({ alg: 'HS256', crit: ['exp'] }, accessClaims())],
    ['another issuer', () => handSigned(HS256, accessClaims({ iss: 'someone-else' }))],
    ['no issuer', () => handSigned(HS256, accessClaims({ iss: undefined }))],
    ['the partial-login audience', () => handSigned(HS256, accessClaims({ aud: 'partial-login' }))],
    ['no expiry', () => handSigned(HS256, accessClaims({ exp: undefined }))],
    ['an expiry that is a string', () => handSigned(HS256, accessClaims({ exp: String(NOW_S + 60) }))],
    ['a not-before in the future', () => handSigned(HS256, accessClaims({ nbf: NOW_S + 1 }))],
    ['no session', () => handSigned(HS256, accessClaims({ sid: undefined }))],
    ['a session id that is a number', () => handSigned(HS256, accessClaims({ sid: 7 }))],
    ['no user', () => handSigned(HS256, accessClaims({ sub: undefined }))],
    ['a user id that is a number', () => handSigned(HS256, accessClaims({ sub: 7 }))],
  ])('are refused as invalid (401 UNAUTHORIZED) with %s', async (_name, make) => {
    expect(await errorOf(() => signer.verifyAccess(make()))).toMatchObject(INVALID);
  });

  it('are accepted with a not-before of now or earlier', () => {
    expect(signer.verifyAccess(handSigned(HS256, accessClaims({ nbf: NOW_S }))).sub).toBe('user-1');
    expect(signer.verifyAccess(handSigned(HS256, accessClaims({ nbf: NOW_S - 5 }))).sub).toBe('user-1');
  });

  it('are refused as expired when the expiry is now, before their other claims are looked at', async () => {
    expect(
      await errorOf(() => signer.verifyAccess(handSigned(HS256, accessClaims({ exp: NOW_S })))),
    ).toMatchObject(EXPIRED);
    const expiredNoSession = handSigned(HS256, accessClaims({ exp: NOW_S - 1, sid: undefined }));
    expect(await errorOf(() => signer.verifyAccess(expiredNoSession))).toMatchObject(EXPIRED);
  });
});

describe('access tokens already checked (remembered by their exact text)', () => {
  it('are still refused as expired from their expiry on', async () => {
    const fresh = new TokenSigner(SECRET, 60);
    const token = await fresh.signAccess({ sub: 'user-1', sid: 'session-1' });
    expect(fresh.verifyAccess(token).sid).toBe('session-1');
    expect(fresh.rememberedTokens).toBe(1);
    vi.setSystemTime(NOW + 59_000);
    expect(fresh.verifyAccess(token).sid).toBe('session-1');
    vi.setSystemTime(NOW + 60_000);
    expect(await errorOf(() => fresh.verifyAccess(token))).toMatchObject(EXPIRED);
  });

  it('do not vouch for a copy with another signature or other claims', async () => {
    const fresh = new TokenSigner(SECRET, 60);
    const token = handSigned(HS256, accessClaims());
    expect(fresh.verifyAccess(token).sub).toBe('user-1');
    const [h, b, sig] = token.split('.') as [string, string, string];
    const flipped = sig.slice(0, 5) + (sig[5] === 'A' ? 'B' : 'A') + sig.slice(6);
    expect(await errorOf(() => fresh.verifyAccess(`${h}.${b}.${flipped}`))).toMatchObject(INVALID);
    expect(
      await errorOf(() => fresh.verifyAccess(`${h}.${b64(accessClaims({ sub: 'user-2' }))}.${sig}`)),
    ).toMatchObject(INVALID);
    expect(fresh.rememberedTokens).toBe(1);
  });

  it('are not remembered when refused, nor while their not-before is still to come', async () => {
    const fresh = new TokenSigner(SECRET, 60);
    const early = handSigned(HS256, accessClaims({ nbf: NOW_S + 10 }));
    expect(await errorOf(() => fresh.verifyAccess(early))).toMatchObject(INVALID);
    expect(
      await errorOf(() => fresh.verifyAccess(handSigned(HS256, accessClaims({ exp: NOW_S })))),
    ).toMatchObject(EXPIRED);
    expect(
      await errorOf(() => fresh.verifyAccess(handSigned({ alg: 'none' }, accessClaims()))),
    ).toMatchObject(INVALID);
    expect(fresh.rememberedTokens).toBe(0);
    vi.setSystemTime(NOW + 10_000);
    expect(fresh.verifyAccess(early).sub).toBe('user-1');
  });

  it('are at most the limit: the expired ones go first, then all', async () => {
    const fresh = new TokenSigner(SECRET, 60, 2);
    const short = handSigned(HS256, accessClaims({ sid: 'short', exp: NOW_S + 5 }));
    const long = handSigned(HS256, accessClaims({ sid: 'long', exp: NOW_S + 60 }));
    fresh.verifyAccess(short);
    fresh.verifyAccess(long);
    expect(fresh.rememberedTokens).toBe(2);
    vi.setSystemTime(NOW + 5_000);
    fresh.verifyAccess(handSigned(HS256, accessClaims({ sid: 'third' })));
    // `short` had expired: it went, `long` stayed.
    expect(fresh.rememberedTokens).toBe(2);
    expect(await errorOf(() => fresh.verifyAccess(short))).toMatchObject(EXPIRED);
    fresh.verifyAccess(handSigned(HS256, accessClaims({ sid: 'fourth' })));
    // None had expired: all went, the new one is remembered.
    expect(fresh.rememberedTokens).toBe(1);
    expect(fresh.verifyAccess(long).sid).toBe('long');
  });
});

describe('partial-login tokens (the device-limit answer)', () => {
  const device = { id: 'device-4-abcdef', name: 'Firefox on Linux' };

  it('name the user, the device, its browser and the credentials they were issued for, and live ten minutes', async () => {
    const token = await signer.signPartial({
      sub: 'user-1',
      device,
      ua: 'Mozilla/5.0',
      credentials: 1_700_000_000_123,
    });
    const { header, claims } = decode(token);
    expect(header).toEqual({ alg: 'HS256' });
    expect(claims).toEqual({
      sub: 'user-1',
      device,
      ua: 'Mozilla/5.0',
      cred: 1_700_000_000_123,
      iss: 'rianroo',
      aud: 'partial-login',
      jti: expect.stringMatching(/^[0-9a-f-]{36}$/),
      iat: NOW_S,
      exp: NOW_S + 600,
    });
    expect(await signer.verifyPartial(token)).toEqual({
      sub: 'user-1',
      device,
      ua: 'Mozilla/5.0',
      credentials: 1_700_000_000_123,
      jti: claims.jti,
      expiresAt: new Date(NOW + 600_000),
    });
  });

  it('each get their own id, so each can be spent once', async () => {
    const a = decode(await signer.signPartial({ sub: 'user-1', device, ua: null, credentials: 0 })).claims
      .jti;
    const b = decode(await signer.signPartial({ sub: 'user-1', device, ua: null, credentials: 0 })).claims
      .jti;
    expect(a).not.toBe(b);
  });

  it('answer a missing browser as null', async () => {
    const token = await signer.signPartial({ sub: 'user-1', device, ua: null, credentials: 0 });
    expect((await signer.verifyPartial(token)).ua).toBeNull();
  });

  it('last as long as asked, and are refused as expired after that', async () => {
    const token = await signer.signPartial({ sub: 'user-1', device, ua: null, credentials: 0 }, 30);
    expect(decode(token).claims.exp).toBe(NOW_S + 30);
    vi.setSystemTime(NOW + 29_000);
    expect((await signer.verifyPartial(token)).expiresAt).toEqual(new Date(NOW + 30_000));
    vi.setSystemTime(NOW + 31_000);
    expect(await errorOf(() => signer.verifyPartial(token))).toMatchObject(EXPIRED);
  });

  it('refuse a token signed with the secret that lacks its id or expiry, has no numeric credentials stamp, or names another issuer or audience', async () => {
    const full = { sub: 'user-1', device, ua: null, cred: 0 };
    const sign = (
      claims: Record<string, unknown>,
      { jti = true, exp = true, issuer = 'rianroo', audience = 'partial-login' } = {},
    ) => {
      let jwt = new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(issuer)
        .setAudience(audience);
      if (jti) jwt = jwt.setJti('j-1');
      if (exp) jwt = jwt.setExpirationTime('10m');
      return jwt.sign(KEY);
    };
    // The well-formed one passes: each refusal below is for the one thing it lacks.
    expect((await signer.verifyPartial(await sign(full))).credentials).toBe(0);
    const refused = [
      await sign(full, { jti: false }),
      await sign(full, { exp: false }),
      await sign({ ...full, cred: '0' }),
      await sign({ sub: 'user-1', device, ua: null }),
      await sign(full, { issuer: 'someone-else' }),
      await sign(full, { audience: 'access' }),
    ];
    for (const token of refused)
      expect(await errorOf(() => signer.verifyPartial(token))).toMatchObject(INVALID);
  });

  it('refuse an access token, one without an id or expiry, another secret and another algorithm', async () => {
    const claims = { sub: 'user-1', device, ua: null, credentials: 0 };
    const access = await signer.signAccess({ sub: 'user-1', sid: 's' });
    const base = () => new SignJWT(claims).setIssuer('rianroo').setAudience('partial-login');
    const noJti = await base().setProtectedHeader({ alg: 'HS256' }).setExpirationTime('10m').sign(KEY);
    const noExp = await base().setProtectedHeader({ alg: 'HS256' }).setJti('j').sign(KEY);
    const otherKey = await base()
      .setProtectedHeader({ alg: 'HS256' })
      .setJti('j')
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('another-secret-another-secret-another'));
    const hs512 = await base()
      .setProtectedHeader({ alg: 'HS512' })
      .setJti('j')
      .setExpirationTime('10m')
      .sign(KEY);
    const otherIssuer = await new SignJWT(claims)
      .setIssuer('elsewhere')
      .setAudience('partial-login')
      .setProtectedHeader({ alg: 'HS256' })
      .setJti('j')
      .setExpirationTime('10m')
      .sign(KEY);
    for (const token of [access, noJti, noExp, otherKey, hs512, otherIssuer, 'not-a-token']) {
      expect(await errorOf(() => signer.verifyPartial(token))).toMatchObject(INVALID);
    }
  });
});

describe('unsubscribe tokens (one-click links in mail)', () => {
  it('name the user and the kind of mail, and live 90 days by default', async () => {
    const token = await signer.signUnsubscribe({ sub: 'user-1', kind: 'news' });
    const { header, claims } = decode(token);
    expect(header).toEqual({ alg: 'HS256' });
    expect(claims).toEqual({
      sub: 'user-1',
      kind: 'news',
      iss: 'rianroo',
      aud: 'unsubscribe',
      jti: expect.stringMatching(/^[0-9a-f-]{36}$/),
      iat: NOW_S,
      exp: NOW_S + 90 * DAY_S,
    });
    expect(await signer.verifyUnsubscribe(token)).toEqual({
      sub: 'user-1',
      kind: 'news',
      jti: claims.jti,
      expiresAt: new Date(NOW + 90 * DAY_S * 1000),
    });
  });

  it('accept each kind of optional mail, and all of them', async () => {
    for (const kind of ['all', 'news', 'promotions', 'reminders'] as const) {
      const token = await signer.signUnsubscribe({ sub: 'user-1', kind }, 1);
      expect(decode(token).claims.exp).toBe(NOW_S + DAY_S);
      expect((await signer.verifyUnsubscribe(token)).kind).toBe(kind);
    }
  });

  it('are refused as expired after their days', async () => {
    const token = await signer.signUnsubscribe({ sub: 'user-1', kind: 'all' }, 2);
    vi.setSystemTime(NOW + 2 * DAY_S * 1000 + 1000);
    expect(await errorOf(() => signer.verifyUnsubscribe(token))).toMatchObject(EXPIRED);
  });

  it('refuse an unknown kind, a missing user, id, expiry or kind, and a partial-login token', async () => {
    const make = (claims: Record<string, unknown>, build: (j: SignJWT) => SignJWT) =>
      build(
        new SignJWT(claims)
          .setProtectedHeader({ alg: 'HS256' })
          .setIssuer('rianroo')
          .setAudience('unsubscribe'),
      ).sign(KEY);
    const full = (j: SignJWT) => j.setSubject('user-1').setJti('j').setExpirationTime('1d');
    const tokens = [
      await make({ kind: 'transactional' }, full),
      await make({ kind: 7 }, full),
      await make({}, full),
      await make({ kind: 'news' }, (j) => j.setJti('j').setExpirationTime('1d')),
      await make({ kind: 'news' }, (j) => j.setSubject('user-1').setExpirationTime('1d')),
      await make({ kind: 'news' }, (j) => j.setSubject('user-1').setJti('j')),
      await signer.signPartial({
        sub: 'user-1',
        device: { id: 'device-1-abc', name: 'x' },
        ua: null,
        credentials: 0,
      }),
    ];
    for (const token of tokens) {
      expect(await errorOf(() => signer.verifyUnsubscribe(token))).toMatchObject(INVALID);
    }
  });
});

describe('bearer (the Authorization header)', () => {
  it.each([
    ['Bearer abc.def.ghi', 'abc.def.ghi'],
    ['bearer abc', 'abc'],
    ['BEARER abc', 'abc'],
    ['Bearer \t  abc', 'abc'],
  ])('reads the token of %j', (header, token) => {
    expect(bearer(header)).toBe(token);
  });

  it.each([
    undefined,
    '',
    'Bearer',
    'Bearer ',
    'Basic abc',
    'Bearerabc',
    'xBearer abc',
    'Bearer abc def',
    'Bearer abc ',
  ])('answers no token for %j', (header) => {
    expect(bearer(header)).toBeUndefined();
  });
});
