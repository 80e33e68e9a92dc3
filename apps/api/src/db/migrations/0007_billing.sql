CREATE TABLE "coupon_redemptions" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"coupon_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"once_per_learner" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"percent_off" integer,
	"amount_off_satang" bigint,
	"plan_codes" text[],
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"max_redemptions" integer,
	"redeemed_count" integer DEFAULT 0 NOT NULL,
	"once_per_learner" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_one_discount" CHECK ((percent_off is null) <> (amount_off_satang is null)),
	CONSTRAINT "coupons_percent_range" CHECK (percent_off is null or percent_off between 1 and 100),
	CONSTRAINT "coupons_amount_positive" CHECK (amount_off_satang is null or amount_off_satang > 0),
	CONSTRAINT "coupons_cap" CHECK (max_redemptions is null or redeemed_count <= max_redemptions)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"user_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"coupon_id" uuid,
	"subtotal_satang" bigint NOT NULL,
	"discount_satang" bigint NOT NULL,
	"total_satang" bigint NOT NULL,
	"vat_satang" bigint NOT NULL,
	"status" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"payment_ref" text,
	"method" text,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"order_id" uuid,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_email" text NOT NULL,
	"seller" jsonb NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipts_number_unique" UNIQUE("number"),
	CONSTRAINT "receipts_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "subscription_reminders" (
	"subscription_id" uuid NOT NULL,
	"days" integer NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_reminders_subscription_id_days_period_end_pk" PRIMARY KEY("subscription_id","days","period_end")
);
--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "name_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "interval_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "sort" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "trial" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "anchor_day" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "canceled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "expired_at" timestamp with time zone;--> statement-breakpoint
-- The plans on sale (PRODUCT.md section 7), in every database: a 7-day free trial, monthly and annual in THB.
INSERT INTO "plans" ("id", "code", "name", "interval", "length_days", "price_satang") VALUES
  ('01930000-0000-7000-8000-000000000001', 'trial', 'ทดลองเรียนฟรี 7 วัน', 'trial', 7, 0),
  ('01930000-0000-7000-8000-000000000002', 'monthly', 'รายเดือน', 'month', 30, 29900),
  ('01930000-0000-7000-8000-000000000003', 'annual', 'รายปี', 'year', 365, 299000)
ON CONFLICT ("code") DO NOTHING;--> statement-breakpoint
-- Existing rows: English plan names and order; a learner's earliest trial is their one trial; of several current
-- subscriptions of one learner only the one ending last stays current.
UPDATE "plans" SET "name_en" = CASE "code" WHEN 'monthly' THEN 'Monthly' WHEN 'annual' THEN 'Annual'
  WHEN 'trial' THEN '7-day free trial' ELSE "name" END WHERE "name_en" = '';--> statement-breakpoint
UPDATE "plans" SET "sort" = CASE "interval" WHEN 'trial' THEN 0 WHEN 'month' THEN 1 ELSE 2 END;--> statement-breakpoint
UPDATE "subscriptions" s SET "trial" = true FROM (
  SELECT DISTINCT ON (s2.user_id) s2.id FROM "subscriptions" s2 JOIN "plans" p ON p.id = s2.plan_id
  WHERE p.interval = 'trial' ORDER BY s2.user_id, s2.created_at) first_trial
WHERE s.id = first_trial.id;--> statement-breakpoint
UPDATE "subscriptions" s SET "status" = 'expired', "expired_at" = now() WHERE s.status IN ('trialing', 'active', 'canceled')
  AND EXISTS (SELECT 1 FROM "subscriptions" o WHERE o.user_id = s.user_id AND o.id <> s.id
    AND o.status IN ('trialing', 'active', 'canceled')
    AND (o.current_period_end, o.id) > (s.current_period_end, s.id));--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_reminders" ADD CONSTRAINT "subscription_reminders_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_redemptions_once_idx" ON "coupon_redemptions" USING btree ("coupon_id","user_id") WHERE once_per_learner;--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_idx" ON "coupons" USING btree (upper("code"));--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_provider_ref_idx" ON "orders" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE INDEX "orders_pending_idx" ON "orders" USING btree ("expires_at") WHERE status = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_one_trial_idx" ON "subscriptions" USING btree ("user_id") WHERE trial;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_one_current_idx" ON "subscriptions" USING btree ("user_id") WHERE status in ('trialing', 'active', 'canceled');--> statement-breakpoint
CREATE INDEX "subscriptions_period_end_idx" ON "subscriptions" USING btree ("current_period_end") WHERE status in ('trialing', 'active', 'canceled');--> statement-breakpoint
CREATE SEQUENCE "order_number_seq";--> statement-breakpoint
CREATE SEQUENCE "receipt_number_seq";--> statement-breakpoint
-- The one entitlement rule (PRODUCT.md section 7), in one place. A subscription gives access while it is not expired
-- and its period has not ended: trialing, active, and canceled (renewal turned off) until the period end. Access
-- follows the clock at once; the expiry job only records what already holds.
CREATE FUNCTION entitled_subscriptions(p_user uuid)
RETURNS SETOF subscriptions
LANGUAGE sql STABLE AS $$
  select * from subscriptions s
  where s.user_id = p_user and s.status in ('trialing', 'active', 'canceled') and s.current_period_end > now()
$$;--> statement-breakpoint
-- May this learner watch this course, and why: a free course, a subscription giving access (a trial plan says
-- 'trial'), or a grant of the learner's organisation; else 'none'. Teasers are the caller's business (an episode
-- rule). Used by the courses service (every content endpoint) and by the progress upsert. (A version with gated
-- lateral joins measured slower than this union: 91-109 µs a call against 85-88 µs.)
CREATE FUNCTION course_access(p_user uuid, p_course uuid)
RETURNS TABLE (reason text, expires_at timestamptz)
LANGUAGE sql STABLE AS $$
  select r.reason, r.expires_at from (
    select 'free'::text as reason, null::timestamptz as expires_at, 0 as rank
      from courses c where c.id = p_course and c.free
    union all
    select case when p.interval = 'trial' then 'trial' else 'subscription' end, s.current_period_end, 1
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
