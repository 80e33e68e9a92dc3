ALTER TABLE "assessment_attempts" ADD COLUMN "passing_score" integer;--> statement-breakpoint
-- Attempts in progress take their test's pass mark now (the one they were started under is not known any more);
-- those already graded keep their grade, and no pass mark is made up for them.
UPDATE "assessment_attempts" t SET "passing_score" = a."passing_score"
  FROM "assessments" a WHERE a."id" = t."assessment_id" AND t."status" = 'in_progress';
