import { inTransaction, type Db, type TxClient } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { recordAudit, type AuditEntry } from './audit.repo.js';

/**
 * What an audited write changes: a row that is there (`id`), read under the write's lock before the change,
 * or a new one, which the change creates and answers the id of. A change of a row that is there answers null
 * when it removed the row: there is then nothing to read after it.
 */
export type AuditedChange<T> =
  | { id: string; change: (c: TxClient, before: T) => Promise<void | null> }
  | { id: null; change: (c: TxClient) => Promise<string> };

/** An audited console write: its row and change, and how the row is read and recorded. */
export type AuditedWrite<T> = AuditedChange<T> & {
  actorId: AuditEntry['actorId'];
  /** `<entity>.<verb>`, as recorded. */
  action: string;
  entity: string;
  /** What the row is called in the 404 when it is gone (`notFound(what)`). */
  what: string;
  /**
   * Reads the row by id; undefined when there is none. The read before the change (`forUpdate`) takes the
   * row's lock, unless `lock` took a wider one first.
   */
  read: (c: TxClient, id: string, forUpdate: boolean) => Promise<T | undefined>;
  /** A lock wider than the row's own (a whole form's), taken before anything is read. */
  lock?: (c: TxClient) => Promise<void>;
};

/**
 * The one shape of an audited console write, in one transaction: takes the write's lock and reads the row
 * under it (404 when it is gone), runs the change, reads the row again and records it before and after in
 * the audit log, so the change and its record commit together. Concurrent writes of one row take turns, and
 * each records what it really found. Answers the row after, or what `answer` reads in the same transaction.
 */
export function auditedWrite<T, R>(
  db: Db,
  w: AuditedWrite<T> & { answer: (c: TxClient, after: T | null) => Promise<R> },
): Promise<R>;
export function auditedWrite<T>(db: Db, w: AuditedWrite<T>): Promise<T>;
export function auditedWrite<T, R>(
  db: Db,
  w: AuditedWrite<T> & { answer?: (c: TxClient, after: T | null) => Promise<R> },
): Promise<T | R> {
  return inTransaction(db, async (c) => {
    await w.lock?.(c);
    let before: T | null = null;
    let entityId: string;
    // The row read after the change: none once the change removed it.
    let next: string | null;
    if (w.id === null) {
      entityId = next = await w.change(c);
    } else {
      before = (await w.read(c, w.id, true)) ?? null;
      if (!before) throw notFound(w.what);
      entityId = w.id;
      next = (await w.change(c, before)) === null ? null : w.id;
    }
    const after = next === null ? null : ((await w.read(c, next, false)) ?? null);
    await recordAudit(c, { actorId: w.actorId, action: w.action, entity: w.entity, entityId, before, after });
    return w.answer ? w.answer(c, after) : after!;
  });
}
