import type { Db } from '../../db/client.js';

/**
 * Folds up to `limit` rows of played_seconds_log into the retention aggregates and deletes them, in one
 * statement (one transaction): per episode, +1 viewer where each newly played range begins and -1 where it
 * ends (episode_retention_steps; a learner's rows never overlap: each holds only seconds new to the union,
 * and where one learner's consecutive ranges meet the two changes cancel before they are written), one more
 * viewer per episode for each first play, and the learner's day as active (Bangkok days). Rows are taken
 * with SKIP LOCKED and the aggregates written in key order, so refreshes running at once in several
 * processes count each row once and never deadlock. Answers how many log rows it took.
 */
export const REFRESH_RETENTION = `with taken as (
             delete from played_seconds_log where id in (
               select id from played_seconds_log order by id limit $1 for update skip locked)
             returning user_id, episode_id, added, new_viewer, at),
           live as (select t.* from taken t where exists (select 1 from episodes e where e.id = t.episode_id)),
           changes as (
             select l.episode_id, b.second, sum(b.change)::int as change
             from live l cross join lateral unnest(l.added) r
             cross join lateral (values (lower(r), 1), (upper(r), -1)) b(second, change)
             group by 1, 2 having sum(b.change) <> 0),
           steps as (
             insert into episode_retention_steps as x (episode_id, second, change)
             select episode_id, second, change from changes order by episode_id, second
             on conflict (episode_id, second) do update set change = x.change + excluded.change),
           viewers as (
             insert into episode_viewers as x (episode_id, viewers)
             select episode_id, count(*)::int from live where new_viewer group by episode_id order by episode_id
             on conflict (episode_id) do update set viewers = x.viewers + excluded.viewers),
           days as (
             insert into learner_days (day, user_id)
             select distinct (t.at at time zone 'Asia/Bangkok')::date, t.user_id from taken t
             where exists (select 1 from users u where u.id = t.user_id)
             order by 1, 2
             on conflict do nothing)
           select count(*)::int as taken from taken`;

export async function refreshRetention(db: Db, limit: number): Promise<number> {
  const { rows } = await db.$client.query<{ taken: number }>({
    name: 'refresh_retention',
    text: REFRESH_RETENTION,
    values: [limit],
  });
  return rows[0]!.taken;
}

/** An episode's row for its retention curve (retentionOf). */
export interface RetentionRow {
  title: string;
  course_id: string;
  duration_seconds: number;
  viewers: number;
  /** The seconds some viewer played, in order, and how many played each (the same length). */
  seconds: number[] | null;
  counts: number[] | null;
}

/**
 * An episode's duration, its viewers, and per second how many of them played it (only the seconds some did,
 * within the duration): the running sum of the changes, each value holding until the next change.
 */
export async function retentionOf(db: Db, episodeId: string) {
  const { rows } = await db.$client.query<RetentionRow>({
    name: 'retention_of',
    text: `select e.title, e.course_id, e.duration_seconds, coalesce(v.viewers, 0) as viewers, r.seconds, r.counts
           from episodes e left join episode_viewers v on v.episode_id = e.id
           cross join lateral (
             select array_agg(g order by g) as seconds, array_agg(w.viewers order by g) as counts
             from (select second, lead(second) over (order by second) as next,
                          (sum(change) over (order by second))::int as viewers
                   from episode_retention_steps where episode_id = e.id) w
             cross join lateral generate_series(w.second, least(w.next, e.duration_seconds) - 1) g
             where w.viewers > 0) r
           where e.id = $1`,
    values: [episodeId],
  });
  return rows[0];
}
