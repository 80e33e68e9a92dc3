import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { AppError } from './errors.js';

const ISSUER = 'rianroo';

export interface AccessClaims {
  sub: string;
  sid: string;
}

export interface PartialClaims {
  sub: string;
  device: { id: string; name: string };
  ua: string | null;
  /** When the account's credentials had last changed as the token was issued (ms; 0: never). */
  credentials: number;
}

export interface UnsubscribeClaims {
  sub: string;
  kind: 'all' | 'news' | 'promotions' | 'reminders';
}

/** Signs and checks the JWTs of the platform (HS256 with JWT_SECRET). Each kind has its own audience. */
export class TokenSigner {
  private readonly key: Uint8Array;
  constructor(
    secret: string,
    private readonly accessTtlSeconds: number,
    /** How many checked access tokens are remembered at most (see `checked`). */
    private readonly checkedMax = 100_000,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  signAccess(claims: AccessClaims): Promise<string> {
    return new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuer(ISSUER)
      .setAudience('access')
      .setIssuedAt()
      .setExpirationTime(`${this.accessTtlSeconds}s`)
      .sign(this.key);
  }

  /**
   * Access tokens whose signature and claims were checked, by their exact text, with their expiry: a learner's
   * player sends the same token every 10 s, and the HMAC and the two JSON parses were a tenth of the API's CPU
   * a progress save. Only a token that passed every check is kept (a not-before in the future is refused, not
   * kept); its expiry is checked on every use. Bounded: when full, the expired entries go, and if that is not
   * enough, all of them.
   */
  private readonly checked = new Map<string, { sub: string; sid: string; exp: number }>();

  /** How many checked access tokens are remembered now. */
  get rememberedTokens(): number {
    return this.checked.size;
  }

  /**
   * Checked on every authenticated call, so done synchronously with node:crypto: jose's WebCrypto HMAC goes
   * through the libuv thread pool and costs more than the whole rest of the request. Same rules as jose:
   * HS256 only, signature in constant time, issuer, audience, expiry.
   */
  verifyAccess(token: string): AccessClaims {
    const now = Math.floor(Date.now() / 1000);
    const known = this.checked.get(token);
    if (!known) return this.check(token, now);
    if (known.exp <= now) throw expired();
    return { sub: known.sub, sid: known.sid };
  }

  /** Every rule, for an access token not seen before; remembered when it passes them all. */
  private check(token: string, now: number): AccessClaims {
    const parts = token.split('.');
    if (parts.length !== 3) throw invalid();
    const [head, body, sig] = parts as [string, string, string];
    const expected = createHmac('sha256', this.key).update(`${head}.${body}`).digest();
    const given = Buffer.from(sig, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
    let header: { alg?: unknown; crit?: unknown };
    let claims: { sub?: unknown; sid?: unknown; iss?: unknown; aud?: unknown; exp?: unknown; nbf?: unknown };
    try {
      header = JSON.parse(Buffer.from(head, 'base64url').toString());
      claims = JSON.parse(Buffer.from(body, 'base64url').toString());
    } catch {
      throw invalid();
    }
    if (header.alg !== 'HS256' || header.crit !== undefined) throw invalid();
    if (claims.iss !== ISSUER || claims.aud !== 'access') throw invalid();
    if (typeof claims.exp !== 'number') throw invalid();
    if (claims.exp <= now) throw expired();
    if (typeof claims.nbf === 'number' && claims.nbf > now) throw invalid();
    if (typeof claims.sid !== 'string' || typeof claims.sub !== 'string') throw invalid();
    this.remember(token, { sub: claims.sub, sid: claims.sid, exp: claims.exp }, now);
    return { sub: claims.sub, sid: claims.sid };
  }

  private remember(token: string, known: { sub: string; sid: string; exp: number }, now: number) {
    if (this.checked.size >= this.checkedMax) {
      for (const [t, k] of this.checked) if (k.exp <= now) this.checked.delete(t);
      if (this.checked.size >= this.checkedMax) this.checked.clear();
    }
    this.checked.set(token, known);
  }

  signPartial(claims: PartialClaims, ttlSeconds = 600): Promise<string> {
    return new SignJWT({ device: claims.device, ua: claims.ua, cred: claims.credentials })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuer(ISSUER)
      .setAudience('partial-login')
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime(`${ttlSeconds}s`)
      .sign(this.key);
  }

  /** A one-click unsubscribe link's token: whose mail, which kind (`all`: every optional kind). */
  signUnsubscribe(claims: UnsubscribeClaims, ttlDays = 90): Promise<string> {
    return new SignJWT({ kind: claims.kind })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuer(ISSUER)
      .setAudience('unsubscribe')
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime(`${ttlDays}d`)
      .sign(this.key);
  }

  /** The claims of an unsubscribe token, its id and expiry (the caller spends it: it works once). */
  async verifyUnsubscribe(token: string): Promise<UnsubscribeClaims & { jti: string; expiresAt: Date }> {
    const p = await this.verify(token, 'unsubscribe');
    const kinds = ['all', 'news', 'promotions', 'reminders'];
    if (typeof p.sub !== 'string' || typeof p.jti !== 'string' || typeof p.exp !== 'number') throw invalid();
    if (typeof p.kind !== 'string' || !kinds.includes(p.kind)) throw invalid();
    return {
      sub: p.sub,
      kind: p.kind as UnsubscribeClaims['kind'],
      jti: p.jti,
      expiresAt: new Date(p.exp * 1000),
    };
  }

  /** The claims, the token's id and its expiry (the caller spends it: it works once). */
  async verifyPartial(token: string): Promise<PartialClaims & { jti: string; expiresAt: Date }> {
    const p = await this.verify(token, 'partial-login');
    if (typeof p.jti !== 'string' || typeof p.exp !== 'number' || typeof p.cred !== 'number') throw invalid();
    return {
      sub: p.sub as string,
      device: p.device as PartialClaims['device'],
      ua: (p.ua as string) ?? null,
      credentials: p.cred,
      jti: p.jti,
      expiresAt: new Date(p.exp * 1000),
    };
  }

  private async verify(token: string, audience: string) {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        audience,
        algorithms: ['HS256'],
      });
      return payload;
    } catch (err) {
      if (err instanceof errors.JWTExpired) throw expired();
      throw invalid();
    }
  }
}

const invalid = () => new AppError('UNAUTHORIZED', 401, 'Invalid token');
const expired = () => new AppError('TOKEN_EXPIRED', 401, 'Token has expired');

/** The token of an `Authorization: Bearer <token>` header, or undefined. */
export function bearer(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m?.[1];
}
