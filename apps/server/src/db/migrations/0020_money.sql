CREATE TABLE "domain_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"kind" text DEFAULT 'register' NOT NULL,
	"domain" text NOT NULL,
	"registration_period" integer NOT NULL,
	"amount_jpy" integer NOT NULL,
	"tax_jpy" integer NOT NULL,
	"cost_jpy" integer NOT NULL,
	"payer" text NOT NULL,
	"status" text DEFAULT 'pending_payment' NOT NULL,
	"auto_renew" boolean DEFAULT true NOT NULL,
	"request" jsonb NOT NULL,
	"checkout_session_id" text,
	"payment_intent_id" text,
	"refund_id" text,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "domain_orders_checkout_session_id_unique" UNIQUE("checkout_session_id")
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text,
	"kind" text NOT NULL,
	"amount_jpy" integer NOT NULL,
	"tax_jpy" integer DEFAULT 0 NOT NULL,
	"description" text NOT NULL,
	"domain" text,
	"order_id" text,
	"stripe_id" text,
	"registrar_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD COLUMN "payment_method_id" text;--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD COLUMN "invoice_billed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "auto_renew" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "renewal_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "renewal_warned_days" integer;--> statement-breakpoint
ALTER TABLE "domain_orders" ADD CONSTRAINT "domain_orders_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "domain_orders_owner_idx" ON "domain_orders" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_created_idx" ON "ledger_entries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_owner_idx" ON "ledger_entries" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_kind_stripe_idx" ON "ledger_entries" USING btree ("kind","stripe_id");