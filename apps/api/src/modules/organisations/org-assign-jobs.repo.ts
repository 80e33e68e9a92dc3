import type { Db } from '../../db/client.js';

type Q = Db['$client'];

export type ReminderRow = {
  id: string;
  due_at: Date;
  email: string;
  first_name: string;
  locale: 'th' | 'en';
  title: string;
  slug: string;
  organization: string;
};

/** A live member still in the assigning organisation, of a published course they have not completed. */
const OPEN_ASSIGNMENT = `from course_assignments a
  join users u on u.id = a.user_id and u.organization_id = a.organization_id
    and u.deleted_at is null and u.erased_at is null
  join courses c on c.id = a.course_id and c.status = 'published'
  join organizations o on o.id = a.organization_id
  where not (select k.completed from course_completion(a.user_id, a.course_id) k)`;
const REMINDER_COLUMNS = `a.id, a.due_at, u.email, u.first_name, u.locale, c.title, c.slug, o.name as organization`;

/** Open assignments due within `days` after `at` whose reminder has not gone. */
export async function dueSoon(db: Q, at: Date, days: number) {
  const { rows } = await db.query<ReminderRow>(
    `select ${REMINDER_COLUMNS} ${OPEN_ASSIGNMENT} and a.reminded_at is null
       and a.due_at > $1 and a.due_at <= $1 + make_interval(days => $2) order by a.due_at, a.id`,
    [at, days],
  );
  return rows;
}

/** Open assignments past their due date at `at` whose overdue mail has not gone. */
export async function overdue(db: Q, at: Date) {
  const { rows } = await db.query<ReminderRow>(
    `select ${REMINDER_COLUMNS} ${OPEN_ASSIGNMENT} and a.overdue_reminded_at is null and a.due_at <= $1
     order by a.due_at, a.id`,
    [at],
  );
  return rows;
}

/**
 * Marks the reminder as sent, unless another run did first or the date changed meanwhile: true for the one run
 * that is to send it.
 */
export async function claimReminder(
  db: Q,
  id: string,
  dueAt: Date,
  at: Date,
  column: 'reminded_at' | 'overdue_reminded_at',
) {
  const { rowCount } = await db.query(
    `update course_assignments set ${column} = $3 where id = $1 and due_at = $2 and ${column} is null`,
    [id, dueAt, at],
  );
  return rowCount === 1;
}

/** The Monday (Bangkok) of the week `at` falls in. */
export async function weekStart(db: Q, at: Date) {
  const { rows } = await db.query<{ week_start: string }>(
    `select to_char(date_trunc('week', $1::timestamptz at time zone 'Asia/Bangkok'), 'YYYY-MM-DD') as week_start`,
    [at],
  );
  return rows[0]!.week_start;
}

/** Organisations with at least one manager. */
export async function managedOrganizations(db: Q) {
  const { rows } = await db.query<{ id: string; name: string }>(
    `select o.id, o.name from organizations o
      where exists (select 1 from organization_managers m where m.organization_id = o.id) order by o.id`,
  );
  return rows;
}

/** Records the week's digest of the organisation as sent: true for the one run that is to send it. */
export async function claimDigest(db: Q, orgId: string, weekStart: string) {
  const { rowCount } = await db.query(
    `insert into organization_digests (organization_id, week_start) values ($1, $2::date) on conflict do nothing`,
    [orgId, weekStart],
  );
  return rowCount === 1;
}

/**
 * The digest's figures for the week before `weekStart` (Bangkok days): members who joined, assigned courses
 * completed, and assignments overdue at `at`.
 */
export async function digestFigures(db: Q, orgId: string, weekStart: string, at: Date) {
  const { rows } = await db.query<{ joined: number; completions: number; overdue: number }>(
    `with w as (select ($2::date - 7)::timestamp at time zone 'Asia/Bangkok' as since,
                       $2::date::timestamp at time zone 'Asia/Bangkok' as until),
     live as (select a.* , k.completed, k.completed_at from course_assignments a
                join users u on u.id = a.user_id and u.organization_id = a.organization_id
                  and u.deleted_at is null and u.erased_at is null
                cross join lateral course_completion(a.user_id, a.course_id) k
               where a.organization_id = $1)
     select
       (select count(*)::int from users u, w where u.organization_id = $1 and u.deleted_at is null
           and u.organization_joined_at >= w.since and u.organization_joined_at < w.until) as joined,
       (select count(*)::int from live, w where live.completed_at >= w.since and live.completed_at < w.until)
         as completions,
       (select count(*)::int from live where live.due_at <= $3 and not live.completed) as overdue`,
    [orgId, weekStart, at],
  );
  return rows[0]!;
}

export async function managersOf(db: Q, orgId: string) {
  const { rows } = await db.query<{ email: string; first_name: string; locale: 'th' | 'en' }>(
    `select u.email, u.first_name, u.locale from organization_managers m
       join users u on u.id = m.user_id and u.deleted_at is null and u.erased_at is null
      where m.organization_id = $1 order by u.id`,
    [orgId],
  );
  return rows;
}
