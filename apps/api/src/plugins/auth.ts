import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { EventEmitter } from 'node:events';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.js';
import { AppError, forbidden, unauthorized } from '../lib/errors.js';
import { listenToChannels } from '../lib/pg-listen.js';
import { TickBatcher } from '../lib/tick-batcher.js';
import { bearer, TokenSigner } from '../lib/tokens.js';

type Role = 'learner' | 'instructor' | 'admin';

/**
 * Knows whether a session is still live. Revocation takes effect at once in every API process: the
 * database notifies each one (LISTEN/NOTIFY, from a trigger on sessions) when the revoking transaction
 * commits, and the process drops the session from its cache. While that notification channel is down,
 * nothing is served from the cache. SESSION_CACHE_SECONDS bounds how long an entry lives regardless, and so
 * does the session's own expiry.
 */
type Entry = { userId: string; role: Role; until: number };

/** Live sessions and their users' roles (the hot path of every authenticated request), several at once. */
export const SESSIONS_LIVE = `select s.id, s.user_id, u.role, s.expires_at, s.last_used_at < now() - interval '10 minutes' as stale
             from sessions s join users u on u.id = s.user_id
             where s.id = any($1::uuid[]) and s.revoked_at is null and s.expires_at > now() and u.deleted_at is null`;

/**
 * The sessions used in the last 20 minutes ("last used" is kept to the nearest ten), with their users' roles:
 * the learners active when a process starts.
 */
export const SESSIONS_RECENT = `select s.id, s.user_id, u.role, s.expires_at
             from sessions s join users u on u.id = s.user_id
             where s.last_used_at > now() - interval '20 minutes' and s.revoked_at is null and s.expires_at > now()
               and u.deleted_at is null
             order by s.last_used_at desc limit $1`;

/** "Last used" of the sessions seen, several at once (after a restart every session is due at once). */
export const SESSIONS_TOUCH = 'update sessions set last_used_at = now() where id = any($1::uuid[])';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type LiveRow = { id: string; user_id: string; role: Role; expires_at: Date; stale: boolean };

export class SessionGuard extends EventEmitter {
  /** Sessions cached at most (beyond it the cache starts again empty). */
  static readonly CACHE_MAX = 100_000;
  private readonly cache = new Map<string, Entry>();
  /** Lookups under way: concurrent requests of one session share one query. */
  private readonly inflight = new Map<string, Promise<Entry | undefined>>();
  /** Bumped by every revocation, so that a lookup that started before it is not cached after it. */
  private epoch = 0;

  /** Whether revocations are being heard; when not, the cache is not trusted. */
  private listening = false;

  constructor(
    private readonly db: Db,
    private readonly cacheMs: number,
  ) {
    super();
  }

  /** Sessions of the warm-up before the listener opens (warm-up.ts): in no table, admitted only meanwhile. */
  private readonly warmUps = new Map<string, Entry>();

  /** Admits a session that exists nowhere, as a learner's, until `end()` (warm-up.ts, before listening). */
  admitForWarmUp(sessionId: string, userId: string) {
    this.warmUps.set(sessionId, { userId, role: 'learner', until: Infinity });
    return { end: () => void this.warmUps.delete(sessionId) };
  }

  /** The role of the session's user while the session is live, else undefined. */
  async liveRole(sessionId: string, userId: string): Promise<Role | undefined> {
    const hit = this.warmUps.get(sessionId) ?? (this.listening ? this.cache.get(sessionId) : undefined);
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

  /** The lookups of one turn of the event loop, in one query (a named statement, planned once per connection). */
  private readonly live = new TickBatcher<string, LiveRow>(async (ids) => {
    // Our own signed tokens carry the ids; anything else would only spoil the others' query.
    const valid = ids.filter((id) => UUID.test(id));
    if (!valid.length) return new Map();
    const { rows } = await this.db.$client.query<LiveRow>({
      name: 'sessions_live',
      text: SESSIONS_LIVE,
      values: [valid],
    });
    return new Map(rows.map((r) => [r.id, r]));
  });

  private touching = new Set<string>();
  private touchTimer: NodeJS.Timeout | undefined;

  /**
   * "Last used" is kept to the nearest ten minutes; the sessions to touch are gathered for a second and
   * written in one statement (after a restart every session is due at once, and one write each would
   * crowd out the learners' own writes).
   */
  private touch(sessionId: string) {
    this.touching.add(sessionId);
    this.touchTimer ??= setTimeout(() => {
      const ids = [...this.touching];
      this.touching.clear();
      this.touchTimer = undefined;
      this.db.$client
        .query({
          name: 'sessions_touch',
          text: SESSIONS_TOUCH,
          values: [ids],
        })
        .catch(() => {});
    }, 1000).unref();
  }

  private async query(sessionId: string): Promise<Entry | undefined> {
    const epoch = this.epoch;
    const row = await this.live.get(sessionId);
    if (!row) {
      this.cache.delete(sessionId);
      return undefined;
    }
    // "Last used" on the account page, to the nearest ten minutes, without a write per request.
    if (row.stale) this.touch(sessionId);
    const entry = this.entry(row, Date.now());
    if (this.cacheMs > 0 && epoch === this.epoch) {
      if (this.cache.size > SessionGuard.CACHE_MAX) this.cache.clear();
      this.cache.set(sessionId, entry);
    }
    return entry;
  }

  /**
   * A live session's cache entry: trusted for SESSION_CACHE_SECONDS (or the given share of it), and never past
   * the session's expiry.
   */
  private entry(row: Omit<LiveRow, 'stale'>, now: number, share = 1): Entry {
    return {
      userId: row.user_id,
      role: row.role,
      until: Math.min(now + this.cacheMs * share, row.expires_at.getTime()),
    };
  }

  /**
   * Before the listener opens: the sessions in use lately go into the cache, so that the first request of each
   * learner watching when the process (re)starts does not wait on a lookup, thousands in the same second. Only
   * while revocations are heard (a revocation after the read reaches the cache; one during it voids the read).
   */
  async preload(limit = SessionGuard.CACHE_MAX): Promise<number> {
    if (!this.listening || this.cacheMs <= 0) return 0;
    const epoch = this.epoch;
    const { rows } = await this.db.$client.query<Omit<LiveRow, 'stale'>>(SESSIONS_RECENT, [limit]);
    if (epoch !== this.epoch || !this.listening) return 0;
    // Their expiries spread over the second half of the cache's time: all at once, every preloaded learner's next
    // request would need a lookup in the same moment.
    const now = Date.now();
    rows.forEach((r, i) => this.cache.set(r.id, this.entry(r, now, 0.5 + (0.5 * i) / rows.length)));
    return rows.length;
  }

  /** Called after sessions are revoked: this process stops accepting them at once. */
  forget(sessionIds: Iterable<string>) {
    this.epoch++;
    for (const id of sessionIds) {
      this.cache.delete(id);
      this.inflight.delete(id);
    }
  }

  /** A user's access changed (deleted, another role): their cached sessions are looked up afresh. */
  forgetUser(userId: string) {
    this.forget([...this.cache].filter(([, e]) => e.userId === userId).map(([id]) => id));
  }

  /**
   * Hears revocations from every process. Reconnects with backoff when the connection drops; the cache
   * is emptied and bypassed until it is back, since notifications may have been missed meanwhile. Emits
   * 'down' and 'up' as the connection drops and comes back, 'revoked' for each revocation heard.
   */
  listen(connectionString: string, log: FastifyBaseLogger) {
    return listenToChannels({
      connectionString,
      applicationName: 'rianroo-sessions',
      channels: ['session_revoked', 'user_access_changed'],
      log,
      onNotification: (channel, payload) => {
        if (channel === 'session_revoked') this.forget([payload]);
        else this.forgetUser(payload);
        this.emit('revoked', payload);
      },
      onUp: () => {
        this.cache.clear();
        this.listening = true;
        this.emit('up');
      },
      onDown: () => {
        this.listening = false;
        // Lookups under way may have read a session that is revoked while no notification can be heard: their
        // answers are not cached (the epoch), nor shared with the requests that come after.
        this.epoch++;
        this.cache.clear();
        this.inflight.clear();
        this.emit('down');
      },
    });
  }
}

export const authPlugin = fp(
  async (app: FastifyInstance, opts: { databaseUrl: string }) => {
    const signer = new TokenSigner(app.config.jwtSecret, app.config.accessTokenTtl);
    const guard = new SessionGuard(app.db, app.config.sessionCacheSeconds * 1000);
    const stopListening = await guard.listen(opts.databaseUrl, app.log);
    app.addHook('onClose', stopListening);
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
    // The admin console's one gate: every /api/admin route uses it (apps/api/test/admin-authz.test.ts walks them).
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      await app.authenticate(request);
      if (request.auth.role !== 'admin') throw forbidden('Administrators only');
    });
  },
  { name: 'auth' },
);

declare module 'fastify' {
  interface FastifyInstance {
    signer: TokenSigner;
  }
}
