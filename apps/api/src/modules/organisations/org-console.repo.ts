import type { Db, TxClient } from '../../db/client.js';

type Q = Db['$client'] | TxClient;

/** The organisations a user manages, by name. */
export async function managedBy(db: Q, userId: string) {
  const { rows } = await db.query<{ id: string; name: string }>(
    `select o.id, o.name from organization_managers m join organizations o on o.id = m.organization_id
      where m.user_id = $1 order by o.name, o.id`,
    [userId],
  );
  return rows;
}

/** The organisation with its headline figures; nothing when it does not exist. */
export async function overview(db: Q, orgId: string) {
  const { rows } = await db.query<{ id: string; name: string; members: number; managers: number }>(
    `select o.id, o.name,
        (select count(*)::int from users u where u.organization_id = o.id and u.deleted_at is null
          and u.erased_at is null) as members,
        (select count(*)::int from organization_managers m where m.organization_id = o.id) as managers
       from organizations o where o.id = $1`,
    [orgId],
  );
  return rows[0];
}
