CREATE TABLE "course_tags" (
	"course_id" uuid NOT NULL,
	"tag" text NOT NULL,
	CONSTRAINT "course_tags_course_id_tag_pk" PRIMARY KEY("course_id","tag")
);
--> statement-breakpoint
CREATE TABLE "organization_courses" (
	"organization_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "organization_courses_organization_id_course_id_kind_pk" PRIMARY KEY("organization_id","course_id","kind")
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"requires_contact" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "course_tags" ADD CONSTRAINT "course_tags_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_courses" ADD CONSTRAINT "organization_courses_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_courses" ADD CONSTRAINT "organization_courses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_tags_tag_idx" ON "course_tags" USING btree ("tag");