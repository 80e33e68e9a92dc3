CREATE TABLE "assessment_attempts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"assessment_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"question_order" uuid[] NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline_at" timestamp with time zone,
	"saved_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"late" boolean DEFAULT false NOT NULL,
	"points_earned" double precision,
	"points_total" integer,
	"score" double precision,
	"passed" boolean,
	"grading" jsonb
);
--> statement-breakpoint
CREATE TABLE "assessment_choices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"question_id" uuid NOT NULL,
	"sort" integer NOT NULL,
	"label" text NOT NULL,
	"correct" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assessment_questions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"assessment_id" uuid NOT NULL,
	"sort" integer NOT NULL,
	"kind" text NOT NULL,
	"prompt" text NOT NULL,
	"explanation" text DEFAULT '' NOT NULL,
	"points" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assessments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"course_id" uuid NOT NULL,
	"episode_id" uuid,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"passing_score" integer DEFAULT 60 NOT NULL,
	"max_attempts" integer,
	"time_limit_seconds" integer,
	"shuffle_questions" boolean DEFAULT false NOT NULL,
	"skippable" boolean DEFAULT false NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"code" text NOT NULL,
	"learner_name" text NOT NULL,
	"course_title" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pdf_key" text,
	"revoked_at" timestamp with time zone,
	"revoke_reason" text,
	CONSTRAINT "certificates_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "course_evaluations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"answers" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evaluation_questions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"sort" integer NOT NULL,
	"kind" text NOT NULL,
	"prompt_th" text NOT NULL,
	"prompt_en" text NOT NULL,
	"choices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "certificate_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "certificate_requires_evaluation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "dev_mail" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "assessment_attempts" ADD CONSTRAINT "assessment_attempts_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_attempts" ADD CONSTRAINT "assessment_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_choices" ADD CONSTRAINT "assessment_choices_question_id_assessment_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."assessment_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_questions" ADD CONSTRAINT "assessment_questions_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_evaluations" ADD CONSTRAINT "course_evaluations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_evaluations" ADD CONSTRAINT "course_evaluations_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assessment_attempts_number_key" ON "assessment_attempts" USING btree ("user_id","assessment_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "assessment_attempts_open_key" ON "assessment_attempts" USING btree ("user_id","assessment_id") WHERE "assessment_attempts"."status" = 'in_progress';--> statement-breakpoint
CREATE INDEX "assessment_choices_question_idx" ON "assessment_choices" USING btree ("question_id","sort");--> statement-breakpoint
CREATE INDEX "assessment_questions_assessment_idx" ON "assessment_questions" USING btree ("assessment_id","sort");--> statement-breakpoint
CREATE INDEX "assessments_course_idx" ON "assessments" USING btree ("course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assessments_episode_quiz_key" ON "assessments" USING btree ("episode_id") WHERE "assessments"."kind" = 'episode_quiz';--> statement-breakpoint
CREATE UNIQUE INDEX "assessments_course_test_key" ON "assessments" USING btree ("course_id","kind") WHERE "assessments"."kind" <> 'episode_quiz';--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_user_course_key" ON "certificates" USING btree ("user_id","course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "course_evaluations_user_course_key" ON "course_evaluations" USING btree ("user_id","course_id");--> statement-breakpoint
CREATE INDEX "course_evaluations_course_idx" ON "course_evaluations" USING btree ("course_id");--> statement-breakpoint
-- The completion rule (PRODUCT.md section 6), in one place: every published non-teaser episode watched and,
-- when the course has a published post-test, that test passed. Used by the completion answer, the
-- certificate, the evaluation, the post-test's opening and the library.
CREATE FUNCTION course_completion(p_user uuid, p_course uuid)
RETURNS TABLE (episodes_total int, episodes_watched int, last_watched_at timestamptz, post_test_id uuid,
               post_test_passed_at timestamptz, episodes_done boolean, completed boolean, completed_at timestamptz)
LANGUAGE sql STABLE AS $$
  with eps as (
    select count(*)::int as total,
           count(p.watched_at)::int as watched,
           max(p.watched_at) as last_at
    from episodes e
    left join episode_progress p on p.episode_id = e.id and p.user_id = p_user
    where e.course_id = p_course and e.published and not e.is_teaser),
  post as (
    select a.id,
           (select min(t.submitted_at) from assessment_attempts t
            where t.assessment_id = a.id and t.user_id = p_user and t.passed) as passed_at
    from assessments a where a.course_id = p_course and a.kind = 'post_test' and a.published)
  select eps.total, eps.watched, eps.last_at, post.id, post.passed_at,
         eps.total > 0 and eps.watched = eps.total,
         eps.total > 0 and eps.watched = eps.total and (post.id is null or post.passed_at is not null),
         case when eps.total > 0 and eps.watched = eps.total and (post.id is null or post.passed_at is not null)
              then greatest(eps.last_at, post.passed_at) end
  from eps left join post on true
$$;
