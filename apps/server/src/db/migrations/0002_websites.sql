CREATE TABLE "websites" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"template" text NOT NULL,
	"business_type" text NOT NULL,
	"target_market" text DEFAULT 'japan' NOT NULL,
	"business_description" text DEFAULT '' NOT NULL,
	"languages" jsonb NOT NULL,
	"content" jsonb NOT NULL,
	"is_published" boolean DEFAULT true NOT NULL,
	"source" text DEFAULT 'generated' NOT NULL,
	"source_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "websites_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "websites" ADD CONSTRAINT "websites_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "websites_owner_created_idx" ON "websites" USING btree ("owner_id","created_at");