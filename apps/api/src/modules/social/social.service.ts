import type { Device, LoginAnswer } from '@rianroo/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.js';
import { uuidv7 } from '../../lib/ids.js';
import type { AuthService, ClientMeta } from '../auth/auth.service.js';
import { findUserByEmail, insertUser } from '../users/users.repo.js';
import { FacebookVerifier } from './facebook.js';
import { GoogleVerifier, type VerifiedIdentity } from './google.js';

/** Social sign-in: a verified e-mail that matches an account signs into it; otherwise an account is created. */
export class SocialService {
  private readonly googleVerifier?: GoogleVerifier;
  private readonly facebookVerifier?: FacebookVerifier;

  constructor(
    private readonly app: FastifyInstance,
    private readonly auth: AuthService,
  ) {
    const { googleClientId, googleJwksUrl } = app.config;
    if (googleClientId) this.googleVerifier = new GoogleVerifier(googleClientId, googleJwksUrl);
    if (app.config.facebook) this.facebookVerifier = new FacebookVerifier(app.config.facebook);
  }

  async facebook(accessToken: string, device: Device, meta: ClientMeta): Promise<LoginAnswer> {
    if (!this.facebookVerifier)
      throw new AppError('NOT_FOUND', 404, 'Facebook sign-in is not offered on this platform');
    await this.app.limiter.consume(`social:ip:${meta.ip}`, 60, 300);
    return this.signIn(await this.facebookVerifier.verify(accessToken), device, meta);
  }

  async google(credential: string, device: Device, meta: ClientMeta): Promise<LoginAnswer> {
    if (!this.googleVerifier)
      throw new AppError('NOT_FOUND', 404, 'Google sign-in is not offered on this platform');
    await this.app.limiter.consume(`social:ip:${meta.ip}`, 60, 300);
    return this.signIn(await this.googleVerifier.verify(credential), device, meta);
  }

  private async signIn(identity: VerifiedIdentity, device: Device, meta: ClientMeta) {
    const existing = await findUserByEmail(this.app.db, identity.email);
    const user =
      existing ??
      (await insertUser(this.app.db, {
        id: uuidv7(),
        email: identity.email,
        firstName: identity.firstName,
        lastName: identity.lastName,
        profileImage: identity.picture,
        emailVerifiedAt: new Date(),
      }).catch(async (err: { code?: string }) => {
        // Two first sign-ins at once: the other one created the account.
        if (err.code === '23505') return (await findUserByEmail(this.app.db, identity.email))!;
        throw err;
      }));
    return this.auth.startSession(user, device, meta);
  }
}
