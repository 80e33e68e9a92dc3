-- The rule of played seconds (decision 015) unchanged, written in SQL instead of plpgsql so that the planner
-- inlines it into the progress save's statement: the plpgsql function ran two queries of its own per save and
-- cost about 100 µs of PostgreSQL's time each call (issue 15: the save with ranges fell 20% behind the save
-- without). The common case takes no query at all: the new seconds span no more than the allowance (they are
-- all taken), and the union is one range (its length is its span). The subqueries keep `offset 0` so that the
-- planner computes each value once per row instead of copying its expression into every use.
DROP FUNCTION progress_merge(int4multirange, timestamptz, int4multirange, integer, integer);
--> statement-breakpoint
-- The new seconds of a save kept to the allowance, the earliest first (only when they span more than it).
CREATE FUNCTION progress_cap(p_fresh int4multirange, p_allow integer) RETURNS int4multirange
LANGUAGE sql IMMUTABLE AS $$
  select coalesce(range_agg(int4range(lower(r), lower(r) + least(upper(r) - lower(r), p_allow - before))), '{}')
  from (select r, (sum(upper(r) - lower(r)) over (order by lower(r)))::int - (upper(r) - lower(r)) as before
        from unnest(p_fresh) r) w
  where p_allow - before > 0
$$;
--> statement-breakpoint
-- The ranges of a save, within the episode, add to the union only as many new seconds as the wall time since the
-- previous save allows at double speed, plus 10 s of slack (the earliest first); the completion is then never
-- above what the union covers once the learner's player has sent ranges. A save without ranges on a row without
-- any (an older player) keeps its percentage.
CREATE FUNCTION progress_merge(
  p_played int4multirange, p_previous timestamptz, p_added int4multirange, p_percent integer, p_duration integer)
RETURNS TABLE (played int4multirange, percent integer)
LANGUAGE sql STABLE AS $$
  select u.played,
    case when (p_added is null or isempty(p_added)) and isempty(a.before) or p_duration <= 0 then coalesce(p_percent, 0)
      else least(coalesce(p_percent, 100), (100 * (
        case when isempty(u.played) then 0
             when u.played = int4multirange(range_merge(u.played)) then upper(u.played) - lower(u.played)
             else (select sum(upper(r) - lower(r)) from unnest(u.played) r) end)::bigint / p_duration)::int) end
  from (select coalesce(p_played, '{}'::int4multirange) as before,
               (p_added * int4multirange(int4range(0, greatest(p_duration, 0)))) - coalesce(p_played, '{}'::int4multirange) as fresh,
               floor(2 * greatest(0, extract(epoch from now() - coalesce(p_previous, now()))))::int + 10 as allow
        offset 0) a
  cross join lateral (
    select a.before + case when a.fresh is null or isempty(a.fresh) then '{}'::int4multirange
                           when upper(a.fresh) - lower(a.fresh) <= a.allow then a.fresh
                           else progress_cap(a.fresh, a.allow) end as played
    offset 0) u
$$;
