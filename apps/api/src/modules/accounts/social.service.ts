import { createHash } from 'node:crypto';
import type { Device, LoginAnswer, OidcAuthBody, OidcAuthorizeAnswer, OidcProvider } from '@rianroo/contract';
import type { Config } from '../../config.js';
import { transaction, type Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../lib/errors.js';
import { randomToken, uuidv7 } from '../../lib/ids.js';
import type { ClientMeta } from '../../lib/request.js';
import type { Limiter } from '../../plugins/rate-limit.js';
import type { AccountRecords } from './account-records.js';
import type { AuthService } from './auth.service.js';
import { joinByEmailDomain, joinBySsoProvider } from '../organisations/index.js';
import { findUserByEmail, insertUser, updateUser } from './users.repo.js';
import { FacebookVerifier } from './facebook.js';
import { GoogleVerifier, type VerifiedIdentity } from './google.js';
import { OidcClient } from './oidc.js';
import { savePendingLogin, takePendingLogin } from './oidc-logins.repo.js';

/** A sign-in started and not finished within this long must be started again. */
const PENDING_MINUTES = 10;

export interface SocialDeps {
  db: Db;
  config: Pick<
    Config,
    'googleClientId' | 'googleJwksUrl' | 'facebook' | 'oidc' | 'publicUrl' | 'corsOrigins'
  >;
  limiter: Limiter;
  records: AccountRecords;
}

/** Social sign-in: a verified e-mail that matches an account signs into it; otherwise an account is created. */
export class SocialService {
  private readonly googleVerifier?: GoogleVerifier;
  private readonly facebookVerifier?: FacebookVerifier;
  private readonly oidc = new Map<OidcProvider, OidcClient>();

  constructor(
    private readonly deps: SocialDeps,
    private readonly auth: AuthService,
  ) {
    const { googleClientId, googleJwksUrl } = deps.config;
    if (googleClientId) this.googleVerifier = new GoogleVerifier(googleClientId, googleJwksUrl);
    if (deps.config.facebook) this.facebookVerifier = new FacebookVerifier(deps.config.facebook);
    for (const [name, settings] of Object.entries(deps.config.oidc)) {
      if (settings) this.oidc.set(name as OidcProvider, new OidcClient(name, settings));
    }
  }

  private oidcClient(provider: OidcProvider) {
    const client = this.oidc.get(provider);
    if (!client) throw new AppError('NOT_FOUND', 404, 'This sign-in is not offered on this platform');
    return client;
  }

  /** The provider's page comes back only to this platform's own `/login/{provider}` page. */
  private checkRedirect(provider: OidcProvider, redirectUri: string) {
    const url = new URL(redirectUri);
    const ours = [new URL(this.deps.config.publicUrl).origin, ...this.deps.config.corsOrigins];
    if (!ours.includes(url.origin) || url.pathname !== `/login/${provider}` || url.search || url.hash) {
      throw new AppError('BAD_REQUEST', 400, 'This return address is not one of this platform’s pages');
    }
  }

  /** Step one: state and nonce are chosen here and kept with the browser's PKCE challenge. */
  async oidcAuthorize(
    provider: OidcProvider,
    body: { redirectUri: string; codeChallenge: string },
    meta: ClientMeta,
  ): Promise<OidcAuthorizeAnswer> {
    const client = this.oidcClient(provider);
    this.checkRedirect(provider, body.redirectUri);
    await this.deps.limiter.consume(`social:ip:${meta.ip}`, 60, 300);
    const state = randomToken();
    const nonce = randomToken();
    const url = await client.authorizationUrl({ ...body, state, nonce });
    await savePendingLogin(this.deps.db, {
      state,
      provider,
      nonce,
      codeChallenge: body.codeChallenge,
      redirectUri: body.redirectUri,
      expiresAt: new Date(Date.now() + PENDING_MINUTES * 60_000),
    });
    return { url, state };
  }

  /**
   * Step two: the state must be one this platform started for this provider and not yet used, the
   * verifier must answer its challenge and the return address must be the one it started with; then the
   * provider redeems the code and its ID token is checked (audience, issuer, nonce, signature, expiry).
   */
  async oidcSignIn(provider: OidcProvider, body: OidcAuthBody, meta: ClientMeta): Promise<LoginAnswer> {
    const client = this.oidcClient(provider);
    await this.deps.limiter.consume(`social:ip:${meta.ip}`, 60, 300);
    const pending = await takePendingLogin(this.deps.db, provider, body.state);
    const challenge = createHash('sha256').update(body.codeVerifier).digest('base64url');
    if (!pending || pending.codeChallenge !== challenge || pending.redirectUri !== body.redirectUri) {
      throw client.refused();
    }
    const identity = await client.complete({ ...body, nonce: pending.nonce });
    return this.signIn(identity, body.device, meta, provider);
  }

  async facebook(accessToken: string, device: Device, meta: ClientMeta): Promise<LoginAnswer> {
    if (!this.facebookVerifier)
      throw new AppError('NOT_FOUND', 404, 'Facebook sign-in is not offered on this platform');
    await this.deps.limiter.consume(`social:ip:${meta.ip}`, 60, 300);
    return this.signIn(await this.facebookVerifier.verify(accessToken), device, meta);
  }

  async google(credential: string, device: Device, meta: ClientMeta): Promise<LoginAnswer> {
    if (!this.googleVerifier)
      throw new AppError('NOT_FOUND', 404, 'Google sign-in is not offered on this platform');
    await this.deps.limiter.consume(`social:ip:${meta.ip}`, 60, 300);
    return this.signIn(await this.googleVerifier.verify(credential), device, meta);
  }

  /**
   * The provider confirmed the address, so the account's address counts as confirmed too; the learner then
   * joins the partner's organisation (partner sign-in) or the one of their e-mail domain.
   */
  private async signIn(
    identity: VerifiedIdentity,
    device: Device,
    meta: ClientMeta,
    provider?: OidcProvider,
  ) {
    const existing = await findUserByEmail(this.deps.db, identity.email);
    const user =
      existing ??
      // A new account starts with the mail choices on record. The terms are not accepted yet: the web asks
      // before anything else (GET /api/users/legal-status).
      (await transaction(this.deps.db, async (tx) => {
        const created = await insertUser(tx, {
          id: uuidv7(),
          email: identity.email,
          firstName: identity.firstName,
          lastName: identity.lastName,
          profileImage: identity.picture,
          emailVerifiedAt: new Date(),
        });
        await this.deps.records.created(tx, created, meta, false);
        return created;
      }).catch(async (err: unknown) => {
        if (!isUniqueViolation(err)) throw err;
        // Two first sign-ins at once: the other one created the account. Or the address is a closed account's,
        // which it stays (409 ALREADY_EXISTS, as registration answers).
        const created = await findUserByEmail(this.deps.db, identity.email);
        if (!created) throw new AppError('ALREADY_EXISTS', 409, 'An account with this e-mail already exists');
        return created;
      }));
    if (!user.emailVerifiedAt) {
      // Sign-up by password does not confirm the address, so whoever chose that password never proved the
      // mailbox (someone may have signed up with another's address first, waiting for the owner to come). The
      // provider has now proved it: the password goes, with every session it opened; the owner sets a new one by
      // the reset link if they want one.
      await updateUser(this.deps.db, user.id, {
        emailVerifiedAt: new Date(),
        ...(user.passwordHash ? { passwordHash: null, credentialsChangedAt: new Date() } : {}),
      });
      if (user.passwordHash) await this.auth.endAllSessions(user.id, 'address-confirmed-by-provider');
    }
    if (provider) await joinBySsoProvider(this.deps.db, user.id, provider);
    await joinByEmailDomain(this.deps.db, user.id);
    return this.auth.startSession(user, device, meta);
  }
}
