import type {
  AdminMember,
  AdminMemberQuery,
  AdminOrganization,
  AdminOrganizationQuery,
  OrganizationCourse,
} from '@rianroo/contract';
import type { Db, TxClient } from '../../db/client.js';
import { likeTerm, pageOfRows } from '../../db/paging.js';
import { USER_NAME } from '../../db/user-name.js';

type Q = Db['$client'] | TxClient;

/** What an administrator sets on an organisation, as stored (empty codes already made null). */
export interface OrganizationFields {
  name: string;
  requiresContact: boolean;
  inviteCode: string | null;
  ssoProvider: string | null;
  emailDomains: string[];
}

type OrgRow = {
  id: string;
  name: string;
  requires_contact: boolean;
  invite_code: string | null;
  sso_provider: string | null;
  email_domains: string[];
  members: number;
  created_at: Date;
  version: string;
};
const toOrg = (r: OrgRow): AdminOrganization => ({
  id: r.id,
  name: r.name,
  requiresContact: r.requires_contact,
  inviteCode: r.invite_code,
  ssoProvider: r.sso_provider,
  emailDomains: r.email_domains,
  members: Number(r.members),
  createdAt: r.created_at.toISOString(),
  version: r.version,
});

/** The fields an edit changes, as the audit log records them. */
export const auditFields = (o: AdminOrganization): OrganizationFields => ({
  name: o.name,
  requiresContact: o.requiresContact,
  inviteCode: o.inviteCode,
  ssoProvider: o.ssoProvider,
  emailDomains: o.emailDomains,
});

const ORG = `select o.id, o.name, o.requires_contact, o.invite_code, o.sso_provider, o.email_domains, o.created_at,
    o.xmin::text as version,
    (select count(*) from users u where u.organization_id = o.id and u.deleted_at is null
      and u.erased_at is null)::int as members
  from organizations o`;

const ORG_SORT: Record<AdminOrganizationQuery['sort'], string> = {
  name: 'lower(x.name)',
  createdAt: 'x.created_at',
  members: 'x.members',
};

/** One page of organisations, searched by name, invite code or e-mail domain. */
export function listOrganizations(db: Q, q: AdminOrganizationQuery) {
  return pageOfRows(
    db,
    `${ORG} where $1::text is null or o.name ilike '%' || $1 || '%' or o.invite_code ilike '%' || $1 || '%'
       or array_to_string(o.email_domains, ' ') ilike '%' || $1 || '%'`,
    [likeTerm(q.q)],
    [ORG_SORT[q.sort], 'x.id'],
    q,
    toOrg,
  );
}

/** One organisation; `lock` holds its row until the transaction ends (an edit, a change of its courses). */
export async function organization(db: Q, id: string, lock = false) {
  const { rows } = await db.query<OrgRow>(`${ORG} where o.id = $1${lock ? ' for update of o' : ''}`, [id]);
  return rows[0] && toOrg(rows[0]);
}

/**
 * Which of these keys another organisation already holds: the invite code (any letter case, as learners type
 * it), the sign-in provider, each e-mail domain. Asked under `lockKeys`, so two writes cannot both pass.
 */
export async function takenKeys(c: TxClient, f: OrganizationFields, exceptId: string | null) {
  const { rows } = await c.query<{ invite: boolean; sso: boolean; domains: string[] | null }>(
    `select
       exists (select 1 from organizations where upper(invite_code) = upper($1) and id is distinct from $4) as invite,
       exists (select 1 from organizations where sso_provider = $2 and id is distinct from $4) as sso,
       (select array_agg(distinct d) from organizations o, unnest(o.email_domains) d
         where d = any($3::text[]) and o.id is distinct from $4) as domains`,
    [f.inviteCode, f.ssoProvider, f.emailDomains, exceptId],
  );
  return { invite: rows[0]!.invite, sso: rows[0]!.sso, domains: rows[0]!.domains ?? [] };
}

/** Serialises the writes that set organisations' unique keys (until the transaction ends). */
export async function lockKeys(c: TxClient) {
  await c.query(`select pg_advisory_xact_lock(hashtextextended('admin:organization-keys', 0))`);
}

export async function insertOrganization(c: TxClient, id: string, f: OrganizationFields) {
  await c.query(
    `insert into organizations (id, name, requires_contact, invite_code, sso_provider, email_domains)
     values ($1, $2, $3, $4, $5, $6)`,
    [id, f.name, f.requiresContact, f.inviteCode, f.ssoProvider, f.emailDomains],
  );
}

export async function updateOrganization(c: TxClient, id: string, f: OrganizationFields) {
  await c.query(
    `update organizations set name = $2, requires_contact = $3, invite_code = $4, sso_provider = $5,
       email_domains = $6 where id = $1`,
    [id, f.name, f.requiresContact, f.inviteCode, f.ssoProvider, f.emailDomains],
  );
}

/** The courses an organisation grants and picks (recommends), each in its order. */
export async function organizationCourses(db: Q, id: string) {
  const { rows } = await db.query<OrganizationCourse & { kind: 'grant' | 'recommend' }>(
    `select c.id, c.title, c.slug, oc.kind from organization_courses oc join courses c on c.id = oc.course_id
      where oc.organization_id = $1 order by oc.kind, oc.sort, c.title`,
    [id],
  );
  const pick = (kind: string) =>
    rows.filter((r) => r.kind === kind).map(({ id, title, slug }) => ({ id, title, slug }));
  return { grants: pick('grant'), picks: pick('recommend') };
}

/**
 * The ids of the courses an organisation grants and picks, each list in its order (as the audit log records
 * them); nothing when there is no such organisation. `lock` holds the organisation's row until the
 * transaction ends.
 */
export async function organizationCourseIds(db: Q, id: string, lock = false) {
  if (!(await organization(db, id, lock))) return undefined;
  const { grants, picks } = await organizationCourses(db, id);
  return { grants: grants.map((g) => g.id), picks: picks.map((p) => p.id) };
}

/** Of these course ids, those that name no course. */
export async function unknownCourses(c: Q, ids: string[]) {
  const { rows } = await c.query<{ id: string }>(
    `select i as id from unnest($1::uuid[]) i where not exists (select 1 from courses c where c.id = i)`,
    [ids],
  );
  return rows.map((r) => r.id);
}

/** Replaces the organisation's grants and picks with these lists (their order kept). */
export async function replaceCourses(c: TxClient, id: string, grants: string[], picks: string[]) {
  await c.query('delete from organization_courses where organization_id = $1', [id]);
  await c.query(
    `insert into organization_courses (organization_id, course_id, kind, sort)
     select $1::uuid, g.id, 'grant', g.n::int from unnest($2::uuid[]) with ordinality g(id, n)
     union all
     select $1::uuid, p.id, 'recommend', p.n::int from unnest($3::uuid[]) with ordinality p(id, n)`,
    [id, grants, picks],
  );
}

export async function courseOptions(db: Q) {
  const { rows } = await db.query<OrganizationCourse>(
    'select id, title, slug from courses order by title, id limit 2000',
  );
  return rows;
}

const MEMBER_SORT: Record<AdminMemberQuery['sort'], string> = {
  email: 'lower(x.email)',
  name: 'lower(x.name)',
  createdAt: 'x.create_date',
};

/** One page of an organisation's members, searched by e-mail or name. */
export function listMembers(db: Q, id: string, q: AdminMemberQuery) {
  return pageOfRows(
    db,
    `select u.id, u.email, ${USER_NAME} as name, u.create_date from users u
      where u.organization_id = $1 and u.deleted_at is null
        and ($2::text is null or u.email ilike '%' || $2 || '%' or ${USER_NAME} ilike '%' || $2 || '%')`,
    [id, likeTerm(q.q)],
    [MEMBER_SORT[q.sort], 'x.id'],
    q,
    (r: { id: string; email: string; name: string; create_date: Date }): AdminMember => ({
      id: r.id,
      email: r.email,
      name: r.name,
      createdAt: r.create_date.toISOString(),
    }),
  );
}

/** A user's membership: the organisation they are in now (null when none), as the audit log records it. */
export interface Membership {
  userId: string;
  organizationId: string | null;
}

/** The membership of the user of this e-mail address; `lock` holds their row until the transaction ends. */
export async function membershipByEmail(db: Q, email: string, lock = false): Promise<Membership | undefined> {
  const { rows } = await db.query<Membership>(
    `select id as "userId", organization_id as "organizationId" from users
      where lower(email) = lower($1) and deleted_at is null${lock ? ' for update' : ''}`,
    [email],
  );
  return rows[0];
}

/** A user's membership; `lock` holds their row until the transaction ends. */
export async function membership(db: Q, userId: string, lock = false): Promise<Membership | undefined> {
  const { rows } = await db.query<Membership>(
    `select id as "userId", organization_id as "organizationId" from users where id = $1${lock ? ' for update' : ''}`,
    [userId],
  );
  return rows[0];
}

/** Puts a learner in an organisation (an administrator's act: lifts their removal from it, if any). */
export async function setOrganization(c: TxClient, userId: string, organizationId: string) {
  await c.query(
    `update users set organization_id = $2, organization_joined_at = now(), organization_joined_by = 'admin',
       update_date = now() where id = $1 and organization_id is distinct from $2`,
    [userId, organizationId],
  );
  await c.query('delete from organization_removals where organization_id = $2 and user_id = $1', [
    userId,
    organizationId,
  ]);
}

/**
 * Takes a member out of the organisation, for good: no automatic join (e-mail domain, partner sign-in) puts them
 * back (contact.repo.ts). False when they were not in it.
 */
export async function removeMember(c: TxClient, id: string, userId: string) {
  const { rowCount } = await c.query(
    `update users set organization_id = null, organization_joined_at = null, organization_joined_by = null,
       update_date = now() where id = $2 and organization_id = $1`,
    [id, userId],
  );
  if (rowCount !== 1) return false;
  await c.query(
    `insert into organization_removals (organization_id, user_id) values ($1, $2)
     on conflict (organization_id, user_id) do update set removed_at = now()`,
    [id, userId],
  );
  return true;
}
