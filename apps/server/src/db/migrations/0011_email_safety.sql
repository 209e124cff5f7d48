CREATE TABLE "email_links" (
	"id" text PRIMARY KEY NOT NULL,
	"campaign_id" text NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_sender_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_campaigns" ADD COLUMN "stop_reason" text;--> statement-breakpoint
ALTER TABLE "email_links" ADD CONSTRAINT "email_links_campaign_id_email_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."email_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_sender_requests" ADD CONSTRAINT "email_sender_requests_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_links_campaign_url_key" ON "email_links" USING btree ("campaign_id","url");--> statement-breakpoint
CREATE INDEX "email_sender_requests_owner_idx" ON "email_sender_requests" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "email_sender_requests_email_idx" ON "email_sender_requests" USING btree ("email","created_at");