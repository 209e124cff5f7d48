ALTER TABLE "email_campaigns" ADD COLUMN "track_opens" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "email_campaigns" ADD COLUMN "deleted_at" timestamp with time zone;