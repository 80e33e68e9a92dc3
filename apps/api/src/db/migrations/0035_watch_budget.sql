CREATE TABLE "progress_cuts" (
	"course_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"saves_cut" integer NOT NULL,
	"seconds_cut" integer NOT NULL,
	"first_cut_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_cut_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "progress_cuts_course_id_user_id_pk" PRIMARY KEY("course_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "watch_budgets" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"tokens" double precision NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"granted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "progress_cuts" ADD CONSTRAINT "progress_cuts_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_cuts" ADD CONSTRAINT "progress_cuts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_budgets" ADD CONSTRAINT "watch_budgets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every save that adds seconds updates its learner's budget row: room on each page keeps those updates HOT (no
-- new index entry, pruned in place), as episode_progress does (0021).
ALTER TABLE "watch_budgets" SET (fillfactor = 50);--> statement-breakpoint
-- Issue 30: completion checked by the server (PRODUCT.md section 5, decision 015). The allowance of played
-- seconds is a budget per learner over time, a token bucket, instead of a per-save allowance of 2x the time
-- since the row's previous save plus 10 s (which four back-to-back saves, or two episodes at once, could beat).
-- A save without ranges counts as the stretch from the previous saved position to the new one, under the same
-- budget; a percentage alone never completes anything.
--
-- What a learner's budget holds now, from what it held at p_at: it refills at 2 s of video a second (the
-- player's top speed) up to 60 s of slack; a learner without a budget yet has a full one.
CREATE FUNCTION watch_available(p_tokens double precision, p_at timestamptz) RETURNS double precision
LANGUAGE sql STABLE AS $$
  select case when p_at is null then 60::float8
    else least(60::float8, p_tokens + 2 * greatest(0, extract(epoch from now() - p_at))::float8) end
$$;
--> statement-breakpoint
-- The seconds a save brings that the row does not have yet, within the episode, and how many they are: its
-- ranges, or without ranges (an older client) the stretch from the row's position to the new one if forward.
CREATE FUNCTION progress_fresh(
  p_played int4multirange, p_last integer, p_added int4multirange, p_new_last integer, p_duration integer)
RETURNS TABLE (fresh int4multirange, wanted integer)
LANGUAGE sql STABLE AS $$
  select f.fresh,
    case when isempty(f.fresh) then 0
         when f.fresh = int4multirange(range_merge(f.fresh)) then upper(f.fresh) - lower(f.fresh)
         else (select sum(upper(r) - lower(r)) from unnest(f.fresh) r)::int end
  from (select (coalesce(p_added,
                  case when p_new_last > coalesce(p_last, 0)
                       then int4multirange(int4range(coalesce(p_last, 0), p_new_last))
                       else '{}'::int4multirange end)
                * int4multirange(int4range(0, greatest(p_duration, 0))))
               - coalesce(p_played, '{}'::int4multirange) as fresh
        offset 0) f
$$;
--> statement-breakpoint
DROP FUNCTION progress_merge(int4multirange, timestamptz, int4multirange, integer, integer);
--> statement-breakpoint
-- The row's played seconds with as many of the fresh ones as the budget granted (the earliest first), and the
-- completion: the share of the episode they cover, never above the percentage the player sent. An episode
-- without a known duration completes nothing.
CREATE FUNCTION progress_merge(
  p_played int4multirange, p_fresh int4multirange, p_allow integer, p_percent integer, p_duration integer)
RETURNS TABLE (played int4multirange, percent integer)
LANGUAGE sql STABLE AS $$
  select u.played,
    case when p_duration <= 0 then 0
      else least(coalesce(p_percent, 100), (100 * (
        case when isempty(u.played) then 0
             when u.played = int4multirange(range_merge(u.played)) then upper(u.played) - lower(u.played)
             else (select sum(upper(r) - lower(r)) from unnest(u.played) r) end)::bigint / p_duration)::int) end
  from (select coalesce(p_played, '{}'::int4multirange)
                 + case when p_fresh is null or isempty(p_fresh) or p_allow <= 0 then '{}'::int4multirange
                        when upper(p_fresh) - lower(p_fresh) <= p_allow then p_fresh
                        else progress_cap(p_fresh, p_allow) end as played
        offset 0) u
$$;
