import type { Db } from '../../db/client.js';
import type { RowOf } from '../../db/rows.js';
import type { certificates } from '../../db/schema.js';
import type { CourseSummaryRow } from './courses.repo.js';

/** An episode counts as watched from this share of distinct seconds played (PRODUCT.md section 5). */
export const WATCHED_AT_PERCENT = 90;

/*
 * The rule of a progress save, written once: both statements below are this one, over one save or many. The
 * episode is published, of that course, and a teaser or one the learner is entitled to (the one rule,
 * course_access); the position is clamped to the duration; one row per learner and episode, so concurrent
 * saves lose nothing: the completion never decreases, the position is the latest, watched is set once (at 90%)
 * and stays. The seconds a save brings (progress_fresh: its ranges, or the stretch an older client moved) are
 * credited only as far as the learner's watch-time budget holds them (watch_budgets, watch_available: a token
 * bucket across all of the learner's episodes, locked for the statement, so back-to-back or parallel saves draw
 * on one budget); several saves of one learner in one statement share it in episode order. progress_merge adds
 * the credited seconds to the union and gives the completion they allow (decision 015). The seconds a save
 * adds go to played_seconds_log for the retention job, and a save the budget cut is counted per course and
 * learner in progress_cuts (admin), in the same statement.
 *
 * Locks are taken in one order: the budgets (by learner), then the progress rows (by learner and episode),
 * then progress_cuts (only rows of learners whose budget row the statement holds): two statements at once
 * wait for each other instead of deadlocking.
 */
const SAVE = `ep as (
             select i.user_id, e.id, e.course_id, e.duration_seconds, i.last_second, i.completion_percentage, i.ranges
             from input i join episodes e on e.id = i.episode_id and e.course_id = i.course_id
             join courses c on c.id = e.course_id
             where e.published and c.status = 'published'
               and (e.is_teaser or (select a.reason from course_access(i.user_id, c.id) a) <> 'none')),
           cur as (
             select ep.*, p.played, f.fresh, f.wanted,
               coalesce(sum(f.wanted) over (partition by ep.user_id order by ep.id
                                            rows between unbounded preceding and 1 preceding), 0) as before
             from ep
             left join episode_progress p on p.user_id = ep.user_id and p.episode_id = ep.id
             cross join lateral progress_fresh(p.played, p.last_second, ep.ranges, ep.last_second, ep.duration_seconds) f),
           budget as (
             insert into watch_budgets as b (user_id, tokens, at, granted)
             select w.user_id, watch_available(null, null) - least(w.wanted, floor(watch_available(null, null))::int),
                    now(), least(w.wanted, floor(watch_available(null, null))::int)
             from (select user_id, sum(wanted)::int as wanted from cur group by user_id having sum(wanted) > 0) w
             order by w.user_id
             on conflict (user_id) do update set
               granted = least(excluded.granted, floor(watch_available(b.tokens, b.at))::int),
               tokens = watch_available(b.tokens, b.at) - least(excluded.granted, floor(watch_available(b.tokens, b.at))::int),
               at = greatest(b.at, now())
             returning user_id, granted),
           credited as (
             select cur.*, greatest(0, least(cur.wanted, coalesce(g.granted, 0) - cur.before))::int as share
             from cur left join budget g on g.user_id = cur.user_id),
           up as (
             insert into episode_progress (user_id, episode_id, course_id, last_second, completion_percentage, watched_at, updated_at, played, played_added)
             select k.user_id, k.id, k.course_id,
                  case when k.duration_seconds > 0 then least(k.last_second, k.duration_seconds) else k.last_second end,
                  m.percent, case when m.percent >= ${WATCHED_AT_PERCENT} then now() end, now(), m.played, m.played
             from credited k
             cross join lateral progress_merge(k.played, k.fresh, k.share, k.completion_percentage, k.duration_seconds) m
             order by k.user_id, k.id
             on conflict (user_id, episode_id) do update set
               last_second = excluded.last_second,
               completion_percentage = greatest(episode_progress.completion_percentage, excluded.completion_percentage),
               watched_at = coalesce(episode_progress.watched_at, excluded.watched_at),
               played = episode_progress.played + excluded.played,
               played_added = excluded.played - episode_progress.played,
               updated_at = now()
             returning user_id, episode_id, course_id, last_second, completion_percentage, watched_at, updated_at, played, played_added),
           logged as (
             insert into played_seconds_log (user_id, episode_id, added, new_viewer)
             select user_id, episode_id, played_added, played_added = played from up where not isempty(played_added)),
           cut as (
             insert into progress_cuts as x (course_id, user_id, saves_cut, seconds_cut)
             select course_id, user_id, count(*)::int, sum(wanted - share)::int from credited
             where share < wanted group by course_id, user_id order by user_id, course_id
             on conflict (course_id, user_id) do update set
               saves_cut = x.saves_cut + excluded.saves_cut,
               seconds_cut = x.seconds_cut + excluded.seconds_cut,
               last_cut_at = now())
           select user_id, episode_id, course_id, last_second, completion_percentage, watched_at, updated_at from up`;

/** One save (exported for the benchmark's bare baseline, which runs the very same statement). */
export const PROGRESS_UPSERT = `with input as (
             select $1::uuid as user_id, $2::uuid as episode_id, $3::uuid as course_id, $4::int as last_second,
                    $5::int as completion_percentage, $6::int4multirange as ranges),
           ${SAVE}`;

/**
 * Many saves in one statement and one commit (ProgressWriter), rows taken in (learner, episode) order so two
 * such statements at once lock shared rows in the same order.
 */
export const PROGRESS_UPSERT_MANY = `with input as (
             select * from unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::int[], $5::int[], $6::int4multirange[])
               as i(user_id, episode_id, course_id, last_second, completion_percentage, ranges)),
           ${SAVE}`;

/**
 * Saves progress in one statement, so concurrent saves from two tabs lose nothing and the hot path is one
 * round trip: the episode must be published, belong to the course, and be a teaser or one the learner is
 * entitled to (the one rule, course_access: free course, subscription, organisation grant); the position is clamped
 * to the episode's duration; the completion never decreases; watched is set once at 90% and stays.
 * No row back means refused; the caller then finds out why.
 */
export interface ProgressSave {
  userId: string;
  episodeId: string;
  courseId: string;
  lastSecond: number;
  /** The player's completion percentage; null when it sent none (then its ranges alone give it). */
  completionPercentage: number | null;
  /** The seconds played since its last save, whole seconds, in order, not overlapping; none from older players. */
  ranges: [number, number][] | null;
}
export interface SavedProgress {
  last_second: number;
  completion_percentage: number;
  watched_at: Date | null;
  updated_at: Date;
}

/** PostgreSQL's text form of a set of whole seconds: [[0, 10], [20, 30]] → '{[0,10),[20,30)}'. */
export const toMultirange = (ranges: [number, number][] | null) =>
  ranges ? `{${ranges.map(([a, b]) => `[${a},${b})`).join(',')}}` : null;

export async function upsertProgress(db: Db, p: ProgressSave): Promise<SavedProgress | undefined> {
  const { rows } = await db.$client.query<SavedProgress>({
    name: 'progress_upsert',
    text: PROGRESS_UPSERT,
    values: [p.userId, p.episodeId, p.courseId, p.lastSecond, p.completionPercentage, toMultirange(p.ranges)],
  });
  return rows[0];
}

export async function markFirstWatched(db: Db, userId: string, episodeId: string, courseId: string) {
  await db.$client.query(
    `insert into episode_progress (user_id, episode_id, course_id, first_watched_at) values ($1, $2, $3, now())
     on conflict (user_id, episode_id) do update set first_watched_at = coalesce(episode_progress.first_watched_at, now())`,
    [userId, episodeId, courseId],
  );
}

/** Sets watched only when enough of the episode was really played; answers whether it is watched. */
export async function markWatched(db: Db, userId: string, episodeId: string) {
  const { rows } = await db.$client.query<{ watched: boolean }>(
    `update episode_progress set watched_at = coalesce(watched_at, case when completion_percentage >= ${WATCHED_AT_PERCENT} then now() end)
     where user_id = $1 and episode_id = $2 returning watched_at is not null as watched`,
    [userId, episodeId],
  );
  return rows[0]?.watched ?? false;
}

export async function progressOfCourse(db: Db, userId: string, courseId: string) {
  const { rows } = await db.$client.query<{
    episode_id: string;
    last_second: number;
    completion_percentage: number;
    watched_at: Date | null;
    updated_at: Date;
    is_teaser: boolean;
  }>({
    name: 'progress_of_course',
    // The episodes the course shows: a hidden one's progress is kept, not counted nor listed while hidden.
    text: `select p.episode_id, p.last_second, p.completion_percentage, p.watched_at, p.updated_at, e.is_teaser
           from episode_progress p
           cross join lateral (select is_teaser from episodes where id = p.episode_id and published limit 1) e
           where p.user_id = $1 and p.course_id = $2 order by p.updated_at desc`,
    values: [userId, courseId],
  });
  return rows;
}

export async function countNonTeaserEpisodes(db: Db, courseId: string) {
  const { rows } = await db.$client.query<{ n: number }>({
    name: 'non_teaser_count',
    text: `select count(*)::int as n from episodes where course_id = $1 and published and not is_teaser`,
    values: [courseId],
  });
  return rows[0]!.n;
}

export async function lastWatched(db: Db, userId: string) {
  const { rows } = await db.$client.query<{
    course_id: string;
    episode_id: string;
    title: string;
    last_second: number;
  }>(
    // By key only (the learner's rows, then one course and one episode each), so the cost follows the
    // learner's rows, not the catalogue: left to itself the planner hashes every course and episode.
    `select l.course_id, l.episode_id, e.title, l.last_second from (
       select p.course_id, p.episode_id, p.last_second from episode_progress p
       where p.user_id = $1
         and (select c.status from courses c where c.id = p.course_id limit 1) = 'published'
         and (select e.published from episodes e where e.id = p.episode_id limit 1)
       order by p.updated_at desc limit 1) l
     join episodes e on e.id = l.episode_id`,
    [userId],
  );
  return rows[0];
}

/**
 * Courses the learner started, and those their organisation assigned them (issue 35: not completed ones first,
 * soonest due first, with who assigned them), then most recent first, with finish percentage and last episode.
 * Lookups by key
 * only (the LIMIT 1 laterals keep the planner from scanning episodes and courses), so the cost follows the
 * learner's own rows, not the catalogue.
 */
export const MY_COURSES_SQL = `select c.*, m.last_at, m.last_episode, m.watched, k.completed, ts.tests_total, ts.tests_passed,
             ct.code as certificate_code, asg.assigned_by, asg.due_at as assignment_due_at,
             (asg.due_at < now() and not k.completed) as assignment_overdue,
             coalesce(x.cnt, 0)::int as episode_count, coalesce(x.total, 0)::int as total_duration,
             coalesce(x.non_teaser, 0)::int as non_teaser
           from (
             select p.course_id, max(p.updated_at) as last_at,
               (array_agg(p.episode_id order by p.updated_at desc) filter (where e.published))[1] as last_episode,
               count(*) filter (where p.watched_at is not null and e.published and not e.is_teaser) as watched
             from episode_progress p
             cross join lateral (select is_teaser, published from episodes where id = p.episode_id limit 1) e
             where p.user_id = $1 group by p.course_id
             union all
             -- Courses the learner's organisation assigned them that they have not started.
             select a.course_id, null::timestamptz, null::uuid, 0::bigint
             from course_assignments a join users u on u.id = a.user_id and u.organization_id = a.organization_id
             where a.user_id = $1
               and not exists (select 1 from episode_progress p where p.user_id = $1 and p.course_id = a.course_id)) m
           cross join lateral (select * from courses where id = m.course_id and status = 'published' limit 1) c
           cross join lateral (
             select count(*) as cnt, sum(duration_seconds) as total, count(*) filter (where not is_teaser) as non_teaser
             from episodes where course_id = c.id and published) x
           cross join lateral (select completed from course_completion($1, c.id)) k
           cross join lateral (
             select count(*)::int as tests_total,
               count(*) filter (where exists (select 1 from assessment_attempts t
                                              where t.user_id = $1 and t.assessment_id = a.id and t.passed))::int as tests_passed
             from assessments a
             where a.course_id = c.id and a.kind <> 'pre_test' and assessment_live(a.id)) ts
           left join certificates ct on ct.user_id = $1 and ct.course_id = c.id and ct.revoked_at is null
           left join lateral (
             select o.name as assigned_by, a.due_at from course_assignments a
             join users u on u.id = a.user_id and u.organization_id = a.organization_id
             join organizations o on o.id = a.organization_id
             where a.user_id = $1 and a.course_id = c.id limit 1) asg on true
           -- Assigned courses not completed yet first, soonest due first; then the others, most recent first.
           order by (asg.assigned_by is not null and not k.completed) desc,
             case when not k.completed then asg.due_at end nulls last, m.last_at desc nulls last`;

/** A row of MY_COURSES_SQL: the course (as SUMMARY) with the learner's progress, tests and certificate. */
type MyCourseRow = CourseSummaryRow & {
  /** Null for an assigned course not started. */
  last_at: Date | null;
  last_episode: string | null;
  /** `count(*)`: a bigint, read as a string. */
  watched: string;
  completed: boolean;
  tests_total: number;
  tests_passed: number;
  certificate_code: RowOf<typeof certificates>['code'] | null;
  non_teaser: number;
  /** The name of the organisation that assigned the course, when it did. */
  assigned_by: string | null;
  assignment_due_at: Date | null;
  assignment_overdue: boolean | null;
};

export async function myCourses(db: Db, userId: string) {
  const { rows } = await db.$client.query<MyCourseRow>({
    name: 'my_courses',
    text: MY_COURSES_SQL,
    values: [userId],
  });
  return rows;
}
