import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { AppError } from '../../lib/errors.js';

const ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

export interface VerifiedIdentity {
  email: string;
  firstName: string;
  lastName: string;
  picture: string | null;
}

/**
 * Verifies a Google ID token: signature against Google's published keys (fetched and cached by jose, the
 * URL is a setting so tests can serve their own), issuer, audience (our client id), expiry, verified e-mail.
 */
export class GoogleVerifier {
  private readonly keys;
  constructor(
    private readonly clientId: string,
    jwksUrl: string,
  ) {
    this.keys = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 5000, cooldownDuration: 30_000 });
  }

  async verify(credential: string): Promise<VerifiedIdentity> {
    let payload: JWTPayload & {
      email?: string;
      email_verified?: boolean | string;
      given_name?: string;
      family_name?: string;
      picture?: string;
      name?: string;
    };
    try {
      ({ payload } = await jwtVerify(credential, this.keys, {
        issuer: ISSUERS,
        audience: this.clientId,
        algorithms: ['RS256'],
      }));
    } catch {
      throw new AppError('INVALID_CREDENTIALS', 401, 'Google sign-in could not be verified');
    }
    const verified = payload.email_verified === true || payload.email_verified === 'true';
    if (!payload.email || !verified) {
      throw new AppError('EMAIL_UNCONFIRMED', 401, 'Your Google account has no verified e-mail address');
    }
    const [first = '', ...rest] = (payload.name ?? '').split(' ');
    return {
      email: payload.email.toLowerCase(),
      firstName: (payload.given_name ?? first).slice(0, 80),
      lastName: (payload.family_name ?? rest.join(' ')).slice(0, 80),
      picture: payload.picture ?? null,
    };
  }
}
