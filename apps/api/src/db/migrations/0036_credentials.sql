CREATE TABLE "credential_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"alg" text NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "status_list" integer;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "status_index" integer;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "credential_jwt" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "credential_key_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_status_key" ON "certificates" USING btree ("status_list","status_index");--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_status_range" CHECK ("certificates"."status_list" >= 1 and "certificates"."status_index" >= 0 and "certificates"."status_index" < 131072);