import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/client.js';

/**
 * The session guard behind every authenticated request and the admin gate (SessionGuard in auth.ts), without a
 * database: the live sessions are a table in memory, the revocation channel is driven by hand, and the clock is
 * set. A session's role is trusted from the cache only while revocations are heard, for SESSION_CACHE_SECONDS
 * and never past the session's expiry; a revocation or a changed role reaches it at once.
 */
type Listener = {
  onNotification: (channel: string, payload: string) => void;
  onUp: () => void;
  onDown: () => void;
};
const channel = vi.hoisted(() => ({ current: undefined as Listener | undefined }));
vi.mock('../lib/pg-listen.js', () => ({
  listenToChannels: async (o: Listener) => {
    channel.current = o;
    return async () => {};
  },
}));
const { SESSIONS_RECENT, SessionGuard } = await import('./auth.js');

const T0 = new Date('2026-11-28T05:00:00.000Z').getTime();
const CACHE_MS = 30_000;
const A1 = '01900000-0000-7000-8000-000000000a01';
const A2 = '01900000-0000-7000-8000-000000000a02';
const B1 = '01900000-0000-7000-8000-000000000b01';

type Row = { id: string; user_id: string; role: string; expires_at: Date; stale: boolean };

/** Sessions in memory, answered as the `sessions_live` statement answers; every statement is counted. */
function sessions(rows: Row[]) {
  const table = new Map(rows.map((r) => [r.id, r]));
  const statements: { name?: string; values: unknown[] }[] = [];
  let hold: Promise<void> | undefined;
  const db = {
    $client: {
      query: async (q: { name?: string; values: unknown[] }) => {
        statements.push(q);
        if (q === (SESSIONS_RECENT as unknown)) return { rows: [...table.values()] };
        if (q.name !== 'sessions_live') return { rows: [] };
        const ids = q.values[0] as string[];
        const found = ids.flatMap((id) => (table.has(id) ? [{ ...table.get(id)! }] : []));
        await hold;
        return { rows: found };
      },
    },
  } as unknown as Db;
  return {
    db,
    table,
    lookups: () => statements.filter((s) => s.name === 'sessions_live').length,
    touched: () => statements.filter((s) => s.name === 'sessions_touch').map((s) => s.values[0]),
    /** Holds the lookups under way until `release()`. */
    holdLookups() {
      let release!: () => void;
      hold = new Promise((r) => (release = r));
      return () => {
        hold = undefined;
        release();
      };
    },
  };
}
const row = (id: string, userId: string, role = 'admin', expiresAt = T0 + 86_400_000): Row => ({
  id,
  user_id: userId,
  role,
  expires_at: new Date(expiresAt),
  stale: false,
});

/** A guard that hears revocations (its channel up), at T0. */
async function listening(db: Db, cacheMs = CACHE_MS) {
  vi.useFakeTimers({ toFake: ['Date'], now: T0 });
  const guard = new SessionGuard(db, cacheMs);
  await guard.listen('postgres://unused', {} as FastifyBaseLogger);
  channel.current!.onUp();
  return guard;
}

afterEach(() => {
  vi.useRealTimers();
  channel.current = undefined;
});

describe('SessionGuard', () => {
  it('a live session answers its user’s role, looked up once, then from the cache', async () => {
    const s = sessions([row(A1, 'alice'), row(B1, 'bob', 'learner')]);
    const guard = await listening(s.db);
    expect(await guard.liveRole(A1, 'alice')).toBe('admin');
    expect(await guard.liveRole(A1, 'alice')).toBe('admin');
    expect(await guard.liveRole(B1, 'bob')).toBe('learner');
    expect(s.lookups()).toBe(2);
  });

  it('a session that is not live answers no role; nor does a token naming another user', async () => {
    const s = sessions([row(A1, 'alice')]);
    const guard = await listening(s.db);
    expect(await guard.liveRole(B1, 'bob')).toBeUndefined();
    expect(await guard.liveRole(A1, 'mallory')).toBeUndefined();
    // Also once the session is in the cache.
    expect(await guard.liveRole(A1, 'alice')).toBe('admin');
    expect(await guard.liveRole(A1, 'mallory')).toBeUndefined();
  });

  it('is trusted for SESSION_CACHE_SECONDS, to the millisecond, then looked up again', async () => {
    const s = sessions([row(A1, 'alice')]);
    const guard = await listening(s.db);
    await guard.liveRole(A1, 'alice');
    vi.setSystemTime(T0 + CACHE_MS - 1);
    await guard.liveRole(A1, 'alice');
    expect(s.lookups()).toBe(1);
    // The session ended meanwhile (unheard): the cache no longer vouches for it.
    s.table.delete(A1);
    vi.setSystemTime(T0 + CACHE_MS);
    expect(await guard.liveRole(A1, 'alice')).toBeUndefined();
    expect(s.lookups()).toBe(2);
  });

  it('is never trusted past the session’s own expiry', async () => {
    const s = sessions([row(A1, 'alice', 'admin', T0 + 10_000)]);
    const guard = await listening(s.db);
    await guard.liveRole(A1, 'alice');
    vi.setSystemTime(T0 + 9_999);
    await guard.liveRole(A1, 'alice');
    expect(s.lookups()).toBe(1);
    s.table.delete(A1);
    vi.setSystemTime(T0 + 10_000);
    expect(await guard.liveRole(A1, 'alice')).toBeUndefined();
  });

  it('with no cache time, every request looks its session up', async () => {
    const s = sessions([row(A1, 'alice')]);
    const guard = await listening(s.db, 0);
    await guard.liveRole(A1, 'alice');
    await guard.liveRole(A1, 'alice');
    expect(s.lookups()).toBe(2);
  });

  it('a revocation heard, or forget(), ends the session at once', async () => {
    const s = sessions([row(A1, 'alice'), row(A2, 'alice')]);
    const guard = await listening(s.db);
    await guard.liveRole(A1, 'alice');
    await guard.liveRole(A2, 'alice');
    s.table.delete(A1);
    s.table.delete(A2);
    channel.current!.onNotification('session_revoked', A1);
    expect(await guard.liveRole(A1, 'alice')).toBeUndefined();
    // A2 was not named: still vouched for by the cache.
    expect(await guard.liveRole(A2, 'alice')).toBe('admin');
    guard.forget([A2]);
    expect(await guard.liveRole(A2, 'alice')).toBeUndefined();
  });

  it('a user whose role changed: their sessions, and only theirs, are looked up afresh', async () => {
    const s = sessions([row(A1, 'alice'), row(A2, 'alice'), row(B1, 'bob')]);
    const guard = await listening(s.db);
    for (const [id, user] of [
      [A1, 'alice'],
      [A2, 'alice'],
      [B1, 'bob'],
    ] as const)
      await guard.liveRole(id, user);
    s.table.set(A1, row(A1, 'alice', 'learner'));
    s.table.set(A2, row(A2, 'alice', 'learner'));
    s.table.set(B1, row(B1, 'bob', 'learner'));
    channel.current!.onNotification('user_access_changed', 'alice');
    expect(await guard.liveRole(A1, 'alice')).toBe('learner');
    expect(await guard.liveRole(A2, 'alice')).toBe('learner');
    expect(await guard.liveRole(B1, 'bob')).toBe('admin');
    guard.forgetUser('bob');
    expect(await guard.liveRole(B1, 'bob')).toBe('learner');
  });

  it('while revocations cannot be heard, nothing is served from the cache; back up, the cache starts empty', async () => {
    const s = sessions([row(A1, 'alice')]);
    const guard = await listening(s.db);
    await guard.liveRole(A1, 'alice');
    channel.current!.onDown();
    await guard.liveRole(A1, 'alice');
    await guard.liveRole(A1, 'alice');
    expect(s.lookups()).toBe(3);
    channel.current!.onUp();
    s.table.delete(A1);
    expect(await guard.liveRole(A1, 'alice')).toBeUndefined();
  });

  it('a guard never listening serves nothing from its cache', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: T0 });
    const s = sessions([row(A1, 'alice')]);
    const guard = new SessionGuard(s.db, CACHE_MS);
    expect(await guard.liveRole(A1, 'alice')).toBe('admin');
    s.table.delete(A1);
    expect(await guard.liveRole(A1, 'alice')).toBeUndefined();
  });

  it('requests of one session while its lookup is under way share that lookup', async () => {
    const s = sessions([row(A1, 'alice')]);
    const guard = await listening(s.db);
    const release = s.holdLookups();
    const first = guard.liveRole(A1, 'alice');
    await new Promise((r) => setImmediate(r));
    expect(s.lookups()).toBe(1);
    const second = guard.liveRole(A1, 'alice');
    release();
    expect(await Promise.all([first, second])).toEqual(['admin', 'admin']);
    expect(s.lookups()).toBe(1);
  });

  it('a lookup under way when the session is revoked is not shared with the requests after it', async () => {
    const s = sessions([row(A1, 'alice')]);
    const guard = await listening(s.db);
    const release = s.holdLookups();
    const first = guard.liveRole(A1, 'alice');
    await new Promise((r) => setImmediate(r));
    s.table.delete(A1);
    channel.current!.onNotification('session_revoked', A1);
    const second = guard.liveRole(A1, 'alice');
    release();
    // The first read the session before its revocation; the second, after it.
    expect(await first).toBe('admin');
    expect(await second).toBeUndefined();
  });

  it('a lookup under way when the session is revoked is not cached', async () => {
    const s = sessions([row(A1, 'alice')]);
    const guard = await listening(s.db);
    const release = s.holdLookups();
    const first = guard.liveRole(A1, 'alice');
    await new Promise((r) => setImmediate(r));
    s.table.delete(A1);
    channel.current!.onNotification('session_revoked', A1);
    release();
    expect(await first).toBe('admin');
    expect(await guard.liveRole(A1, 'alice')).toBeUndefined();
  });

  it('a lookup under way when the channel drops is not shared', async () => {
    const s = sessions([row(A1, 'alice')]);
    const guard = await listening(s.db);
    const release = s.holdLookups();
    const first = guard.liveRole(A1, 'alice');
    await new Promise((r) => setImmediate(r));
    channel.current!.onDown();
    const second = guard.liveRole(A1, 'alice');
    release();
    await Promise.all([first, second]);
    expect(s.lookups()).toBe(2);
  });

  it('a lookup under way when the channel drops is not cached, even once the channel is back', async () => {
    const s = sessions([row(A1, 'alice')]);
    const guard = await listening(s.db);
    const release = s.holdLookups();
    const first = guard.liveRole(A1, 'alice');
    await new Promise((r) => setImmediate(r));
    channel.current!.onDown();
    // Revoked while no notification could be heard.
    s.table.delete(A1);
    channel.current!.onUp();
    release();
    expect(await first).toBe('admin');
    expect(await guard.liveRole(A1, 'alice')).toBeUndefined();
  });

  it('an answer cached while the channel was down is dropped when it comes back', async () => {
    const s = sessions([row(A1, 'alice')]);
    const guard = await listening(s.db);
    channel.current!.onDown();
    expect(await guard.liveRole(A1, 'alice')).toBe('admin');
    s.table.delete(A1);
    channel.current!.onUp();
    expect(await guard.liveRole(A1, 'alice')).toBeUndefined();
  });

  it('a session last used over ten minutes ago is touched, in one statement a second later; a fresh one is not', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout'], now: T0 });
    const s = sessions([
      { ...row(A1, 'alice'), stale: true },
      row(A2, 'alice'),
      { ...row(B1, 'bob'), stale: true },
    ]);
    const guard = new SessionGuard(s.db, CACHE_MS);
    await Promise.all([guard.liveRole(A1, 'alice'), guard.liveRole(A2, 'alice'), guard.liveRole(B1, 'bob')]);
    expect(s.touched()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(s.touched()).toEqual([[A1, B1]]);
  });
  it('preloaded sessions are trusted for half the cache time and more, spread over its second half', async () => {
    const s = sessions([row(A1, 'alice'), row(A2, 'alice')]);
    const guard = await listening(s.db);
    expect(await guard.preload()).toBe(2);
    // The first preloaded is trusted for half the cache time, the second for three quarters.
    vi.setSystemTime(T0 + CACHE_MS / 2 - 1);
    await guard.liveRole(A1, 'alice');
    expect(s.lookups()).toBe(0);
    vi.setSystemTime(T0 + CACHE_MS / 2);
    await guard.liveRole(A1, 'alice');
    expect(s.lookups()).toBe(1);
    vi.setSystemTime(T0 + (CACHE_MS * 3) / 4 - 1);
    await guard.liveRole(A2, 'alice');
    expect(s.lookups()).toBe(1);
    vi.setSystemTime(T0 + (CACHE_MS * 3) / 4);
    await guard.liveRole(A2, 'alice');
    expect(s.lookups()).toBe(2);
  });

  it('tells its listeners when the revocation channel drops and when it is back', async () => {
    const s = sessions([]);
    const guard = await listening(s.db);
    const heard: string[] = [];
    guard.on('down', () => heard.push('down'));
    guard.on('up', () => heard.push('up'));
    guard.on('revoked', (id: string) => heard.push(`revoked ${id}`));
    channel.current!.onDown();
    channel.current!.onUp();
    channel.current!.onNotification('session_revoked', A1);
    expect(heard).toEqual(['down', 'up', `revoked ${A1}`]);
  });
});
