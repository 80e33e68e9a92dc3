ALTER TABLE "orders" ADD COLUMN "plan_terms" jsonb;--> statement-breakpoint
-- Orders opened before this: their plan as it is now (what they were opened for is not known any more).
UPDATE "orders" o SET "plan_terms" = jsonb_build_object('code', p.code, 'name', p.name, 'name_en', p.name_en,
    'interval', p.interval, 'interval_count', p.interval_count, 'price_satang', o.subtotal_satang)
  FROM "plans" p WHERE p.id = o.plan_id;
