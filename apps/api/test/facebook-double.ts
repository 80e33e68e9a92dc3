import { createServer, type Server } from 'node:http';
import { freePort } from './global-setup.js';

/** A user of the double: the token Facebook would have given the browser, and what the Graph API says of it. */
export interface FacebookToken {
  appId: string;
  userId: string;
  /** Seconds since the epoch. */
  expiresAt: number;
  valid?: boolean;
  email?: string;
  firstName?: string;
  lastName?: string;
}

/**
 * Facebook's Graph API at the true edge, speaking its protocol: `GET /debug_token?input_token=&access_token=
 * {app-id}|{app-secret}` and `GET /me?fields=&access_token=`, with Graph's error shape for bad tokens.
 */
export async function startGraphDouble(app: { id: string; secret: string }) {
  const tokens = new Map<string, FacebookToken>();
  const error = (message: string, code = 190) => ({ error: { message, type: 'OAuthException', code } });
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://graph');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/v19.0/debug_token') {
      if (url.searchParams.get('access_token') !== `${app.id}|${app.secret}`)
        return send(400, error('Invalid OAuth access token signature.'));
      const t = tokens.get(url.searchParams.get('input_token') ?? '');
      if (!t) return send(200, { data: { is_valid: false, error: { code: 190, message: 'Invalid token' } } });
      return send(200, {
        data: {
          app_id: t.appId,
          type: 'USER',
          application: 'Rianroo',
          expires_at: t.expiresAt,
          is_valid: (t.valid ?? true) && t.expiresAt * 1000 > Date.now(),
          scopes: ['email', 'public_profile'],
          user_id: t.userId,
        },
      });
    }
    if (url.pathname === '/v19.0/me') {
      const t = tokens.get(url.searchParams.get('access_token') ?? '');
      if (!t || t.expiresAt * 1000 <= Date.now()) return send(400, error('Error validating access token'));
      return send(200, {
        id: t.userId,
        name: `${t.firstName ?? ''} ${t.lastName ?? ''}`.trim(),
        first_name: t.firstName,
        last_name: t.lastName,
        ...(t.email ? { email: t.email } : {}),
      });
    }
    send(404, error('Unknown path', 803));
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    graphUrl: `http://127.0.0.1:${port}/v19.0`,
    /** Issues a token as Facebook Login would. */
    issue(token: string, t: FacebookToken) {
      tokens.set(token, t);
      return token;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
