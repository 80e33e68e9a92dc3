import type { Db } from '../../db/client.js';
import type { RowOf } from '../../db/rows.js';
import type { assessments } from '../../db/schema.js';

/** Days are Bangkok days: the platform's learners and its operators live there. */
const TZ = `'Asia/Bangkok'`;
const dayOf = (column: string) => `(${column} at time zone ${TZ})::date`;

/** Per day of the span: sign-ups, active learners, episodes watched (90%), certificates issued. */
export async function perDay(db: Db, from: string, to: string) {
  const { rows } = await db.$client.query<{
    day: string;
    sign_ups: number;
    active: number;
    episodes: number;
    certificates: number;
  }>({
    name: 'analytics_per_day',
    text: `with span as (select d::date as day from generate_series($1::date, $2::date, interval '1 day') d),
           lo as (select ($1::date::timestamp at time zone ${TZ}) as t),
           hi as (select (($2::date + 1)::timestamp at time zone ${TZ}) as t),
           s as (select ${dayOf('create_date')} as day, count(*)::int as n from users
                 where create_date >= (select t from lo) and create_date < (select t from hi) group by 1),
           a as (select day, count(*)::int as n from learner_days where day between $1::date and $2::date group by 1),
           w as (select ${dayOf('watched_at')} as day, count(*)::int as n from episode_progress
                 where watched_at >= (select t from lo) and watched_at < (select t from hi) group by 1),
           c as (select ${dayOf('issued_at')} as day, count(*)::int as n from certificates
                 where issued_at >= (select t from lo) and issued_at < (select t from hi) group by 1)
           select to_char(span.day, 'YYYY-MM-DD') as day, coalesce(s.n, 0) as sign_ups, coalesce(a.n, 0) as active,
                  coalesce(w.n, 0) as episodes, coalesce(c.n, 0) as certificates
           from span left join s using (day) left join a using (day) left join w using (day) left join c using (day)
           order by span.day`,
    values: [from, to],
  });
  return rows;
}

/** Distinct active learners per ISO week (Monday first) that overlaps the span, counted within the span. */
export async function perWeek(db: Db, from: string, to: string) {
  const { rows } = await db.$client.query<{ week_start: string; active: number }>({
    name: 'analytics_per_week',
    text: `select to_char(w, 'YYYY-MM-DD') as week_start,
                  (select count(distinct user_id)::int from learner_days
                   where day >= greatest(w::date, $1::date) and day < least(w::date + 7, $2::date + 1)) as active
           from generate_series(date_trunc('week', $1::date::timestamp), $2::date::timestamp, interval '7 days') w
           order by w`,
    values: [from, to],
  });
  return rows;
}

/** Paid orders per plan in the span (by the time they were paid), in integer satang. */
export async function revenue(db: Db, from: string, to: string) {
  const { rows } = await db.$client.query<{
    plan_id: string;
    name: string;
    name_en: string;
    currency: string;
    orders: number;
    satang: string;
  }>({
    name: 'analytics_revenue',
    text: `select p.id as plan_id, p.name, p.name_en, p.currency, count(*)::int as orders, sum(o.total_satang)::text as satang
           from orders o join plans p on p.id = o.plan_id
           where o.status = 'paid' and o.paid_at >= ($1::date::timestamp at time zone ${TZ})
             and o.paid_at < (($2::date + 1)::timestamp at time zone ${TZ})
           group by p.id order by sum(o.total_satang) desc, p.sort`,
    values: [from, to],
  });
  return rows;
}

/** Published courses with their published episodes in order. */
export async function coursesWithEpisodes(db: Db) {
  const { rows } = await db.$client.query<{
    id: string;
    title: string;
    episodes: { id: string; title: string; sort: number; durationSeconds: number }[];
  }>(
    `select c.id, c.title, coalesce(jsonb_agg(jsonb_build_object('id', e.id, 'title', e.title, 'sort', e.sort,
              'durationSeconds', e.duration_seconds) order by e.sort) filter (where e.id is not null), '[]') as episodes
     from courses c left join episodes e on e.course_id = c.id and e.published
     where c.status = 'published' group by c.id order by c.title`,
  );
  return rows;
}

/**
 * A course's funnel for the learners who started it in the span (their first progress on it): how many
 * watched each published episode (in order), passed each published test (a pre-test: took it), and hold a
 * certificate of it.
 */
/** The learners of a course whose saves the watch-time budget cut, the most seconds first. */
export async function budgetCuts(db: Db, courseId: string) {
  const { rows } = await db.$client.query<{
    user_id: string;
    name: string;
    email: string;
    saves_cut: number;
    seconds_cut: number;
    first_cut_at: Date;
    last_cut_at: Date;
  }>(
    `select x.user_id, trim(coalesce(nullif(u.display_name, ''), u.first_name || ' ' || u.last_name)) as name, u.email,
            x.saves_cut, x.seconds_cut, x.first_cut_at, x.last_cut_at
     from progress_cuts x join users u on u.id = x.user_id
     where x.course_id = $1 order by x.seconds_cut desc, x.last_cut_at desc limit 200`,
    [courseId],
  );
  return rows;
}

export async function funnel(db: Db, courseId: string, from: string, to: string) {
  const { rows } = await db.$client.query<{
    /** The literals of the statement's branches, and the assessments' kinds. */
    kind: 'started' | 'episode' | RowOf<typeof assessments>['kind'] | 'certificate';
    id: string | null;
    title: string;
    learners: number;
  }>({
    name: 'analytics_funnel',
    text: `with cohort as (
             select user_id from episode_progress where course_id = $1
             group by user_id
             having min(coalesce(first_watched_at, updated_at)) >= ($2::date::timestamp at time zone ${TZ})
                and min(coalesce(first_watched_at, updated_at)) < (($3::date + 1)::timestamp at time zone ${TZ}))
           select 'started' as kind, null::uuid as id, '' as title, (select count(*)::int from cohort) as learners, 0 as o1, 0 as o2
           union all
           select 'episode', e.id, e.title, (select count(*)::int from episode_progress p join cohort k using (user_id)
                                             where p.episode_id = e.id and p.watched_at is not null), 2, e.sort * 2
           from episodes e where e.course_id = $1 and e.published
           union all
           select a.kind, a.id, a.title, (select count(distinct t.user_id)::int from assessment_attempts t join cohort k using (user_id)
                                          where t.assessment_id = a.id and t.status = 'submitted'
                                            and (a.kind = 'pre_test' or t.passed)),
                  case a.kind when 'pre_test' then 1 when 'episode_quiz' then 2 else 3 end,
                  coalesce((select sort * 2 + 1 from episodes where id = a.episode_id), 0)
           from assessments a where a.course_id = $1 and assessment_live(a.id)
           union all
           select 'certificate', null, '', (select count(*)::int from certificates c join cohort k using (user_id)
                                            where c.course_id = $1 and c.revoked_at is null), 4, 0
           order by o1, o2`,
    values: [courseId, from, to],
  });
  return rows;
}

export async function courseTitle(db: Db, courseId: string) {
  const { rows } = await db.$client.query<{ title: string }>(`select title from courses where id = $1`, [
    courseId,
  ]);
  return rows[0]?.title;
}
