CREATE TABLE "video_assets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"source" text NOT NULL,
	"duration_seconds" integer DEFAULT 0 NOT NULL,
	"renditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"has_poster" boolean DEFAULT false NOT NULL,
	"captions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cloudflare_uid" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "episodes" ADD COLUMN "video_asset_id" uuid;--> statement-breakpoint
ALTER TABLE "episodes" ADD CONSTRAINT "episodes_video_asset_id_video_assets_id_fk" FOREIGN KEY ("video_asset_id") REFERENCES "public"."video_assets"("id") ON DELETE set null ON UPDATE no action;