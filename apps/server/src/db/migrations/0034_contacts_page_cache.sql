DROP INDEX "contacts_owner_created_idx";--> statement-breakpoint
CREATE INDEX "contacts_owner_created_idx" ON "contacts" USING btree ("owner_id","created_at","id");--> statement-breakpoint
-- Pages of the contact list are kept by app processes (decision 0059): every change to what they
-- show is announced when it commits, as 'contacts:<owning workspace>' (one notification per
-- workspace and transaction: PostgreSQL folds identical ones).
CREATE FUNCTION "shobai_announce_contacts_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('shobai_changes', 'contacts:' || NEW.owner_id); END IF;
	IF TG_OP <> 'INSERT' AND (TG_OP = 'DELETE' OR OLD.owner_id IS DISTINCT FROM NEW.owner_id) THEN
		PERFORM pg_notify('shobai_changes', 'contacts:' || OLD.owner_id);
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "contacts_announce_change" AFTER INSERT OR UPDATE OR DELETE ON "contacts"
	FOR EACH ROW EXECUTE FUNCTION "shobai_announce_contacts_change"();
--> statement-breakpoint
CREATE TRIGGER "contact_tags_announce_change" AFTER INSERT OR UPDATE OR DELETE ON "contact_tags"
	FOR EACH ROW EXECUTE FUNCTION "shobai_announce_contacts_change"();
--> statement-breakpoint
CREATE TRIGGER "contact_tag_links_announce_change" AFTER INSERT OR UPDATE OR DELETE ON "contact_tag_links"
	FOR EACH ROW EXECUTE FUNCTION "shobai_announce_contacts_change"();
