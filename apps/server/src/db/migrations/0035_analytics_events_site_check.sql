ALTER TABLE "analytics_events" DROP CONSTRAINT "analytics_events_website_id_websites_id_fk";
--> statement-breakpoint
-- Analytics events no longer check their site row by row (decision 0061): the event writer inserts
-- only the events of sites it finds, holding those site rows FOR KEY SHARE until it commits, once
-- per statement. What the foreign key's ON DELETE CASCADE did, this trigger does: a deleted site
-- (by itself or by the cascade of its owner's deletion) takes its events with it.
CREATE FUNCTION "shobai_delete_site_events"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "analytics_events" e USING deleted_sites d WHERE e."website_id" = d."id";
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "websites_delete_events" AFTER DELETE ON "websites"
	REFERENCING OLD TABLE AS deleted_sites
	FOR EACH STATEMENT EXECUTE FUNCTION "shobai_delete_site_events"();
