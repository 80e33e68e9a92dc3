import { inTransaction, type Db, type TxClient } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { recordAudit, type AuditEntry } from './audit.repo.js';

/**
 * What an audited write changes: a row that is there (`id`), read under the write's lock before the change,
 * or a new one, which the change creates and answers the id of. A change of a row that is there answers null
 * when it removed the row: there is then nothing to read after it; and 'unchanged' when it found nothing to
 * change (the row is already as asked): nothing is then recorded.
 */
export type AuditedChange<T> =
  | { id: string; change: (c: TxClient, before: T) => Promise<void | null | 'unchanged'> }
  | { id: null; change: (c: TxClient) => Promise<string> };

/** An audited console write: its row and change, and how the row is read and recorded. */
export type AuditedWrite<T> = AuditedChange<T> & {
  actorId: AuditEntry['actorId'];
  /** `<entity>.<verb>`, as recorded. */
  action: string;
  entity: string;
  /**
   * The row the entry is recorded under, when it is not the row read: a member taken out of an organisation
   * (their user row read and changed) is recorded under the organisation. By default the row's own id.
   */
  entityId?: string;
  /** What the row is called in the 404 when it is gone (`notFound(what)`). */
  what: string;
  /**
   * Reads the row by id; undefined when there is none. The read before the change (`forUpdate`) takes the
   * row's lock, unless `lock` took a wider one first.
   */
  read: (c: TxClient, id: string, forUpdate: boolean) => Promise<T | undefined>;
  /**
   * What of the row the audit log records, before and after (the fields an administrator sets, the row with
   * the user it belongs to); by default the row as read. The write still answers the row as read.
   */
  record?: (row: T) => unknown;
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
    let after: T | null;
    if (w.id === null) {
      entityId = await w.change(c);
      after = (await w.read(c, entityId, false)) ?? null;
    } else {
      before = (await w.read(c, w.id, true)) ?? null;
      if (!before) throw notFound(w.what);
      entityId = w.id;
      const done = await w.change(c, before);
      // Nothing changed: nothing to record, and the row after is the row before.
      if (done === 'unchanged') return w.answer ? w.answer(c, before) : before;
      // Nothing to read after a change that removed the row.
      after = done === null ? null : ((await w.read(c, w.id, false)) ?? null);
    }
    const recorded = (row: T | null) => (row === null || !w.record ? row : w.record(row));
    await recordAudit(c, {
      actorId: w.actorId,
      action: w.action,
      entity: w.entity,
      entityId: w.entityId ?? entityId,
      before: recorded(before),
      after: recorded(after),
    });
    return w.answer ? w.answer(c, after) : after!;
  });
}
