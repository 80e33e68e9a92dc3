import type { AdminApplication, AdminApplicationQuery, ApplicationStatus } from '@rianroo/contract';
import type { Db, TxClient } from '../../db/client.js';
import { likeTerm, pageOfRows } from '../../db/paging.js';
import { USER_NAME } from '../../db/user-name.js';

type Q = Db['$client'] | TxClient;

type Row = {
  id: string;
  user_id: string | null;
  name: string;
  email: string;
  phone: string;
  topic: string;
  experience: string | null;
  portfolio_url: string | null;
  status: ApplicationStatus;
  note: string | null;
  handled_at: Date | null;
  handler_id: string | null;
  handler_email: string | null;
  handler_name: string | null;
  created_at: Date;
};
const toApplication = (r: Row): AdminApplication => ({
  id: r.id,
  userId: r.user_id,
  name: r.name,
  email: r.email,
  phone: r.phone,
  topic: r.topic,
  experience: r.experience,
  portfolioUrl: r.portfolio_url,
  status: r.status,
  note: r.note,
  handledAt: r.handled_at?.toISOString() ?? null,
  handledBy: r.handler_id
    ? { id: r.handler_id, email: r.handler_email ?? '', name: r.handler_name ?? '' }
    : null,
  createdAt: r.created_at.toISOString(),
});

const APPLICATION = `select a.id, a.user_id, a.name, a.email, a.phone, a.topic, a.experience, a.portfolio_url,
    a.status, a.note, a.handled_at, a.created_at, u.id as handler_id, u.email as handler_email,
    ${USER_NAME} as handler_name
  from instructor_applications a left join users u on u.id = a.handled_by`;

const SORT: Record<AdminApplicationQuery['sort'], string> = {
  createdAt: 'x.created_at',
  name: 'lower(x.name)',
};

/** One page of applications, filtered by status, searched by name, e-mail or topic. */
export function listApplications(db: Q, q: AdminApplicationQuery) {
  return pageOfRows(
    db,
    `${APPLICATION} where ($1::text is null or a.status = $1)
       and ($2::text is null or a.name ilike '%' || $2 || '%' or a.email ilike '%' || $2 || '%'
         or a.topic ilike '%' || $2 || '%')`,
    [q.status ?? null, likeTerm(q.q)],
    [SORT[q.sort], 'x.id'],
    q,
    toApplication,
  );
}

export async function application(db: Q, id: string, lock = false) {
  const { rows } = await db.query<Row>(`${APPLICATION} where a.id = $1${lock ? ' for update of a' : ''}`, [
    id,
  ]);
  return rows[0] && toApplication(rows[0]);
}

/** Sets the status and note; a handled status records who and when, `new` clears them. */
export async function mark(
  c: TxClient,
  id: string,
  actorId: string,
  status: ApplicationStatus,
  note: string,
) {
  await c.query(
    `update instructor_applications set status = $2, note = nullif($3, ''),
       handled_at = case when $2 = 'new' then null else now() end,
       handled_by = case when $2 = 'new' then null else $4::uuid end
     where id = $1`,
    [id, status, note, actorId],
  );
}
