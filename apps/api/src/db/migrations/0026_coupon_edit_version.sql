ALTER TABLE "coupons" ADD COLUMN "version" bigint DEFAULT 1 NOT NULL;--> statement-breakpoint
-- The console's edit version of a promo code was its xmin, which every redemption changed (an edit after a learner
-- used the code was refused as EDIT_CONFLICT). It starts at the xmin a page opened before this read, so that
-- page still saves; administrators' edits raise it (coupons.repo updateCoupon), redemptions do not.
UPDATE "coupons" SET "version" = "xmin"::text::bigint;
