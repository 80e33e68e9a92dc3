import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { accountClosures, dataRequests, users } from '../../db/schema.js';
import { uuidv7 } from '../../lib/ids.js';

type Executor = Db | Tx;
export type ClosureRow = typeof accountClosures.$inferSelect;

const open = () => and(isNull(accountClosures.cancelledAt), isNull(accountClosures.erasedAt));
/** The resolution of the data request of a closure the learner cancelled (the admin queue shows it). */
export const CANCELLED_BY_LEARNER = 'cancelled by the learner';

/** The account as the closure needs it: who to mail, how the owner proves it is them. */
export async function accountOf(db: Executor, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      locale: users.locale,
      role: users.role,
      passwordHash: users.passwordHash,
      erasedAt: users.erasedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function openClosureOf(db: Executor, userId: string) {
  const [row] = await db
    .select()
    .from(accountClosures)
    .where(and(eq(accountClosures.userId, userId), open()));
  return row;
}

/**
 * Opens the learner's closure, due in `coolOffDays`, with its data request (erasure, due in 30 days), or nothing
 * when one is open already: the partial unique index account_closures_open_key decides, also between requests
 * made at the same moment (the loser waits for the winner's commit, then inserts nothing).
 */
export async function insertClosure(tx: Tx, userId: string, email: string, coolOffDays: number) {
  const [closure] = await tx
    .insert(accountClosures)
    .values({ id: uuidv7(), userId, dueAt: sql`now() + make_interval(days => ${coolOffDays})` })
    .onConflictDoNothing({
      target: accountClosures.userId,
      where: sql`${accountClosures.cancelledAt} IS NULL AND ${accountClosures.erasedAt} IS NULL`,
    })
    .returning();
  if (!closure) return undefined;
  const requestId = uuidv7();
  await tx.insert(dataRequests).values({
    id: requestId,
    userId,
    requesterEmail: email,
    kind: 'erasure',
    source: 'learner',
    status: 'in_progress',
    details: `Account closure requested in the account page; erasure due ${closure.dueAt.toISOString()}.`,
    dueAt: sql`now() + interval '30 days'`,
  });
  await tx.update(accountClosures).set({ requestId }).where(eq(accountClosures.id, closure.id));
  return { ...closure, requestId };
}

/** Cancels the learner's open closure (and closes its data request); answers it, or nothing when none was open. */
export async function cancelClosure(tx: Tx, userId: string) {
  const [closure] = await tx
    .update(accountClosures)
    .set({ cancelledAt: sql`now()` })
    .where(and(eq(accountClosures.userId, userId), open()))
    .returning();
  if (closure?.requestId) {
    await tx
      .update(dataRequests)
      .set({
        status: 'rejected',
        resolution: CANCELLED_BY_LEARNER,
        closedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(dataRequests.id, closure.requestId));
  }
  return closure;
}

/** Learners whose cool-off has passed by `at`: the erasure job's work list. */
export async function dueClosures(db: Executor, at: Date) {
  return db
    .select({ userId: accountClosures.userId })
    .from(accountClosures)
    .where(and(open(), lte(accountClosures.dueAt, at)))
    .orderBy(accountClosures.dueAt);
}

/**
 * Locks the learner's row, then the closure (the order a sign-in takes them, so the two never deadlock), and
 * answers the closure if it is still open and due: a sign-in or a second run that came first leaves nothing.
 */
export async function lockDueClosure(tx: Tx, userId: string, at: Date) {
  await tx.execute(sql`select 1 from users where id = ${userId} for update`);
  const { rows } = await tx.execute<{ id: string; request_id: string | null }>(
    sql`select id, request_id from account_closures
         where user_id = ${userId} and cancelled_at is null and erased_at is null and due_at <= ${at}
         for update`,
  );
  return rows[0];
}
