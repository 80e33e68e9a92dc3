CREATE TABLE "episode_retention" (
	"episode_id" uuid NOT NULL,
	"second" integer NOT NULL,
	"viewers" integer NOT NULL,
	CONSTRAINT "episode_retention_episode_id_second_pk" PRIMARY KEY("episode_id","second")
);
--> statement-breakpoint
CREATE TABLE "episode_viewers" (
	"episode_id" uuid PRIMARY KEY NOT NULL,
	"viewers" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "learner_days" (
	"day" date NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "learner_days_day_user_id_pk" PRIMARY KEY("day","user_id")
);
--> statement-breakpoint
CREATE TABLE "played_seconds_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "played_seconds_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"episode_id" uuid NOT NULL,
	"added" "int4multirange" NOT NULL,
	"new_viewer" boolean NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "episode_progress" ADD COLUMN "played" "int4multirange" DEFAULT '{}'::int4multirange NOT NULL;--> statement-breakpoint
ALTER TABLE "episode_progress" ADD COLUMN "played_added" "int4multirange" DEFAULT '{}'::int4multirange NOT NULL;--> statement-breakpoint
ALTER TABLE "episode_retention" ADD CONSTRAINT "episode_retention_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_viewers" ADD CONSTRAINT "episode_viewers_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_days" ADD CONSTRAINT "learner_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The one rule of played seconds (decision 015): the ranges of a save, within the episode, add to the union
-- only as many new seconds as the wall time since the previous save allows at double speed, plus slack
-- (the earliest first); the completion is then never above what the union covers once the learner's player
-- has sent ranges. A save without ranges on a row without any (an older player) keeps its percentage.
CREATE FUNCTION progress_merge(
  p_played int4multirange, p_previous timestamptz, p_added int4multirange, p_percent integer, p_duration integer,
  OUT played int4multirange, OUT percent integer)
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_allow integer;
  v_range int4range;
  v_len integer;
  v_new int4multirange;
BEGIN
  played := coalesce(p_played, '{}');
  IF (p_added IS NULL OR isempty(p_added)) AND isempty(played) OR p_duration <= 0 THEN
    percent := coalesce(p_percent, 0);
    RETURN;
  END IF;
  IF p_added IS NOT NULL AND NOT isempty(p_added) THEN
    v_new := (p_added * int4multirange(int4range(0, p_duration))) - played;
    v_allow := floor(2 * greatest(0, extract(epoch FROM now() - coalesce(p_previous, now())))) + 10;
    FOR v_range IN SELECT r FROM unnest(v_new) r ORDER BY lower(r) LOOP
      EXIT WHEN v_allow <= 0;
      v_len := least(upper(v_range) - lower(v_range), v_allow);
      played := played + int4multirange(int4range(lower(v_range), lower(v_range) + v_len));
      v_allow := v_allow - v_len;
    END LOOP;
  END IF;
  percent := least(coalesce(p_percent, 100), (SELECT (100 * coalesce(sum(upper(r) - lower(r)), 0) / p_duration)::int FROM unnest(played) r));
END $$;
