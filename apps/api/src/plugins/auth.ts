import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.js';
import { AppError, unauthorized } from '../lib/errors.js';
import { bearer, TokenSigner } from '../lib/tokens.js';

type Role = 'learner' | 'instructor' | 'admin';

/**
 * Knows whether a session is still live. Revocation takes effect at once in this process and within
 * SESSION_CACHE_SECONDS in the others (PRODUCT.md section 3: seconds, not hours).
 */
type Entry = { userId: string; role: Role; until: number };

export class SessionGuard {
  private readonly cache = new Map<string, Entry>();
  /** Lookups under way: concurrent requests of one session share one query. */
  private readonly inflight = new Map<string, Promise<Entry | undefined>>();
  /** Bumped by every revocation, so that a lookup that started before it is not cached after it. */
  private epoch = 0;

  constructor(
    private readonly db: Db,
    private readonly cacheMs: number,
  ) {}

  /** The role of the session's user while the session is live, else undefined. */
  async liveRole(sessionId: string, userId: string): Promise<Role | undefined> {
    const hit = this.cache.get(sessionId);
    const entry = hit && hit.until > Date.now() ? hit : await this.lookup(sessionId);
    return entry && entry.userId === userId ? entry.role : undefined;
  }

  private lookup(sessionId: string): Promise<Entry | undefined> {
    let pending = this.inflight.get(sessionId);
    if (!pending) {
      pending = this.query(sessionId).finally(() => this.inflight.delete(sessionId));
      this.inflight.set(sessionId, pending);
    }
    return pending;
  }

  private async query(sessionId: string): Promise<Entry | undefined> {
    const epoch = this.epoch;
    // A named prepared statement on the pool: planned once per connection (this is the hot path).
    const { rows } = await this.db.$client.query<{ user_id: string; role: Role; stale: boolean }>({
      name: 'session_live',
      text: `select s.user_id, u.role, s.last_used_at < now() - interval '10 minutes' as stale
             from sessions s join users u on u.id = s.user_id
             where s.id = $1 and s.revoked_at is null and s.expires_at > now() and u.deleted_at is null`,
      values: [sessionId],
    });
    const row = rows[0];
    if (!row) {
      this.cache.delete(sessionId);
      return undefined;
    }
    // "Last used" on the account page, to the nearest ten minutes, without a write per request.
    if (row.stale) {
      this.db.$client
        .query({
          name: 'session_touch',
          text: 'update sessions set last_used_at = now() where id = $1',
          values: [sessionId],
        })
        .catch(() => {});
    }
    const entry = { userId: row.user_id, role: row.role, until: Date.now() + this.cacheMs };
    if (this.cacheMs > 0 && epoch === this.epoch) {
      if (this.cache.size > 100_000) this.cache.clear();
      this.cache.set(sessionId, entry);
    }
    return entry;
  }

  /** Called after sessions are revoked: this process stops accepting them at once. */
  forget(sessionIds: Iterable<string>) {
    this.epoch++;
    for (const id of sessionIds) {
      this.cache.delete(id);
      this.inflight.delete(id);
    }
  }
}

export const authPlugin = fp(
  async (app: FastifyInstance) => {
    const signer = new TokenSigner(app.config.jwtSecret, app.config.accessTokenTtl);
    const guard = new SessionGuard(app.db, app.config.sessionCacheSeconds * 1000);
    app.decorate('signer', signer);
    app.decorate('sessions', guard);
    app.decorateRequest('auth', undefined as unknown as FastifyRequest['auth']);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = bearer(request.headers.authorization);
      if (!token) throw unauthorized();
      const claims = signer.verifyAccess(token);
      const role = await guard.liveRole(claims.sid, claims.sub);
      if (!role) throw new AppError('SESSION_REVOKED', 401, 'This session has ended; please sign in again');
      request.auth = { userId: claims.sub, sessionId: claims.sid, role };
    });
  },
  { name: 'auth' },
);

declare module 'fastify' {
  interface FastifyInstance {
    signer: TokenSigner;
  }
}
