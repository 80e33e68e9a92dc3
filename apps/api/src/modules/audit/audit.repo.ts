import type { AuditFacets, AuditPage, AuditQuery } from '@rianroo/contract';
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
  entity_name: string | null;
  before: unknown;
  after: unknown;
  at: Date;
};

/**
 * What the changed thing is called, from the record itself (after the write, else before it): a title, a name, a
 * code, an e-mail, a session's device; a person's e-mail from their account when the record holds none.
 */
const ENTITY_NAME = `coalesce(
    a.after->>'title', a.after->>'name', a.after->>'nameTh', a.after->>'code', a.after->>'email',
    a.after->>'deviceName',
    a.before->>'title', a.before->>'name', a.before->>'nameTh', a.before->>'code', a.before->>'email',
    a.before->>'deviceName',
    (select e.email from users e where a.entity = 'user' and e.id::text = a.entity_id))`;

/**
 * One page of the audit log, newest first unless asked otherwise, filtered by entity, row or administrator;
 * `q` is found inside the action or is the row's id as written.
 */
export function listAudit(db: Db, q: AuditQuery): Promise<AuditPage> {
  return pageOfRows(
    db.$client,
    `select a.id, a.actor_id, u.email as actor_email,
            nullif(trim(coalesce(u.display_name, u.first_name || ' ' || u.last_name)), '') as actor_name,
            a.action, a.entity, a.entity_id, ${ENTITY_NAME} as entity_name, a.before, a.after, a.at
       from audit_log a left join users u on u.id = a.actor_id
      where ($1::text is null or a.entity = $1)
        and ($2::text is null or a.entity_id = $2)
        and ($3::uuid is null or a.actor_id = $3)
        and ($4::text is null or a.action ilike '%' || $4 || '%' or a.entity_id = $5)
        and ($6::date is null or a.at >= $6::date::timestamp at time zone 'Asia/Bangkok')
        and ($7::date is null or a.at < ($7::date + 1)::timestamp at time zone 'Asia/Bangkok')`,
    [
      q.entity ?? null,
      q.entityId ?? null,
      q.actorId ?? null,
      likeTerm(q.q),
      q.q ?? null,
      q.from ?? null,
      q.to ?? null,
    ],
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
      entityName: r.entity_name,
      before: r.before,
      after: r.after,
      at: r.at.toISOString(),
    }),
  );
}

/** The people who made writes (by name), and the kinds of things written, for the log's filters. */
export async function auditFacets(db: Db): Promise<AuditFacets> {
  const [actors, entities] = await Promise.all([
    db.$client.query<{ id: string; email: string; name: string }>(
      `select u.id, u.email,
              coalesce(nullif(trim(coalesce(u.display_name, u.first_name || ' ' || u.last_name)), ''), u.email) as name
         from users u where exists (select 1 from audit_log a where a.actor_id = u.id)
        order by name, u.id`,
    ),
    db.$client.query<{ entity: string }>(`select distinct entity from audit_log order by entity`),
  ]);
  return { actors: actors.rows, entities: entities.rows.map((r) => r.entity) };
}
