ALTER TABLE "custom_domains" DROP CONSTRAINT "custom_domains_hostname_unique";--> statement-breakpoint
ALTER TABLE "custom_domains" ADD COLUMN "verification_token" text;--> statement-breakpoint
ALTER TABLE "custom_domains" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "custom_domains" ADD COLUMN "proof_missing_since" timestamp with time zone;--> statement-breakpoint
-- Claims made before ownership proof (decision 0019): each gets its own random token; pending ones
-- have 7 days to prove it, verified ones keep being served for the 7-day grace period meanwhile.
UPDATE "custom_domains" SET
  "verification_token" = replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''),
  "expires_at" = CASE WHEN "status" = 'pending' THEN now() + interval '7 days' END,
  "proof_missing_since" = CASE WHEN "status" = 'verified' THEN now() END;--> statement-breakpoint
ALTER TABLE "custom_domains" ALTER COLUMN "verification_token" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "custom_domains_owner_hostname_idx" ON "custom_domains" USING btree ("owner_id","hostname");--> statement-breakpoint
CREATE INDEX "custom_domains_hostname_idx" ON "custom_domains" USING btree ("hostname");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_domains_verified_hostname_idx" ON "custom_domains" USING btree ("hostname") WHERE "custom_domains"."status" = 'verified';
