import { and, desc, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { refreshTokens, sessions, spentTokens } from '../../db/schema.js';

export type { Tx };
type Executor = Db | Tx;
export type SessionRow = typeof sessions.$inferSelect;

const live = () => and(isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date()));

/**
 * Serialises logins of one user so the device limit holds under concurrency, and answers when the account's
 * credentials last changed (null: never), read under the lock.
 */
export async function lockUser(tx: Tx, userId: string): Promise<{ credentialsChangedAt: Date | null }> {
  const { rows } = await tx.execute<{ credentials_changed_at: string | Date | null }>(
    sql`select credentials_changed_at from users where id = ${userId} for update`,
  );
  const at = rows[0]?.credentials_changed_at;
  return { credentialsChangedAt: at ? new Date(at) : null };
}

/** Whether the account exists and is not closed (deleted). */
export async function userActive(tx: Tx, userId: string) {
  const { rows } = await tx.execute(sql`select 1 from users where id = ${userId} and deleted_at is null`);
  return rows.length > 0;
}

export function liveSessions(db: Executor, userId: string) {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), live()))
    .orderBy(desc(sessions.lastUsedAt));
}

export async function findSession(db: Executor, id: string) {
  const [row] = await db.select().from(sessions).where(eq(sessions.id, id)).limit(1);
  return row;
}

/**
 * Whether the device is the owner's: it had a session of the account since its credentials last changed, or a
 * reset link was followed on it (users.service.ts resetPassword). A device known from before a reset (perhaps
 * the thief's, whose session the reset ended) is a stranger again.
 */
export async function hasUsedDevice(db: Executor, userId: string, deviceId: string, since: Date | null) {
  const { rows } = await db.execute<{ known: boolean }>(sql`
    select exists (select 1 from sessions s where s.user_id = ${userId} and s.device_id = ${deviceId}
                     and (${since}::timestamptz is null or s.created_at > ${since}))
        or exists (select 1 from proven_devices p where p.user_id = ${userId} and p.device_id = ${deviceId}
                     and (${since}::timestamptz is null or p.proven_at >= ${since})) as known`);
  return rows[0]?.known === true;
}

/** Ends sessions; answers the ids that were live. */
export async function revokeSessions(
  db: Executor,
  where: { userId: string; ids?: string[]; deviceIds?: string[]; exceptId?: string },
  reason: string,
): Promise<string[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(
      and(
        eq(sessions.userId, where.userId),
        isNull(sessions.revokedAt),
        where.ids ? inArray(sessions.id, where.ids) : undefined,
        where.deviceIds ? inArray(sessions.deviceId, where.deviceIds) : undefined,
        where.exceptId ? ne(sessions.id, where.exceptId) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

export async function insertSession(tx: Tx, values: typeof sessions.$inferInsert) {
  await tx.insert(sessions).values(values);
}

export async function insertRefreshToken(db: Executor, tokenHash: string, sessionId: string) {
  await db.insert(refreshTokens).values({ tokenHash, sessionId });
}

/** Marks the token used, atomically: of two concurrent refreshes only one gets the row. */
export async function consumeRefreshToken(tx: Tx, tokenHash: string) {
  const [row] = await tx
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
    .returning({ sessionId: refreshTokens.sessionId });
  return row?.sessionId;
}

export async function findRefreshToken(db: Executor, tokenHash: string) {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
  return row;
}

export async function touchSession(tx: Tx, id: string, expiresAt: Date) {
  await tx.update(sessions).set({ lastUsedAt: new Date(), expiresAt }).where(eq(sessions.id, id));
}

/** Spends a single-use token: true the first time, false ever after (until it has expired anyway). */
export async function spendToken(tx: Tx, id: string, expiresAt: Date): Promise<boolean> {
  await tx.delete(spentTokens).where(lt(spentTokens.expiresAt, new Date(Date.now() - 60_000)));
  const rows = await tx
    .insert(spentTokens)
    .values({ id, expiresAt })
    .onConflictDoNothing()
    .returning({ id: spentTokens.id });
  return rows.length === 1;
}

export async function tokenSpent(db: Executor, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: spentTokens.id })
    .from(spentTokens)
    .where(eq(spentTokens.id, id))
    .limit(1);
  return !!row;
}
