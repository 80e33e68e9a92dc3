import type { OrgManager } from '@rianroo/contract';
import type { Db, TxClient } from '../../db/client.js';
import { USER_NAME } from '../../db/user-name.js';

type Q = Db['$client'] | TxClient;

/** The organisation's managers, by name. */
export async function managers(db: Q, orgId: string): Promise<OrgManager[]> {
  const { rows } = await db.query<{ id: string; name: string; email: string; added_at: Date }>(
    `select u.id, ${USER_NAME} as name, u.email, m.added_at from organization_managers m
       join users u on u.id = m.user_id
      where m.organization_id = $1 order by lower(${USER_NAME}), u.id`,
    [orgId],
  );
  return rows.map((r) => ({ id: r.id, name: r.name, email: r.email, addedAt: r.added_at.toISOString() }));
}

/** Makes a user a manager; false when they were one already. */
export async function addManager(c: Q, orgId: string, userId: string, addedBy: string | null) {
  const { rowCount } = await c.query(
    `insert into organization_managers (organization_id, user_id, added_by) values ($1, $2, $3)
     on conflict do nothing`,
    [orgId, userId, addedBy],
  );
  return rowCount === 1;
}

/**
 * Holds the organisation's row until the transaction ends, so that two removals of its last two managers take
 * turns (the second then sees one left). False when there is no such organisation.
 */
export async function lockOrganisation(c: TxClient, orgId: string) {
  const { rowCount } = await c.query('select 1 from organizations where id = $1 for update', [orgId]);
  return rowCount === 1;
}

export async function managerCount(c: TxClient, orgId: string) {
  const { rows } = await c.query<{ n: number }>(
    'select count(*)::int as n from organization_managers where organization_id = $1',
    [orgId],
  );
  return rows[0]!.n;
}

/** Removes a manager; false when they were not one. */
export async function removeManager(c: TxClient, orgId: string, userId: string) {
  const { rowCount } = await c.query(
    'delete from organization_managers where organization_id = $1 and user_id = $2',
    [orgId, userId],
  );
  return rowCount === 1;
}

/** The live user of an e-mail address. */
export async function userByEmail(db: Q, email: string) {
  const { rows } = await db.query<{ id: string }>(
    'select id from users where lower(email) = lower($1) and deleted_at is null and erased_at is null',
    [email],
  );
  return rows[0];
}
