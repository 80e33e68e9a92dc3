ALTER TABLE "assessments" ADD COLUMN "edit_version" bigint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "episodes" ADD COLUMN "version" bigint DEFAULT 1 NOT NULL;