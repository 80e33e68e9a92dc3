import type { AdminUserPage, AdminUserQuery, AdminUserRow } from '@rianroo/contract';
import type { Db, TxClient } from '../../db/client.js';
import { likeTerm, pageOfRows } from '../../db/paging.js';
import { USER_NAME } from '../../db/user-name.js';

type Q = Db['$client'] | TxClient;

const SORT: Record<AdminUserQuery['sort'], string> = {
  createdAt: 'x.create_date',
  email: 'lower(x.email)',
  name: 'lower(x.name)',
};

type UserRow = {
  id: string;
  email: string;
  name: string;
  role: AdminUserRow['role'];
  org_id: string | null;
  org_name: string | null;
  create_date: Date;
};
const toRow = (r: UserRow): AdminUserRow => ({
  id: r.id,
  email: r.email,
  name: r.name,
  role: r.role,
  organization: r.org_id ? { id: r.org_id, name: r.org_name ?? '' } : null,
  createdAt: r.create_date.toISOString(),
});

const USER_SELECT = `select u.id, u.email, ${USER_NAME} as name, u.role, o.id as org_id, o.name as org_name, u.create_date
   from users u left join organizations o on o.id = u.organization_id`;

/** One page of users (not deleted), searched by e-mail or name, filtered by role. */
export function listUsers(db: Db, q: AdminUserQuery): Promise<AdminUserPage> {
  return pageOfRows(
    db.$client,
    `${USER_SELECT} where u.deleted_at is null and ($1::text is null or u.role = $1)
      and ($2::text is null or u.email ilike '%' || $2 || '%' or ${USER_NAME} ilike '%' || $2 || '%')`,
    [q.role ?? null, likeTerm(q.q)],
    [SORT[q.sort], 'x.id'],
    q,
    toRow,
  );
}

export async function userRow(db: Q, id: string): Promise<AdminUserRow | undefined> {
  const { rows } = await db.query<UserRow>(`${USER_SELECT} where u.id = $1 and u.deleted_at is null`, [id]);
  return rows[0] && toRow(rows[0]);
}

export async function userExtras(db: Q, id: string) {
  const { rows } = await db.query<{
    phone: string | null;
    locale: 'th' | 'en';
    email_verified_at: Date | null;
  }>('select phone, locale, email_verified_at from users where id = $1', [id]);
  return rows[0];
}

/**
 * The administrators, locked in one order: two role changes at once take turns, so the second sees the
 * first's result (two administrators demoting each other cannot leave none).
 */
export async function lockAdmins(c: TxClient): Promise<string[]> {
  const { rows } = await c.query<{ id: string }>(
    `select id from users where role = 'admin' and deleted_at is null order by id for update`,
  );
  return rows.map((r) => r.id);
}

/** A user's role; `lock` holds their row until the transaction ends. */
export async function userRole(db: Q, id: string, lock = false) {
  const { rows } = await db.query<{ role: AdminUserRow['role'] }>(
    `select role from users where id = $1 and deleted_at is null${lock ? ' for update' : ''}`,
    [id],
  );
  return rows[0];
}

export async function setRole(c: TxClient, id: string, role: AdminUserRow['role']) {
  await c.query('update users set role = $2, update_date = now() where id = $1', [id, role]);
}
