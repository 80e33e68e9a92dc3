import { DATA_EXPORT_DAYS, DATA_REQUEST_DAYS } from '@rianroo/contract';
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { dataExports, dataRequests, users } from '../../db/schema.js';
import { uuidv7 } from '../../lib/ids.js';

export type DataExportRow = typeof dataExports.$inferSelect;

/**
 * The learner's request as the data-request queue records it (an access request from the learner, due in 30
 * days, in progress: the job answers it) and the export row that the job builds. A second pending export of
 * the learner breaks data_exports_one_pending_key: the caller's transaction then undoes both.
 */
export async function insertPending(tx: Tx, userId: string): Promise<DataExportRow | undefined> {
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) return undefined;
  const requestId = uuidv7();
  await tx.insert(dataRequests).values({
    id: requestId,
    userId,
    requesterEmail: user.email,
    kind: 'access',
    source: 'learner',
    status: 'in_progress',
    details: 'Download my data: the ZIP is built automatically.',
    dueAt: sql`now() + make_interval(days => ${DATA_REQUEST_DAYS})`,
  });
  const [row] = await tx.insert(dataExports).values({ id: uuidv7(), userId, requestId }).returning();
  return row;
}

export async function latest(db: Db, userId: string): Promise<DataExportRow | undefined> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.requestedAt), desc(dataExports.id))
    .limit(1);
  return row;
}

export async function byId(db: Db, id: string): Promise<DataExportRow | undefined> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id));
  return row;
}

/** The learner's export while it may be downloaded: ready and not expired by the database's clock. */
export async function downloadable(db: Db, id: string, userId: string) {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(
      and(
        eq(dataExports.id, id),
        eq(dataExports.userId, userId),
        eq(dataExports.status, 'ready'),
        sql`${dataExports.expiresAt} > now()`,
      ),
    );
  return row;
}

/**
 * The ZIP is in storage: ready for 7 days from now, and its access request done. Only a pending export moves
 * (a job run twice marks it once); answers the row, or undefined when it was not pending.
 */
export async function markReady(tx: Tx, id: string, storageKey: string, sizeBytes: number) {
  const [row] = await tx
    .update(dataExports)
    .set({
      status: 'ready',
      readyAt: sql`now()`,
      expiresAt: sql`now() + make_interval(days => ${DATA_EXPORT_DAYS})`,
      storageKey,
      sizeBytes,
    })
    .where(and(eq(dataExports.id, id), eq(dataExports.status, 'pending')))
    .returning();
  if (row?.requestId) {
    await tx
      .update(dataRequests)
      .set({
        status: 'done',
        resolution: 'The ZIP of the data was built and the learner was mailed a link to download it.',
        closedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(
        and(eq(dataRequests.id, row.requestId), sql`${dataRequests.status} not in ('done', 'rejected')`),
      );
  }
  return row;
}

/** The build failed for good: the learner may ask again; the access request stays in the queue for staff. */
export async function markFailed(db: Db, id: string) {
  await db
    .update(dataExports)
    .set({ status: 'failed' })
    .where(and(eq(dataExports.id, id), eq(dataExports.status, 'pending')));
}

/** Ready exports whose time is up at `at`: their ids and storage keys. */
export function expiredBy(db: Db, at: Date) {
  return db
    .select({ id: dataExports.id, storageKey: dataExports.storageKey })
    .from(dataExports)
    .where(and(eq(dataExports.status, 'ready'), lte(dataExports.expiresAt, at)));
}

/** Marks one expired, its file gone (only if still ready: another process may have done it). */
export async function markExpired(db: Db, id: string) {
  await db
    .update(dataExports)
    .set({ status: 'expired', storageKey: null })
    .where(and(eq(dataExports.id, id), eq(dataExports.status, 'ready')));
}

/** Who to mail: the learner's address, first name and language. */
export async function learner(db: Db, userId: string) {
  const [row] = await db
    .select({ email: users.email, firstName: users.firstName, locale: users.locale })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
