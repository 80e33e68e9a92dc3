import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { freePort } from '../src/lib/net.js';

const escape = (v: string) =>
  v.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const hash = (v: string) => [...v].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, 7);

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
 * Facebook at the true edge, speaking its protocol: the login dialog (`/dialog/oauth`, `response_type=token`,
 * back to `redirect_uri` with the token in the fragment), and the Graph API: `GET /debug_token?input_token=&access_token=
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
    if (url.pathname === '/v19.0/dialog/oauth') {
      // The login dialog: a person types who they are, and is sent back with a token in the fragment.
      const back = url.searchParams.get('redirect_uri') ?? '';
      const state = url.searchParams.get('state') ?? '';
      if (url.searchParams.get('client_id') !== app.id) return send(400, error('Invalid App ID', 101));
      const email = url.searchParams.get('email');
      if (!email) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        const keep = ['client_id', 'redirect_uri', 'state', 'response_type', 'scope']
          .map((k) => `<input type="hidden" name="${k}" value="${escape(url.searchParams.get(k) ?? '')}">`)
          .join('');
        return res.end(
          `<!doctype html><html lang="en"><title>Log in with Facebook</title><main><h1>Facebook (test double)</h1>` +
            `<form method="get">${keep}<label>Email <input name="email" type="email"></label>` +
            `<button>Continue</button></form><a href="${escape(back)}?error=access_denied&error_reason=user_denied&state=${escape(state)}#_=_">Cancel</a></main></html>`,
        );
      }
      const token = `EAAB${randomBytes(24).toString('hex')}`;
      tokens.set(token, {
        appId: app.id,
        userId: String(Math.abs(hash(email))),
        expiresAt: Math.floor(Date.now() / 1000) + 3600,
        email,
        firstName: 'เฟซบุ๊ก',
        lastName: 'ผู้ใช้',
      });
      res.writeHead(302, {
        location: `${back}#access_token=${token}&data_access_expiration_time=0&expires_in=3600&state=${encodeURIComponent(state)}`,
      });
      return res.end();
    }
    send(404, error('Unknown path', 803));
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    graphUrl: `http://127.0.0.1:${port}/v19.0`,
    dialogUrl: `http://127.0.0.1:${port}/v19.0/dialog/oauth`,
    /** Issues a token as Facebook Login would. */
    issue(token: string, t: FacebookToken) {
      tokens.set(token, t);
      return token;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
