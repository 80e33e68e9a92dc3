import type { Db } from '../../db/client.js';

/**
 * Folds up to `limit` rows of played_seconds_log into the retention aggregates and deletes them, in one
 * statement (one transaction): per episode and second one more viewer for each learner who newly played it
 * (a learner's rows never overlap: each holds only seconds new to the union), one more viewer per episode for
 * each first play, and the learner's day as active (Bangkok days). Rows are taken with SKIP LOCKED and the
 * counters written in key order, so refreshes running at once in several processes count each row once and
 * never deadlock. Answers how many log rows it took.
 */
export const REFRESH_RETENTION = `with taken as (
             delete from played_seconds_log where id in (
               select id from played_seconds_log order by id limit $1 for update skip locked)
             returning user_id, episode_id, added, new_viewer, at),
           live as (select t.* from taken t where exists (select 1 from episodes e where e.id = t.episode_id)),
           per_second as (
             select l.episode_id, s as second, count(*)::int as n
             from live l cross join lateral unnest(l.added) r
             cross join lateral generate_series(lower(r), upper(r) - 1) s
             group by 1, 2),
           seconds as (
             insert into episode_retention as x (episode_id, second, viewers)
             select episode_id, second, n from per_second order by episode_id, second
             on conflict (episode_id, second) do update set viewers = x.viewers + excluded.viewers),
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

/** An episode's duration, its viewers, and per second how many of them played it (only the seconds some did). */
export async function retentionOf(db: Db, episodeId: string) {
  const { rows } = await db.$client.query<{
    title: string;
    course_id: string;
    duration_seconds: number;
    viewers: number;
    seconds: number[] | null;
    counts: number[] | null;
  }>({
    name: 'retention_of',
    text: `select e.title, e.course_id, e.duration_seconds, coalesce(v.viewers, 0) as viewers, r.seconds, r.counts
           from episodes e left join episode_viewers v on v.episode_id = e.id
           cross join lateral (
             select array_agg(second order by second) as seconds, array_agg(viewers order by second) as counts
             from episode_retention where episode_id = e.id and second < e.duration_seconds) r
           where e.id = $1`,
    values: [episodeId],
  });
  return rows[0];
}
