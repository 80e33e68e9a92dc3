CREATE TABLE "proven_devices" (
	"user_id" uuid NOT NULL,
	"device_id" text NOT NULL,
	"proven_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proven_devices_user_id_device_id_pk" PRIMARY KEY("user_id","device_id")
);
--> statement-breakpoint
ALTER TABLE "proven_devices" ADD CONSTRAINT "proven_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;