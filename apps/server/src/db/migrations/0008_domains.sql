CREATE TABLE "custom_domains" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"website_id" text NOT NULL,
	"hostname" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"verified_at" timestamp with time zone,
	"last_checked_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_domains_hostname_unique" UNIQUE("hostname")
);
--> statement-breakpoint
CREATE TABLE "domains" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'registering' NOT NULL,
	"registration_period" integer DEFAULT 1 NOT NULL,
	"price_jpy" integer,
	"registrar_ref" text,
	"idempotency_key" text NOT NULL,
	"owner_contact" jsonb NOT NULL,
	"name_servers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "domains_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "custom_domains" ADD CONSTRAINT "custom_domains_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_domains" ADD CONSTRAINT "custom_domains_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domains" ADD CONSTRAINT "domains_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "custom_domains_owner_idx" ON "custom_domains" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "custom_domains_website_idx" ON "custom_domains" USING btree ("website_id");--> statement-breakpoint
CREATE UNIQUE INDEX "domains_owner_idempotency_idx" ON "domains" USING btree ("owner_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "domains_owner_created_idx" ON "domains" USING btree ("owner_id","created_at");