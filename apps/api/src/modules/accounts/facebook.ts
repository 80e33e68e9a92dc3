import { AppError } from '../../lib/errors.js';
import type { VerifiedIdentity } from './google.js';

const refused = (message = 'This Facebook sign-in is not valid; please try again') =>
  new AppError('UNAUTHORIZED', 401, message);

type DebugToken = {
  data?: { app_id?: string; is_valid?: boolean; expires_at?: number; user_id?: string; error?: unknown };
};
type Me = { id?: string; email?: string; first_name?: string; last_name?: string; name?: string };

/**
 * Verifies a Facebook user access token with the Graph API: `debug_token` (with the app's own token) says it
 * was issued to this app, for which user, and that it is valid and unexpired; then `/me` gives that user's
 * name and e-mail. Facebook shares only a confirmed e-mail: none means no sign-in.
 */
export class FacebookVerifier {
  constructor(
    private readonly cfg: { appId: string; appSecret: string; graphUrl: string },
    private readonly timeoutMs = 5000,
  ) {}

  private async graph<T>(path: string, params: Record<string, string>): Promise<T> {
    const url = `${this.cfg.graphUrl}${path}?${new URLSearchParams(params)}`;
    let res: Response;
    try {
      res = await fetch(url, { signal: AbortSignal.timeout(this.timeoutMs) });
    } catch {
      throw new AppError('SERVICE_UNAVAILABLE', 502, 'Facebook did not answer; please try again');
    }
    if (res.status >= 500)
      throw new AppError('SERVICE_UNAVAILABLE', 502, 'Facebook did not answer; please try again');
    if (!res.ok) throw refused();
    return (await res.json()) as T;
  }

  async verify(accessToken: string, now = Date.now()): Promise<VerifiedIdentity> {
    const appToken = `${this.cfg.appId}|${this.cfg.appSecret}`;
    const debug = (
      await this.graph<DebugToken>('/debug_token', { input_token: accessToken, access_token: appToken })
    ).data;
    if (!debug?.is_valid || debug.app_id !== this.cfg.appId || !debug.user_id) throw refused();
    // 0 means a token that does not expire (long-lived page tokens); a user token always has an expiry.
    if (!debug.expires_at || debug.expires_at * 1000 <= now)
      throw refused('This Facebook sign-in has expired');
    const me = await this.graph<Me>('/me', {
      fields: 'id,email,first_name,last_name,name',
      access_token: accessToken,
    });
    if (me.id !== debug.user_id) throw refused();
    if (!me.email)
      throw new AppError(
        'EMAIL_UNCONFIRMED',
        401,
        'Facebook did not share a confirmed e-mail address; sign in another way',
      );
    return {
      email: me.email.toLowerCase(),
      firstName: me.first_name || me.name || me.email.split('@')[0]!,
      lastName: me.last_name ?? '',
      picture: null,
    };
  }
}
