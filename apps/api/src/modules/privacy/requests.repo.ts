import {
  DATA_REQUEST_DAYS,
  type AdminDataRequest,
  type AdminDataRequestQuery,
  type DataRequestKind,
  type DataRequestStatus,
  type MyDataRequest,
} from '@rianroo/contract';
import type { Db, TxClient } from '../../db/client.js';
import { likeTerm, pageOfRows } from '../../db/paging.js';
import { USER_NAME } from '../../db/user-name.js';
import { uuidv7 } from '../../lib/ids.js';

type Q = Db['$client'] | TxClient;

type Row = {
  id: string;
  kind: DataRequestKind;
  source: 'learner' | 'staff';
  status: DataRequestStatus;
  requester_email: string;
  user_id: string | null;
  user_name: string | null;
  user_email: string | null;
  details: string;
  resolution: string;
  received_at: Date;
  due_at: Date;
  closed_at: Date | null;
  overdue: boolean;
  updated_at: Date;
};

const toRequest = (r: Row): AdminDataRequest => ({
  id: r.id,
  kind: r.kind,
  source: r.source,
  status: r.status,
  requesterEmail: r.requester_email,
  user: r.user_id ? { id: r.user_id, name: r.user_name ?? '', email: r.user_email ?? '' } : null,
  details: r.details,
  resolution: r.resolution,
  receivedAt: r.received_at.toISOString(),
  dueAt: r.due_at.toISOString(),
  closedAt: r.closed_at?.toISOString() ?? null,
  overdue: r.overdue,
  updatedAt: r.updated_at.toISOString(),
});

/** Overdue: not closed, and its due time passed by the database's clock. */
const REQUEST = `select d.id, d.kind, d.source, d.status, d.requester_email, d.details, d.resolution,
    d.received_at, d.due_at, d.closed_at, d.updated_at,
    (d.status in ('open', 'in_progress') and d.due_at < now()) as overdue,
    u.id as user_id, ${USER_NAME} as user_name, u.email as user_email
  from data_requests d left join users u on u.id = d.user_id`;

const SORT: Record<AdminDataRequestQuery['sort'], string> = {
  dueAt: 'x.due_at',
  receivedAt: 'x.received_at',
};

/** One page of the queue, filtered by status, kind and overdue, searched by the requester's e-mail. */
export function listRequests(db: Q, q: AdminDataRequestQuery) {
  return pageOfRows(
    db,
    `${REQUEST} where ($1::text is null or d.status = $1)
       and ($2::text is null or d.kind = $2)
       and ($3::boolean is null or (d.status in ('open', 'in_progress') and d.due_at < now()) = $3)
       and ($4::text is null or d.requester_email ilike '%' || $4 || '%' or u.email ilike '%' || $4 || '%')`,
    [q.status ?? null, q.kind ?? null, q.overdue === undefined ? null : q.overdue === 'true', likeTerm(q.q)],
    [SORT[q.sort], 'x.id'],
    q,
    toRequest,
  );
}

/** One request; `lock` takes its row lock (a change reads it under the lock). */
export async function request(db: Q, id: string, lock = false) {
  const { rows } = await db.query<Row>(`${REQUEST} where d.id = $1${lock ? ' for update of d' : ''}`, [id]);
  return rows[0] && toRequest(rows[0]);
}

/** A learner's own requests, every kind, newest first. */
export async function requestsOf(db: Q, userId: string): Promise<MyDataRequest[]> {
  const { rows } = await db.query<Row>(
    `select id, kind, status, details, resolution, received_at, due_at, closed_at
       from data_requests where user_id = $1 order by received_at desc, id desc`,
    [userId],
  );
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    status: r.status,
    details: r.details,
    resolution: r.resolution,
    receivedAt: r.received_at.toISOString(),
    dueAt: r.due_at.toISOString(),
    closedAt: r.closed_at?.toISOString() ?? null,
  }));
}

export interface NewRequest {
  kind: DataRequestKind;
  source: 'learner' | 'staff';
  requesterEmail: string;
  /** The learner it is about; null to link the account that has the requester's e-mail, if any. */
  userId: string | null;
  details: string;
  /** A Bangkok day (YYYY-MM-DD) it was received on; null: now. */
  receivedOn: string | null;
  createdBy: string | null;
}

/** Inserts a request due 30 days after it was received; answers its id. */
export async function insertRequest(c: Q, r: NewRequest): Promise<string> {
  const id = uuidv7();
  await c.query(
    `with received as (
       select coalesce(($7::date)::timestamp at time zone 'Asia/Bangkok', now()) as at)
     insert into data_requests (id, user_id, requester_email, kind, source, details, received_at, due_at,
       created_by)
     select $1, coalesce($2::uuid, (select u.id from users u
              where lower(u.email) = lower($3) and u.erased_at is null limit 1)),
            $3, $4, $5, $6, r.at, r.at + make_interval(days => $8), $9
       from received r`,
    [
      id,
      r.userId,
      r.requesterEmail,
      r.kind,
      r.source,
      r.details,
      r.receivedOn,
      DATA_REQUEST_DAYS,
      r.createdBy,
    ],
  );
  return id;
}

/**
 * What is wrong with the day a request was received on, by the database's clock (Bangkok days): after today,
 * or more than a year ago (a typing slip: the law's 30 days would have run out eleven months ago); or null.
 */
export async function receivedDayProblem(db: Q, day: string): Promise<'future' | 'too_old' | null> {
  const { rows } = await db.query<{ problem: 'future' | 'too_old' | null }>(
    `select case when $1::date > today then 'future' when $1::date < today - 365 then 'too_old' end as problem
       from (select (now() at time zone 'Asia/Bangkok')::date as today) t`,
    [day],
  );
  return rows[0]!.problem;
}

/** Sets the status and resolution; a closing status stamps closed_at. */
export async function updateRequest(c: TxClient, id: string, status: DataRequestStatus, resolution: string) {
  await c.query(
    `update data_requests set status = $2, resolution = $3, updated_at = now(),
       closed_at = case when $2 in ('done', 'rejected') then now() else null end
     where id = $1`,
    [id, status, resolution],
  );
}

/** A learner's e-mail, and the language and first name their mail is written in. */
export async function learnerOf(db: Q, userId: string) {
  const { rows } = await db.query<{ email: string; locale: 'th' | 'en'; first_name: string }>(
    `select email, locale, first_name from users where id = $1`,
    [userId],
  );
  return rows[0] && { email: rows[0].email, locale: rows[0].locale, firstName: rows[0].first_name };
}
