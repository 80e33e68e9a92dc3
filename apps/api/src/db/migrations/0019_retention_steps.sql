CREATE TABLE "episode_retention_steps" (
	"episode_id" uuid NOT NULL,
	"second" integer NOT NULL,
	"change" integer NOT NULL,
	CONSTRAINT "episode_retention_steps_episode_id_second_pk" PRIMARY KEY("episode_id","second")
);
--> statement-breakpoint
ALTER TABLE "episode_retention_steps" ADD CONSTRAINT "episode_retention_steps_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The retention aggregate as changes instead of counts (decision 015): a played range [a, b) adds +1 at a and
-- -1 at b, and the viewers of second s are the running sum of the changes up to s. Folding a save then writes two
-- rows whatever its length (a 10 s save wrote ten), and a learner's consecutive saves cancel where they meet.
-- The counts kept so far become their changes: at s, viewers(s) - viewers(s - 1), a missing second being 0.
INSERT INTO "episode_retention_steps" ("episode_id", "second", "change")
SELECT "episode_id", "second", sum("d")::int FROM (
  SELECT "episode_id", "second", "viewers" AS "d" FROM "episode_retention"
  UNION ALL
  SELECT "episode_id", "second" + 1, -"viewers" FROM "episode_retention"
) "c" GROUP BY "episode_id", "second" HAVING sum("d") <> 0;
