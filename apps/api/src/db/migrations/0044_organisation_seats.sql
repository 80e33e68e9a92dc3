CREATE TABLE "organization_seat_pools" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"plan_id" uuid NOT NULL,
	"seats" integer NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"granted_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_seat_pools_seats" CHECK (seats between 1 and 100000)
);
--> statement-breakpoint
CREATE TABLE "organization_seats" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organization_seat_pools" ADD CONSTRAINT "organization_seat_pools_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_seat_pools" ADD CONSTRAINT "organization_seat_pools_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_seat_pools" ADD CONSTRAINT "organization_seat_pools_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_seats" ADD CONSTRAINT "organization_seats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_seats" ADD CONSTRAINT "organization_seats_organization_id_organization_seat_pools_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization_seat_pools"("organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organization_seats_org_idx" ON "organization_seats" USING btree ("organization_id");--> statement-breakpoint
-- Seats follow membership (issue 35): whenever a learner joins or leaves an organisation (any of the five ways in,
-- any way out, an account closed or erased), its pool's seats are given again: seats of those no longer counted
-- as members are freed, then free seats go to members without one, in the order they joined. Every organisation
-- concerned is locked first (its row, which is there before any pool is, so an administrator granting the first
-- seats and a learner joining take turns too), always in the same order (two moves between the same two
-- organisations cannot deadlock); seats are counted only in statements after the lock, each in a fresh snapshot,
-- so a join that committed while this one waited is seen: the seats taken never exceed the pool's, whatever runs
-- at once.
CREATE FUNCTION organization_seats_follow(p_orgs uuid[])
RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  org uuid;
BEGIN
  PERFORM 1 FROM organizations o WHERE o.id = any(p_orgs) ORDER BY o.id FOR NO KEY UPDATE;
  -- Freed first in every pool, so a learner moving between two pools can take a seat in the second.
  DELETE FROM organization_seats s WHERE s.organization_id = any(p_orgs) AND NOT EXISTS (
    SELECT 1 FROM users u WHERE u.id = s.user_id AND u.organization_id = s.organization_id
      AND u.deleted_at IS NULL AND u.erased_at IS NULL);
  FOR org IN SELECT p.organization_id FROM organization_seat_pools p WHERE p.organization_id = any(p_orgs)
    ORDER BY p.organization_id
  LOOP
    INSERT INTO organization_seats (user_id, organization_id)
      SELECT u.id, org FROM users u
      WHERE u.organization_id = org AND u.deleted_at IS NULL AND u.erased_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM organization_seats s WHERE s.user_id = u.id)
      ORDER BY u.organization_joined_at NULLS LAST, u.id
      LIMIT (SELECT greatest(p.seats - (SELECT count(*) FROM organization_seats s WHERE s.organization_id = org), 0)
        FROM organization_seat_pools p WHERE p.organization_id = org);
  END LOOP;
END
$$;--> statement-breakpoint
CREATE FUNCTION users_seats_follow()
RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM organization_seats_follow(array[NEW.organization_id]);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM organization_seats_follow(array[OLD.organization_id]);
  ELSE
    PERFORM organization_seats_follow(array[OLD.organization_id, NEW.organization_id]);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER users_seats_follow_insert AFTER INSERT ON users FOR EACH ROW
  WHEN (NEW.organization_id IS NOT NULL) EXECUTE FUNCTION users_seats_follow();--> statement-breakpoint
CREATE TRIGGER users_seats_follow_update AFTER UPDATE OF organization_id, deleted_at, erased_at ON users FOR EACH ROW
  WHEN (OLD.organization_id IS DISTINCT FROM NEW.organization_id
    OR (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL)
    OR (OLD.erased_at IS NULL) <> (NEW.erased_at IS NULL))
  EXECUTE FUNCTION users_seats_follow();--> statement-breakpoint
CREATE TRIGGER users_seats_follow_delete AFTER DELETE ON users FOR EACH ROW
  WHEN (OLD.organization_id IS NOT NULL) EXECUTE FUNCTION users_seats_follow();--> statement-breakpoint
-- The one entitlement rule (0007, 0040) reads seats: a seat of a pool that has not ended gives every course, as
-- the organisation's plan does, until the pool ends. An organisation's grant (no end) ranks before it.
CREATE OR REPLACE FUNCTION course_access(p_user uuid, p_course uuid)
RETURNS TABLE (reason text, expires_at timestamptz)
LANGUAGE sql STABLE AS $$
  select r.reason, r.expires_at from (
    select 'free'::text as reason, null::timestamptz as expires_at, 0 as rank
      from courses c where c.id = p_course and c.free
    union all
    select case when p.interval = 'trial' then 'trial' else 'subscription' end, s.access_until, 1
      from entitled_subscriptions(p_user) s join plans p on p.id = s.plan_id
    union all
    select 'organization', null, 2
      from users u join organization_courses oc
        on oc.organization_id = u.organization_id and oc.kind = 'grant' and oc.course_id = p_course
      where u.id = p_user
    union all
    select 'organization', sp.ends_at, 3
      from organization_seats os join organization_seat_pools sp on sp.organization_id = os.organization_id
      where os.user_id = p_user and sp.ends_at > now()
    union all
    select 'none', null, 4
  ) r
  order by r.rank, r.expires_at desc nulls last
  limit 1
$$;
