CREATE TABLE "email_segments" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"filter" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_campaigns" ADD COLUMN "segment_id" text;--> statement-breakpoint
ALTER TABLE "email_campaigns" ADD COLUMN "segment" jsonb;--> statement-breakpoint
ALTER TABLE "email_campaigns" ADD COLUMN "blocks" jsonb;--> statement-breakpoint
ALTER TABLE "email_campaigns" ADD COLUMN "body_html" text;--> statement-breakpoint
ALTER TABLE "email_domains" ADD COLUMN "spf" text;--> statement-breakpoint
ALTER TABLE "email_segments" ADD CONSTRAINT "email_segments_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_segments_owner_idx" ON "email_segments" USING btree ("owner_id","created_at");