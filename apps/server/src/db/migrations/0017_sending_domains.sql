CREATE TABLE "email_domains" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"domain" text NOT NULL,
	"selector" text NOT NULL,
	"public_key" text NOT NULL,
	"private_key_sealed" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"problem" text,
	"checked_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_domains" ADD CONSTRAINT "email_domains_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_domains_owner_domain_key" ON "email_domains" USING btree ("owner_id","domain");