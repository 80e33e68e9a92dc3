import { decodeJwt, exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';
import type { Server } from 'node:http';
import { freePort } from '../src/lib/net.js';

/** What the identity server says of a person (OpenID Connect standard claims). */
export interface OidcPerson {
  email?: string;
  email_verified?: boolean;
  name?: string;
  given_name?: string;
  family_name?: string;
}

/**
 * A partner's identity server at the true edge: a real OpenID Connect provider (`oidc-provider`) on
 * 127.0.0.1, with confidential clients (one may be LINE-like: HS256 ID tokens), PKCE required, and its development login form (any login name,
 * any password; the login name is the person's subject and, by default, their confirmed e-mail). The
 * consent step is skipped as a partner's first-party login would. `tamperNextIdToken` makes the next token
 * answer carry an ID token the client must refuse (another audience, another nonce, a foreign key).
 */
export async function startOidcDouble(
  clients: { id: string; secret: string; redirectUris: string[]; idTokenAlg?: 'RS256' | 'HS256' }[],
) {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'double-key', alg: 'RS256', use: 'sig' } as JWK;
  const people = new Map<string, OidcPerson>();
  let tamper: { claims?: Record<string, unknown>; foreignKey?: boolean } | undefined;

  const provider = new Provider(issuer, {
    clients: clients.map((c) => ({
      client_id: c.id,
      client_secret: c.secret,
      redirect_uris: c.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
      // LINE signs a web login's ID token with the channel secret.
      id_token_signed_response_alg: c.idTokenAlg ?? 'RS256',
    })),
    jwks: { keys: [jwk] },
    enabledJWA: { idTokenSigningAlgValues: ['RS256', 'HS256'] },
    cookies: { keys: ['oidc-double-cookie-key'] },
    pkce: { required: () => true },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    // The claims of the scopes asked for go into the ID token, as Google's and LINE's do.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    ttl: {
      AuthorizationCode: 60,
      Interaction: 600,
      Session: 600,
      Grant: 600,
      AccessToken: 600,
      IdToken: 600,
    },
    findAccount: (_ctx: KoaContextWithOIDC, sub: string) => ({
      accountId: sub,
      claims: () => ({
        sub,
        ...(sub.includes('@') ? { email: sub, email_verified: true } : {}),
        name: 'ผู้ใช้ พาร์ทเนอร์',
        given_name: 'ผู้ใช้',
        family_name: 'พาร์ทเนอร์',
        ...people.get(sub),
      }),
    }),
    // A first-party login: no consent screen.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });

  provider.use(async (ctx, next) => {
    await next();
    if (ctx.path !== '/token' || !tamper || ctx.status !== 200) return;
    const body = ctx.body as { id_token?: string };
    if (!body.id_token) return;
    const claims = { ...decodeJwt(body.id_token), ...tamper.claims };
    const key = tamper.foreignKey ? (await generateKeyPair('RS256')).privateKey : privateKey;
    body.id_token = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'double-key' })
      .sign(key);
    tamper = undefined;
  });

  const server: Server = provider.listen(port, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  return {
    issuer,
    /** Sets what the server says of the person who logs in as `sub`. */
    person(sub: string, claims: OidcPerson) {
      people.set(sub, claims);
    },
    tamperNextIdToken(t: { claims?: Record<string, unknown>; foreignKey?: boolean }) {
      tamper = t;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Goes through the provider's pages as a browser would, without one: the authorization URL, the login form
 * (login name = subject), and back; answers the `code`, `state` and `iss` the provider sent to the
 * redirect URI (or the error it sent there).
 */
export async function loginAtDouble(authorizationUrl: string, login: string) {
  const cookies = new Map<string, string>();
  const jar = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      cookies.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
  };
  let url = authorizationUrl;
  let body: URLSearchParams | undefined;
  for (let hop = 0; hop < 12; hop++) {
    const res = await fetch(url, {
      method: body ? 'POST' : 'GET',
      body,
      headers: { cookie: jar() },
      redirect: 'manual',
    });
    keep(res);
    body = undefined;
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.origin !== new URL(authorizationUrl).origin) return Object.fromEntries(next.searchParams);
      url = next.toString();
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action || !html.includes('name="login"'))
      throw new Error(
        `unexpected page ${res.status}: ${html
          .replace(/<style[\s\S]*?<\/style>/g, '')
          .replace(/<[^>]+>/g, ' ')
          .replace(/\s+/g, ' ')
          .slice(0, 400)}`,
      );
    url = new URL(action.replace(/&amp;/g, '&'), url).toString();
    body = new URLSearchParams({ prompt: 'login', login, password: 'any' });
  }
  throw new Error('too many redirects');
}
