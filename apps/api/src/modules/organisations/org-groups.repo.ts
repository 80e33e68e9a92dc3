import type { Db, TxClient } from '../../db/client.js';

export type Q = Db['$client'] | TxClient;

export type GroupRow = { id: string; name: string; member_count: number; created_at: Date };
export type PersonRow = { id: string; name: string; email: string };

/** A member's name as the console shows it: the display name, else first and last. */
export const PERSON_NAME = `coalesce(nullif(u.display_name, ''), trim(concat_ws(' ', u.first_name, u.last_name)))`;
/** A live member of organisation $1 (not closed, not erased). */
export const LIVE_MEMBER = `u.organization_id = $1 and u.deleted_at is null and u.erased_at is null`;

const GROUP_COLUMNS = `g.id, g.name, g.created_at,
  (select count(*)::int from organization_group_members gm join users u on u.id = gm.user_id
    where gm.group_id = g.id and ${LIVE_MEMBER}) as member_count`;

export async function listGroups(db: Q, orgId: string) {
  const { rows } = await db.query<GroupRow>(
    `select ${GROUP_COLUMNS} from organization_groups g where g.organization_id = $1 order by lower(g.name), g.id`,
    [orgId],
  );
  return rows;
}

export async function findGroup(db: Q, orgId: string, groupId: string, forUpdate = false) {
  const { rows } = await db.query<GroupRow>(
    `select ${GROUP_COLUMNS} from organization_groups g where g.organization_id = $1 and g.id = $2
     ${forUpdate ? 'for update of g' : ''}`,
    [orgId, groupId],
  );
  return rows[0];
}

export async function insertGroup(db: Q, id: string, orgId: string, name: string) {
  await db.query(`insert into organization_groups (id, organization_id, name) values ($1, $2, $3)`, [
    id,
    orgId,
    name,
  ]);
}

export async function renameGroup(db: Q, orgId: string, groupId: string, name: string) {
  await db.query(`update organization_groups set name = $3 where organization_id = $1 and id = $2`, [
    orgId,
    groupId,
    name,
  ]);
}

export async function deleteGroup(db: Q, orgId: string, groupId: string) {
  const { rowCount } = await db.query(
    `delete from organization_groups where organization_id = $1 and id = $2`,
    [orgId, groupId],
  );
  return rowCount === 1;
}

export async function groupMembers(db: Q, orgId: string, groupId: string) {
  const { rows } = await db.query<PersonRow>(
    `select u.id, ${PERSON_NAME} as name, u.email from organization_group_members gm
       join users u on u.id = gm.user_id
      where gm.group_id = $2 and ${LIVE_MEMBER} order by name, u.email`,
    [orgId, groupId],
  );
  return rows;
}

/** Of `userIds`, those that are live members of the organisation. */
export async function membersAmong(db: Q, orgId: string, userIds: string[]) {
  const { rows } = await db.query<{ id: string }>(
    `select u.id from users u where u.id = any($2::uuid[]) and ${LIVE_MEMBER}`,
    [orgId, userIds],
  );
  return rows.map((r) => r.id);
}

/** Adds the users to the group; those already in it stay as they were. */
export async function addGroupMembers(db: Q, groupId: string, userIds: string[]) {
  await db.query(
    `insert into organization_group_members (group_id, user_id)
     select $1, unnest($2::uuid[]) on conflict do nothing`,
    [groupId, userIds],
  );
}

export async function removeGroupMember(db: Q, groupId: string, userId: string) {
  const { rowCount } = await db.query(
    `delete from organization_group_members where group_id = $1 and user_id = $2`,
    [groupId, userId],
  );
  return rowCount === 1;
}

/** The organisation's live members whose name or e-mail holds `pattern` (an ILIKE pattern), at most 20. */
export async function searchPeople(db: Q, orgId: string, pattern: string | null) {
  const { rows } = await db.query<PersonRow>(
    `select u.id, ${PERSON_NAME} as name, u.email from users u
      where ${LIVE_MEMBER} and ($2::text is null or u.email ilike $2 or ${PERSON_NAME} ilike $2)
      order by name, u.email limit 20`,
    [orgId, pattern],
  );
  return rows;
}
