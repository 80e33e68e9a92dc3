import type { AuditPage, AuditQuery } from '@rianroo/contract';
import type { Db, TxClient } from '../../db/client.js';
import { uuidv7 } from '../../lib/ids.js';
import { likeTerm, pageOfRows } from '../../db/paging.js';

/** One admin write: who made it, what it was, and the row before and after (null when created or removed). */
export interface AuditEntry {
  /** Null for a write made by the system on an administrator's behalf (a job, a migration). */
  actorId: string | null;
  /** `<entity>.<verb>`, e.g. `course.update`, `user.role`, `session.revoke`. */
  action: string;
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
}

/**
 * Records an admin write. Call it with the transaction client of the write itself: the change and its record
 * commit together or not at all. The one way an admin write is recorded.
 */
export async function recordAudit(c: TxClient, e: AuditEntry): Promise<void> {
  await c.query({
    name: 'audit_record',
    // The moment of the write itself (clock_timestamp), not its transaction's start (now()): writes that
    // queued on one lock are then listed in the order they were made.
    text: `insert into audit_log (id, actor_id, action, entity, entity_id, before, after, at)
           values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, clock_timestamp())`,
    values: [
      uuidv7(),
      e.actorId,
      e.action,
      e.entity,
      e.entityId,
      e.before === undefined || e.before === null ? null : JSON.stringify(e.before),
      e.after === undefined || e.after === null ? null : JSON.stringify(e.after),
    ],
  });
}

type AuditRow = {
  id: string;
  actor_id: string | null;
  actor_email: string | null;
  actor_name: string | null;
  action: string;
  entity: string;
  entity_id: string;
  before: unknown;
  after: unknown;
  at: Date;
};

/**
 * One page of the audit log, newest first unless asked otherwise, filtered by entity, row or administrator;
 * `q` is found inside the action or is the row's id as written.
 */
export function listAudit(db: Db, q: AuditQuery): Promise<AuditPage> {
  return pageOfRows(
    db.$client,
    `select a.id, a.actor_id, u.email as actor_email,
            nullif(trim(coalesce(u.display_name, u.first_name || ' ' || u.last_name)), '') as actor_name,
            a.action, a.entity, a.entity_id, a.before, a.after, a.at
       from audit_log a left join users u on u.id = a.actor_id
      where ($1::text is null or a.entity = $1)
        and ($2::text is null or a.entity_id = $2)
        and ($3::uuid is null or a.actor_id = $3)
        and ($4::text is null or a.action ilike '%' || $4 || '%' or a.entity_id = $5)`,
    [q.entity ?? null, q.entityId ?? null, q.actorId ?? null, likeTerm(q.q), q.q ?? null],
    ['x.at', 'x.id'],
    q,
    (r: AuditRow) => ({
      id: r.id,
      actor: r.actor_id
        ? { id: r.actor_id, email: r.actor_email ?? '', name: r.actor_name ?? r.actor_email ?? '' }
        : null,
      action: r.action,
      entity: r.entity,
      entityId: r.entity_id,
      before: r.before,
      after: r.after,
      at: r.at.toISOString(),
    }),
  );
}
