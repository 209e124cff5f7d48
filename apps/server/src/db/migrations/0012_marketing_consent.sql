CREATE TABLE "email_consent_confirmations" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"contact_id" text NOT NULL,
	"lang" text NOT NULL,
	"business_name" text NOT NULL,
	"consent_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "marketing_consent" text DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "consent_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_consent_confirmations" ADD CONSTRAINT "email_consent_confirmations_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_consent_confirmations" ADD CONSTRAINT "email_consent_confirmations_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_consent_confirmations_contact_idx" ON "email_consent_confirmations" USING btree ("contact_id","created_at");