import type { OrgInvite, OrgInviteQuery } from '@rianroo/contract';
import type { Db, TxClient } from '../../db/client.js';
import { likeTerm, pageOfRows } from '../../db/paging.js';

type Q = Db['$client'] | TxClient;

/** `$1` the time the rules are read at (tests move it); null: the database's clock. */
const AT = 'coalesce($1::timestamptz, now())';

const STATUS = `case when i.accepted_at is not null then 'accepted' when i.revoked_at is not null then 'revoked'
  when i.expires_at <= ${AT} then 'expired' else 'open' end`;

const COLUMNS = `i.id, i.email, i.role, ${STATUS} as status, i.created_at, i.expires_at, i.sent_at, i.send_count,
  i.accepted_at`;

type InviteRow = {
  id: string;
  email: string;
  role: OrgInvite['role'];
  status: OrgInvite['status'];
  created_at: Date;
  expires_at: Date;
  sent_at: Date;
  send_count: number;
  accepted_at: Date | null;
};
const toInvite = (r: InviteRow): OrgInvite => ({
  id: r.id,
  email: r.email,
  role: r.role,
  status: r.status,
  createdAt: r.created_at.toISOString(),
  expiresAt: r.expires_at.toISOString(),
  sentAt: r.sent_at.toISOString(),
  sendCount: r.send_count,
  acceptedAt: r.accepted_at?.toISOString() ?? null,
});

const SORT: Record<OrgInviteQuery['sort'], string> = { createdAt: 'x.created_at', email: 'lower(x.email)' };

export function invitePage(db: Q, orgId: string, q: OrgInviteQuery, now: Date | null) {
  return pageOfRows(
    db,
    `select ${COLUMNS} from organization_invites i
      where i.organization_id = $2 and ($3::text is null or i.email ilike '%' || $3 || '%')
        and ($4::text is null or ${STATUS} = $4)`,
    [now, orgId, likeTerm(q.q), q.status ?? null],
    [SORT[q.sort], 'x.id'],
    q,
    toInvite,
  );
}

/** How many invitations the organisation sent in the last 24 hours (one sent again counts once). */
export async function sentInLastDay(db: Q, orgId: string, now: Date | null) {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from organization_invites
      where organization_id = $2 and sent_at > ${AT} - interval '1 day'`,
    [now, orgId],
  );
  return rows[0]!.n;
}

/** Which of these addresses are taken already: members (or managers, for a manager's invitation). */
export async function alreadyIn(db: Q, orgId: string, emails: string[], role: OrgInvite['role']) {
  const { rows } = await db.query<{ email: string }>(
    role === 'member'
      ? `select lower(email) as email from users
          where organization_id = $1 and lower(email) = any($2::text[]) and deleted_at is null`
      : `select lower(u.email) as email from organization_managers m join users u on u.id = m.user_id
          where m.organization_id = $1 and lower(u.email) = any($2::text[])`,
    [orgId, emails],
  );
  return new Set(rows.map((r) => r.email));
}

/** Closes the open invitations of these addresses that have expired, so that new ones can be sent. */
export async function closeExpired(db: Q, orgId: string, emails: string[], now: Date | null) {
  await db.query(
    `update organization_invites i set revoked_at = ${AT}
      where organization_id = $2 and lower(email) = any($3::text[]) and accepted_at is null and revoked_at is null
        and expires_at <= ${AT}`,
    [now, orgId, emails],
  );
}

/**
 * A new invitation; nothing when the address has an open one already (the partial unique index decides, so
 * two invitations of one address sent at once make one).
 */
export async function insertInvite(
  db: Q,
  i: { id: string; orgId: string; email: string; role: string; tokenHash: string; invitedBy: string },
  days: number,
  now: Date | null,
) {
  const { rowCount } = await db.query(
    `insert into organization_invites (id, organization_id, email, role, token_hash, invited_by, created_at,
       sent_at, expires_at)
     values ($2, $3, $4, $5, $6, $7, ${AT}, ${AT}, ${AT} + make_interval(days => $8))
     on conflict do nothing`,
    [now, i.id, i.orgId, i.email, i.role, i.tokenHash, i.invitedBy, days],
  );
  return rowCount === 1;
}

/** An open invitation sent again under a new token, while fewer than `max` were sent; its row, else nothing. */
export async function renewInvite(
  db: Q,
  orgId: string,
  id: string,
  tokenHash: string,
  days: number,
  max: number,
  now: Date | null,
) {
  const { rows } = await db.query<InviteRow>(
    `update organization_invites i set token_hash = $4, sent_at = ${AT}, expires_at = ${AT} + make_interval(days => $5),
       send_count = send_count + 1
      where organization_id = $2 and id = $3 and accepted_at is null and revoked_at is null and send_count < $6
      returning ${COLUMNS}`,
    [now, orgId, id, tokenHash, days, max],
  );
  return rows[0] && toInvite(rows[0]);
}

export async function revokeInvite(db: Q, orgId: string, id: string, now: Date | null) {
  const { rows } = await db.query<InviteRow>(
    `update organization_invites i set revoked_at = ${AT}
      where organization_id = $2 and id = $3 and accepted_at is null and revoked_at is null
      returning ${COLUMNS}`,
    [now, orgId, id],
  );
  return rows[0] && toInvite(rows[0]);
}

export async function invite(db: Q, orgId: string, id: string, now: Date | null) {
  const { rows } = await db.query<InviteRow>(
    `select ${COLUMNS} from organization_invites i where organization_id = $2 and id = $3`,
    [now, orgId, id],
  );
  return rows[0] && toInvite(rows[0]);
}

/** The invitation of a link's token, its row held until the transaction ends (one acceptance at a time). */
export async function inviteByToken(c: TxClient, tokenHash: string, now: Date | null) {
  const { rows } = await c.query<InviteRow & { organization_id: string; name: string }>(
    `select ${COLUMNS}, i.organization_id, o.name from organization_invites i
       join organizations o on o.id = i.organization_id
      where i.token_hash = $2 for update of i`,
    [now, tokenHash],
  );
  return rows[0];
}

export async function markAccepted(c: TxClient, id: string, userId: string, now: Date | null) {
  await c.query(`update organization_invites set accepted_at = ${AT}, accepted_by = $3 where id = $2`, [
    now,
    id,
    userId,
  ]);
}

/** The invitee's account as the acceptance needs it (its row held); nothing when it is gone. */
export async function invitee(c: TxClient, userId: string) {
  const { rows } = await c.query<{ email: string; organization_id: string | null }>(
    'select email, organization_id from users where id = $1 and deleted_at is null for update',
    [userId],
  );
  return rows[0];
}

/**
 * Puts the learner in the organisation by an invitation (out of any other): the joining is recorded, and an
 * earlier removal from it no longer stands (they accepted this invitation themselves).
 */
export async function joinByInvite(c: TxClient, orgId: string, userId: string, now: Date | null) {
  await c.query(
    `update users set organization_id = $2, organization_joined_at = ${AT}, organization_joined_by = 'invite',
       update_date = now() where id = $3`,
    [now, orgId, userId],
  );
  await c.query('delete from organization_removals where organization_id = $1 and user_id = $2', [
    orgId,
    userId,
  ]);
}

/** The locale of the account of an address, if there is one (the invitation's language). */
export async function localeOf(db: Q, email: string) {
  const { rows } = await db.query<{ locale: 'th' | 'en' }>(
    'select locale from users where lower(email) = lower($1) and deleted_at is null',
    [email],
  );
  return rows[0]?.locale ?? 'th';
}
