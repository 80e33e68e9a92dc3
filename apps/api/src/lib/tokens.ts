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
   * Checked on every authenticated call, so done synchronously with node:crypto: jose's WebCrypto HMAC goes
   * through the libuv thread pool and costs more than the whole rest of the request. Same rules as jose:
   * HS256 only, signature in constant time, issuer, audience, expiry.
   */
  verifyAccess(token: string): AccessClaims {
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
    const now = Math.floor(Date.now() / 1000);
    if (typeof claims.exp !== 'number') throw invalid();
    if (claims.exp <= now) throw new AppError('TOKEN_EXPIRED', 401, 'Token has expired');
    if (typeof claims.nbf === 'number' && claims.nbf > now) throw invalid();
    if (typeof claims.sid !== 'string' || typeof claims.sub !== 'string') throw invalid();
    return { sub: claims.sub, sid: claims.sid };
  }

  signPartial(claims: PartialClaims, ttlSeconds = 600): Promise<string> {
    return new SignJWT({ device: claims.device, ua: claims.ua })
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
    if (typeof p.jti !== 'string' || typeof p.exp !== 'number') throw invalid();
    return {
      sub: p.sub as string,
      device: p.device as PartialClaims['device'],
      ua: (p.ua as string) ?? null,
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
      if (err instanceof errors.JWTExpired) throw new AppError('TOKEN_EXPIRED', 401, 'Token has expired');
      throw invalid();
    }
  }
}

const invalid = () => new AppError('UNAUTHORIZED', 401, 'Invalid token');

/** The token of an `Authorization: Bearer <token>` header, or undefined. */
export function bearer(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m?.[1];
}
