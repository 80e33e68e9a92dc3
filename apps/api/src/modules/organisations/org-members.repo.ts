import type { OrgMember, OrgMemberCourse, OrgMemberQuery, OrgReportQuery } from '@rianroo/contract';
import type { Db, TxClient } from '../../db/client.js';
import { likeTerm, pageOfRows } from '../../db/paging.js';
import { USER_NAME } from '../../db/user-name.js';

type Q = Db['$client'] | TxClient;

/**
 * The organisation's members ($1) with their learning only: assigned courses with progress (course_completion),
 * tests passed, certificates, latest progress. Never orders, receipts or payments. $2 search, $3 joined how,
 * $4 'overdue' | 'completed'. Contact details are joined only when the organisation requires them ($5).
 */
const MEMBERS = `
  select u.id, ${USER_NAME} as name, u.email, u.organization_joined_at as joined_at,
    u.organization_joined_by as joined_by,
    (select max(p.updated_at) from episode_progress p where p.user_id = u.id) as last_activity,
    (select count(distinct t.assessment_id)::int from assessment_attempts t
      where t.user_id = u.id and t.passed) as tests_passed,
    (select count(*)::int from certificates c where c.user_id = u.id and c.revoked_at is null) as certificates,
    exists (select 1 from organization_managers m where m.organization_id = $1 and m.user_id = u.id) as is_manager,
    exists (select 1 from organization_seats s where s.organization_id = $1 and s.user_id = u.id) as has_seat,
    coalesce(a.courses, '[]'::json) as courses,
    case when $5::boolean then (select json_build_object('phone', k.phone, 'position', k.position,
      'province', k.province) from contacts k where k.user_id = u.id) end as contact
  from users u
  left join lateral (
    select json_agg(json_build_object('courseId', ca.course_id, 'title', c.title, 'dueAt', ca.due_at,
        'progress', case when k.episodes_total > 0 then (100 * k.episodes_watched / k.episodes_total) else 0 end,
        'completed', k.completed, 'completedAt', k.completed_at,
        'overdue', not k.completed and ca.due_at < now()) order by c.title, c.id) as courses,
      bool_or(not k.completed and ca.due_at < now()) as overdue,
      bool_and(k.completed) as all_done
    from course_assignments ca join courses c on c.id = ca.course_id
    cross join lateral course_completion(u.id, ca.course_id) k
    where ca.organization_id = $1 and ca.user_id = u.id) a on true
  where u.organization_id = $1 and u.deleted_at is null and u.erased_at is null
    and ($2::text is null or u.email ilike '%' || $2 || '%' or ${USER_NAME} ilike '%' || $2 || '%')
    and ($3::text is null or u.organization_joined_by = $3)
    and ($4::text is null or ($4 = 'overdue' and coalesce(a.overdue, false))
      or ($4 = 'completed' and coalesce(a.all_done, false)))`;

const SORT: Record<OrgMemberQuery['sort'], string> = {
  name: 'lower(x.name)',
  email: 'lower(x.email)',
  joinedAt: "coalesce(x.joined_at, '-infinity')",
  lastActivity: "coalesce(x.last_activity, '-infinity')",
};

type MemberRow = {
  id: string;
  name: string;
  email: string;
  joined_at: Date | null;
  joined_by: OrgMember['joinedBy'];
  last_activity: Date | null;
  tests_passed: number;
  certificates: number;
  is_manager: boolean;
  has_seat: boolean;
  courses: (Omit<OrgMemberCourse, 'dueAt' | 'completedAt'> & {
    dueAt: string | null;
    completedAt: string | null;
  })[];
  contact: OrgMember['contact'];
};

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

const toMember =
  (requiresContact: boolean) =>
  (r: MemberRow): OrgMember => ({
    id: r.id,
    name: r.name,
    email: r.email,
    joinedAt: iso(r.joined_at),
    joinedBy: r.joined_by,
    lastActivityAt: iso(r.last_activity),
    courses: r.courses.map((c) => ({ ...c, dueAt: iso(c.dueAt), completedAt: iso(c.completedAt) })),
    testsPassed: r.tests_passed,
    certificates: r.certificates,
    isManager: r.is_manager,
    hasSeat: r.has_seat,
    ...(requiresContact ? { contact: r.contact ?? null } : {}),
  });

const values = (orgId: string, q: OrgReportQuery, requiresContact: boolean) => [
  orgId,
  likeTerm(q.q),
  q.joinedBy ?? null,
  q.status ?? null,
  requiresContact,
];

/** One page of the members list. */
export function memberPage(db: Q, orgId: string, q: OrgMemberQuery, requiresContact: boolean) {
  return pageOfRows(
    db,
    MEMBERS,
    values(orgId, q, requiresContact),
    [SORT[q.sort], 'x.id'],
    q,
    toMember(requiresContact),
  );
}

/** Every member the filters keep, by name (the report). */
export async function allMembers(db: Q, orgId: string, q: OrgReportQuery, requiresContact: boolean) {
  const { rows } = await db.query<MemberRow>(
    `select x.* from (${MEMBERS}) x order by lower(x.name), x.id limit 50000`,
    values(orgId, q, requiresContact),
  );
  return rows.map(toMember(requiresContact));
}

/** The organisation's settings as the console shows them; nothing when it does not exist. */
export async function settings(db: Q, orgId: string, lock = false) {
  const { rows } = await db.query<{
    emailDomains: string[];
    ssoProvider: string | null;
    requiresContact: boolean;
  }>(
    `select email_domains as "emailDomains", sso_provider as "ssoProvider", requires_contact as "requiresContact"
       from organizations where id = $1${lock ? ' for update' : ''}`,
    [orgId],
  );
  return rows[0];
}

export async function updateSettings(c: TxClient, orgId: string, domains: string[], sso: string | null) {
  await c.query('update organizations set email_domains = $2, sso_provider = $3 where id = $1', [
    orgId,
    domains,
    sso,
  ]);
}

/** A member's course assignments and group places in this organisation go when they leave it. */
export async function dropOrganisationLearning(c: TxClient, orgId: string, userId: string) {
  await c.query('delete from course_assignments where organization_id = $1 and user_id = $2', [
    orgId,
    userId,
  ]);
  await c.query(
    `delete from organization_group_members gm using organization_groups g
      where g.id = gm.group_id and g.organization_id = $1 and gm.user_id = $2`,
    [orgId, userId],
  );
}

/** Completions of the organisation's assigned courses per month, the last 12 months (empty ones too). */
export async function completionsByMonth(db: Q, orgId: string) {
  const { rows } = await db.query<{ month: string; completions: number }>(
    `with months as (
       select to_char(m, 'YYYY-MM') as month
       from generate_series(date_trunc('month', now()) - interval '11 months', date_trunc('month', now()),
         interval '1 month') m),
     done as (
       select to_char(date_trunc('month', k.completed_at), 'YYYY-MM') as month, count(*)::int as n
       from course_assignments ca
       join users u on u.id = ca.user_id and u.organization_id = ca.organization_id and u.deleted_at is null
       cross join lateral course_completion(ca.user_id, ca.course_id) k
       where ca.organization_id = $1 and k.completed
       group by 1)
     select months.month, coalesce(done.n, 0) as completions from months left join done using (month)
      order by months.month`,
    [orgId],
  );
  return rows;
}
