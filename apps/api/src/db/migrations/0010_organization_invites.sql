ALTER TABLE "organizations" ADD COLUMN "invite_code" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_invite_code_unique" UNIQUE("invite_code");