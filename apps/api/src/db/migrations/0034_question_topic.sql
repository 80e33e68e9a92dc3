ALTER TABLE "assessment_questions" ADD COLUMN "topic" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- A pre-test without a pass mark (0%) grades nothing (PRODUCT.md section 6): its attempts graded before were
-- stored as passed; they no longer say so.
UPDATE "assessment_attempts" t SET "passed" = false
  FROM "assessments" a
  WHERE a."id" = t."assessment_id" AND a."kind" = 'pre_test' AND t."passed"
    AND coalesce(t."passing_score", a."passing_score") = 0;
