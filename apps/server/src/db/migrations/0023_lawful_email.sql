ALTER TABLE "contacts" ADD COLUMN "consent_source" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "consent_text" text;--> statement-breakpoint
ALTER TABLE "email_campaigns" ADD COLUMN "scheduled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_campaigns" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "email_settings" ADD COLUMN "postal_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_settings" ADD COLUMN "contact_point" text DEFAULT '' NOT NULL;