ALTER TABLE "instructor_applications" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "instructor_applications" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "instructor_applications" ADD COLUMN "handled_by" uuid;--> statement-breakpoint
ALTER TABLE "instructor_applications" ADD CONSTRAINT "instructor_applications_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;