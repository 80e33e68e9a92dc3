import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.js';
import { sessions, users } from '../db/schema.js';
import { AppError, unauthorized } from '../lib/errors.js';
import { bearer, TokenSigner } from '../lib/tokens.js';

type Role = 'learner' | 'instructor' | 'admin';

/**
 * Knows whether a session is still live. Revocation takes effect at once in this process and within
 * SESSION_CACHE_SECONDS in the others (PRODUCT.md section 3: seconds, not hours).
 */
export class SessionGuard {
  private readonly cache = new Map<string, { userId: string; role: Role; until: number }>();
  constructor(
    private readonly db: Db,
    private readonly cacheMs: number,
  ) {}

  /** The role of the session's user while the session is live, else undefined. */
  async liveRole(sessionId: string, userId: string): Promise<Role | undefined> {
    const now = Date.now();
    const hit = this.cache.get(sessionId);
    if (hit && hit.until > now) return hit.userId === userId ? hit.role : undefined;
    const [row] = await this.db
      .select({ userId: sessions.userId, role: users.role })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.id, sessionId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, new Date()),
          isNull(users.deletedAt),
        ),
      )
      .limit(1);
    if (!row) {
      this.cache.delete(sessionId);
      return undefined;
    }
    if (this.cacheMs > 0) {
      if (this.cache.size > 50_000) this.cache.clear();
      this.cache.set(sessionId, { userId: row.userId, role: row.role, until: now + this.cacheMs });
    }
    return row.userId === userId ? row.role : undefined;
  }

  forget(sessionIds: Iterable<string>) {
    for (const id of sessionIds) this.cache.delete(id);
  }

  forgetUser(userId: string) {
    for (const [id, v] of this.cache) if (v.userId === userId) this.cache.delete(id);
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
      const claims = await signer.verifyAccess(token);
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
