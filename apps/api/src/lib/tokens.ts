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

  async verifyAccess(token: string): Promise<AccessClaims> {
    const payload = await this.verify(token, 'access');
    if (typeof payload.sid !== 'string' || typeof payload.sub !== 'string') throw invalid();
    return { sub: payload.sub, sid: payload.sid };
  }

  signPartial(claims: PartialClaims, ttlSeconds = 600): Promise<string> {
    return new SignJWT({ device: claims.device, ua: claims.ua })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuer(ISSUER)
      .setAudience('partial-login')
      .setIssuedAt()
      .setExpirationTime(`${ttlSeconds}s`)
      .sign(this.key);
  }

  async verifyPartial(token: string): Promise<PartialClaims> {
    const p = await this.verify(token, 'partial-login');
    return {
      sub: p.sub as string,
      device: p.device as PartialClaims['device'],
      ua: (p.ua as string) ?? null,
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
