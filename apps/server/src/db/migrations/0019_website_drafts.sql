CREATE TABLE "website_revisions" (
	"website_id" text NOT NULL,
	"revision" integer NOT NULL,
	"content" jsonb NOT NULL,
	"kind" text DEFAULT 'published' NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "website_revisions_website_id_revision_pk" PRIMARY KEY("website_id","revision")
);
--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "draft" jsonb;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "draft_revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "draft_saved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "published_revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "website_revisions" ADD CONSTRAINT "website_revisions_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;