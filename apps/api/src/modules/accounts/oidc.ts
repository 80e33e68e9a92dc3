import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify, type JWTPayload } from 'jose';
import * as client from 'openid-client';
import type { OidcSettings } from '../../config.js';
import { AppError } from '../../lib/errors.js';
import type { VerifiedIdentity } from './google.js';

type Claims = JWTPayload & {
  email?: string;
  email_verified?: boolean | string;
  given_name?: string;
  family_name?: string;
  name?: string;
  picture?: string;
};

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * One OpenID Connect provider (the partner's, LINE): authorization code flow with PKCE through
 * `openid-client`, which checks the answer's state and issuer, redeems the code with the verifier and checks
 * the ID token's issuer, audience, expiry and nonce; the ID token's signature is then checked here too
 * (the provider's published keys, or the client secret for an HS256 token as LINE signs them).
 */
export class OidcClient {
  private config?: Promise<client.Configuration>;
  private keys?: ReturnType<typeof createRemoteJWKSet>;

  constructor(
    readonly name: string,
    private readonly settings: OidcSettings,
    private readonly timeoutSeconds = 5,
  ) {}

  private unavailable() {
    return new AppError(
      'SERVICE_UNAVAILABLE',
      502,
      `${this.settings.label} did not answer; please try again`,
    );
  }

  refused(message = `This ${this.settings.label} sign-in is not valid; please try again`) {
    return new AppError('UNAUTHORIZED', 401, message);
  }

  /** Discovery once; a failed discovery is tried again by the next sign-in. */
  private discover(): Promise<client.Configuration> {
    this.config ??= (async () => {
      const issuer = new URL(this.settings.issuer);
      const metadata: Partial<client.ClientMetadata> = { client_secret: this.settings.clientSecret };
      if (this.settings.idTokenAlg) metadata.id_token_signed_response_alg = this.settings.idTokenAlg;
      return client.discovery(issuer, this.settings.clientId, metadata, undefined, {
        timeout: this.timeoutSeconds,
        // Plain http only for a provider on this machine (tests, a local identity server).
        execute:
          issuer.protocol === 'http:' && LOOPBACK.has(issuer.hostname) ? [client.allowInsecureRequests] : [],
      });
    })().catch((err: unknown) => {
      this.config = undefined;
      throw err;
    });
    return this.config.catch(() => {
      throw this.unavailable();
    });
  }

  async authorizationUrl(p: { redirectUri: string; codeChallenge: string; state: string; nonce: string }) {
    const config = await this.discover();
    return client
      .buildAuthorizationUrl(config, {
        redirect_uri: p.redirectUri,
        scope: this.settings.scope,
        code_challenge: p.codeChallenge,
        code_challenge_method: 'S256',
        state: p.state,
        nonce: p.nonce,
      })
      .toString();
  }

  /** Redeems the code; any refusal by the provider or any check that fails is a 401 in our words. */
  async complete(p: {
    code: string;
    codeVerifier: string;
    redirectUri: string;
    state: string;
    iss?: string;
    nonce: string;
  }): Promise<VerifiedIdentity> {
    const config = await this.discover();
    const callback = new URL(p.redirectUri);
    callback.searchParams.set('code', p.code);
    callback.searchParams.set('state', p.state);
    if (p.iss) callback.searchParams.set('iss', p.iss);
    let idToken: string | undefined;
    try {
      const tokens = await client.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: p.codeVerifier,
        expectedState: p.state,
        expectedNonce: p.nonce,
        idTokenExpected: true,
      });
      idToken = tokens.id_token;
    } catch (err) {
      if (err instanceof TypeError || (err as { name?: string }).name === 'TimeoutError')
        throw this.unavailable();
      throw this.refused();
    }
    if (!idToken) throw this.refused();
    return this.identity(await this.verifySignature(config, idToken));
  }

  private async verifySignature(config: client.Configuration, idToken: string): Promise<Claims> {
    const meta = config.serverMetadata();
    const options = { issuer: meta.issuer, audience: this.settings.clientId, clockTolerance: 30 };
    try {
      const { alg } = decodeProtectedHeader(idToken);
      if (alg?.startsWith('HS')) {
        const secret = new TextEncoder().encode(this.settings.clientSecret);
        return (await jwtVerify<Claims>(idToken, secret, { ...options, algorithms: ['HS256'] })).payload;
      }
      if (!meta.jwks_uri) throw new Error('no jwks_uri');
      this.keys ??= createRemoteJWKSet(new URL(meta.jwks_uri), {
        timeoutDuration: this.timeoutSeconds * 1000,
        cooldownDuration: 30_000,
      });
      return (await jwtVerify<Claims>(idToken, this.keys, options)).payload;
    } catch {
      throw this.refused();
    }
  }

  private identity(claims: Claims): VerifiedIdentity {
    const verified =
      this.settings.trustEmail || claims.email_verified === true || claims.email_verified === 'true';
    if (!claims.email || !verified) {
      throw new AppError(
        'EMAIL_UNCONFIRMED',
        401,
        `${this.settings.label} did not share a confirmed e-mail address; sign in another way`,
      );
    }
    const [first = '', ...rest] = (claims.name ?? '').split(' ');
    const email = claims.email.toLowerCase();
    return {
      email,
      firstName: (claims.given_name || first || email.split('@')[0]!).slice(0, 80),
      lastName: (claims.family_name ?? rest.join(' ')).slice(0, 80),
      picture:
        typeof claims.picture === 'string' && claims.picture.startsWith('https://') ? claims.picture : null,
    };
  }
}
