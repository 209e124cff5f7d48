DROP INDEX "contacts_owner_email_key";--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_owner_email_key" ON "contacts" USING btree ("owner_id","email") WHERE "contacts"."email" <> '';