import { CONSENT_HISTORY_MAX, type ConsentPurpose, type ConsentSource, type User } from '@rianroo/contract';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { consentEvents, users } from '../../db/schema.js';
import { uuidv7 } from '../../lib/ids.js';

type Executor = Db | Tx;
type Marketing = User['marketing'];
const MAIL_KINDS = ['news', 'promotions', 'reminders'] as const;

/** A change of consent, as the history keeps it. */
export interface ConsentChange {
  purpose: ConsentPurpose;
  granted: boolean;
}

/** Writes each change to the history with its time and where it was made, in the caller's transaction. */
export async function recordConsents(
  tx: Executor,
  userId: string,
  changes: ConsentChange[],
  source: ConsentSource,
  ip: string | null,
) {
  if (!changes.length) return;
  await tx.insert(consentEvents).values(changes.map((c) => ({ id: uuidv7(), userId, source, ip, ...c })));
}

/** The mail choices as changes (all of them): the state an account starts with. */
export const mailConsents = (m: Marketing) => MAIL_KINDS.map((purpose) => ({ purpose, granted: m[purpose] }));

/**
 * Changes the learner's mail choices and writes to the history each one that really changed, in the caller's
 * transaction. The row is locked first, so simultaneous changes each see the one before them and none is lost
 * from the history. Undefined when there is no such (open) account.
 */
export async function changeMarketing(
  tx: Tx,
  userId: string,
  patch: Partial<Marketing>,
  source: ConsentSource,
  ip: string | null,
) {
  const [before] = await tx
    .select({ marketing: users.marketing })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .for('update');
  if (!before) return undefined;
  const [after] = await tx
    .update(users)
    .set({
      marketing: sql`coalesce(${users.marketing}, '{}'::jsonb) || ${JSON.stringify(patch)}::jsonb`,
      updateDate: new Date(),
    })
    .where(eq(users.id, userId))
    .returning({ email: users.email, marketing: users.marketing });
  const changed = mailConsents(after!.marketing).filter((c) => before.marketing[c.purpose] !== c.granted);
  await recordConsents(tx, userId, changed, source, ip);
  return after!;
}

/** Locks the learner's row: their consent changes take turns. False when there is no open account. */
export async function lockUser(tx: Tx, userId: string) {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .for('update');
  return !!row;
}

/** The latest analytics choice, or undefined when the learner never made one while signed in. */
export async function latestAnalytics(db: Executor, userId: string) {
  const [row] = await db
    .select({ granted: consentEvents.granted })
    .from(consentEvents)
    .where(and(eq(consentEvents.userId, userId), eq(consentEvents.purpose, 'analytics')))
    .orderBy(desc(consentEvents.at), desc(consentEvents.id))
    .limit(1);
  return row?.granted;
}

export async function marketingOf(db: Executor, userId: string) {
  const [row] = await db
    .select({ marketing: users.marketing })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return row?.marketing;
}

/** The history, newest first: the latest CONSENT_HISTORY_MAX changes. */
export function history(db: Executor, userId: string) {
  return db
    .select({
      purpose: consentEvents.purpose,
      granted: consentEvents.granted,
      source: consentEvents.source,
      at: consentEvents.at,
    })
    .from(consentEvents)
    .where(eq(consentEvents.userId, userId))
    .orderBy(desc(consentEvents.at), desc(consentEvents.id))
    .limit(CONSENT_HISTORY_MAX);
}
