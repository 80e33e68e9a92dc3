import type { Db, TxClient } from '../../db/client.js';
import { LIVE_MEMBER, PERSON_NAME } from './org-groups.repo.js';

type Q = Db['$client'] | TxClient;

export type CourseRow = { id: string; title: string; slug: string };
export type Target = { user_id: string; group_id: string | null };

export async function findCourse(db: Q, courseId: string, publishedOnly: boolean) {
  const { rows } = await db.query<CourseRow>(
    `select id, title, slug from courses where id = $1 ${publishedOnly ? `and status = 'published'` : ''}`,
    [courseId],
  );
  return rows[0];
}

/** Of `groupIds`, those of the organisation. */
export async function groupsAmong(db: Q, orgId: string, groupIds: string[]) {
  const { rows } = await db.query<{ id: string }>(
    `select id from organization_groups where organization_id = $1 and id = any($2::uuid[])`,
    [orgId, groupIds],
  );
  return rows.map((r) => r.id);
}

/**
 * Who an assignment reaches: the members named and the present live members of the groups named, each once
 * (named directly wins over a group; of several groups, one), in user id order so that concurrent assignments
 * lock rows in the same order.
 */
export async function targets(db: Q, orgId: string, userIds: string[], groupIds: string[]) {
  const { rows } = await db.query<Target>(
    `select distinct on (t.user_id) t.user_id, t.group_id from (
       select x.id as user_id, null::uuid as group_id, 0 as pref from unnest($2::uuid[]) x(id)
       union all
       select gm.user_id, gm.group_id, 1 from organization_group_members gm join users u on u.id = gm.user_id
        where gm.group_id = any($3::uuid[]) and ${LIVE_MEMBER}) t
     order by t.user_id, t.pref, t.group_id`,
    [orgId, userIds, groupIds],
  );
  return rows;
}

/**
 * One assignment per organisation, course and member (the unique index decides, not a read first): assigning
 * again sets the new due date and source; a changed date starts its reminders over.
 */
export async function upsertAssignments(
  db: Q,
  a: { orgId: string; courseId: string; dueAt: Date | null; by: string; ids: string[]; targets: Target[] },
) {
  const { rowCount } = await db.query(
    `insert into course_assignments (id, organization_id, course_id, user_id, group_id, due_at, assigned_by)
     select t.id, $1, $2, t.user_id, t.group_id, $3, $4
       from unnest($5::uuid[], $6::uuid[], $7::uuid[]) t(id, user_id, group_id)
     on conflict (organization_id, course_id, user_id) do update set
       due_at = excluded.due_at, group_id = excluded.group_id, assigned_by = excluded.assigned_by,
       reminded_at = case when course_assignments.due_at is not distinct from excluded.due_at
                          then course_assignments.reminded_at end,
       overdue_reminded_at = case when course_assignments.due_at is not distinct from excluded.due_at
                                  then course_assignments.overdue_reminded_at end`,
    [
      a.orgId,
      a.courseId,
      a.dueAt,
      a.by,
      a.ids,
      a.targets.map((t) => t.user_id),
      a.targets.map((t) => t.group_id),
    ],
  );
  return rowCount ?? 0;
}

export async function deleteAssignment(db: Q, orgId: string, courseId: string, userId: string) {
  const { rows } = await db.query<{ due_at: Date | null; group_id: string | null }>(
    `delete from course_assignments where organization_id = $1 and course_id = $2 and user_id = $3
     returning due_at, group_id`,
    [orgId, courseId, userId],
  );
  return rows[0];
}

export type SummaryRow = CourseRow & {
  assignees: number;
  completed: number;
  overdue: number;
  next_due_at: Date | null;
};

/** Each assigned course with its counts (live members of the organisation only). */
export async function summaries(db: Q, orgId: string) {
  const { rows } = await db.query<SummaryRow>(
    `select c.id, c.title, c.slug, count(*)::int as assignees,
        count(*) filter (where k.completed)::int as completed,
        count(*) filter (where a.due_at < now() and not k.completed)::int as overdue,
        min(a.due_at) filter (where not k.completed) as next_due_at
       from course_assignments a
       join users u on u.id = a.user_id and ${LIVE_MEMBER}
       join courses c on c.id = a.course_id
       cross join lateral (select completed from course_completion(a.user_id, a.course_id)) k
      where a.organization_id = $1
      group by c.id order by next_due_at nulls last, c.title, c.id`,
    [orgId],
  );
  return rows;
}

export type AssigneeRow = {
  id: string;
  name: string;
  email: string;
  group_id: string | null;
  group_name: string | null;
  created_at: Date;
  due_at: Date | null;
  can_access: boolean;
  episodes_total: number;
  episodes_watched: number;
  post_test_id: string | null;
  post_test_passed_at: Date | null;
  completed: boolean;
  completed_at: Date | null;
  certificate_code: string | null;
  overdue: boolean;
};

/**
 * A course's assignees with their progress: the one completion rule (course_completion) and the one access
 * rule (course_access), overdue ones first, then by due date.
 */
export async function assignees(db: Q, orgId: string, courseId: string) {
  const { rows } = await db.query<AssigneeRow>(
    `select u.id, ${PERSON_NAME} as name, u.email, a.group_id, g.name as group_name, a.created_at, a.due_at,
        coalesce((select r.reason from course_access(a.user_id, a.course_id) r), 'none') <> 'none' as can_access,
        k.episodes_total, k.episodes_watched, k.post_test_id, k.post_test_passed_at, k.completed, k.completed_at,
        ct.code as certificate_code, coalesce(a.due_at < now() and not k.completed, false) as overdue
       from course_assignments a
       join users u on u.id = a.user_id and ${LIVE_MEMBER}
       left join organization_groups g on g.id = a.group_id
       cross join lateral course_completion(a.user_id, a.course_id) k
       left join certificates ct on ct.user_id = a.user_id and ct.course_id = a.course_id and ct.revoked_at is null
      where a.organization_id = $1 and a.course_id = $2
      order by overdue desc, a.due_at nulls last, name, u.email`,
    [orgId, courseId],
  );
  return rows;
}
