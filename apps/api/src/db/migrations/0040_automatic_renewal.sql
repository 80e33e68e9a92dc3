ALTER TABLE "orders" ADD COLUMN "auto_renew" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "kind" text DEFAULT 'checkout' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "card_ref" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "card_brand" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "card_last4" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "billing_ref" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "customer_ref" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "billing_synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "renewal_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "next_renewal_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "grace_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "access_until" timestamp with time zone GENERATED ALWAYS AS (greatest(current_period_end, coalesce(grace_until, current_period_end))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "subscriptions_access_until_idx" ON "subscriptions" USING btree ("access_until") WHERE status in ('trialing', 'active', 'canceled');--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_billing_ref_idx" ON "subscriptions" USING btree ("billing_ref");--> statement-breakpoint
-- The one entitlement rule (0007) reads access_until: the period's end, or the grace period's while a failed
-- automatic renewal is tried again (PRODUCT.md section 7: full access during the grace period, then the lock).
CREATE OR REPLACE FUNCTION entitled_subscriptions(p_user uuid)
RETURNS SETOF subscriptions
LANGUAGE sql STABLE AS $$
  select * from subscriptions s
  where s.user_id = p_user and s.status in ('trialing', 'active', 'canceled') and s.access_until > now()
$$;--> statement-breakpoint
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
    select 'none', null, 3
  ) r
  order by r.rank, r.expires_at desc nulls last
  limit 1
$$;
