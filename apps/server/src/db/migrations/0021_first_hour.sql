CREATE TABLE "owner_notices" (
	"owner_id" text PRIMARY KEY NOT NULL,
	"enquiries_seen_at" timestamp with time zone,
	"checklist_dismissed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "enquiry_alert_email" text;--> statement-breakpoint
ALTER TABLE "owner_notices" ADD CONSTRAINT "owner_notices_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;