CREATE TABLE "job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"ok" boolean,
	"summary" text,
	"process" text NOT NULL,
	"last_success_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_deliveries" ADD COLUMN "claimed_by" integer;--> statement-breakpoint
-- Changes that app processes cache are announced to every process when they commit (decision 0022).
CREATE FUNCTION "shobai_announce_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	key_column text := TG_ARGV[0];
	new_key text;
	old_key text;
BEGIN
	IF TG_OP <> 'DELETE' THEN new_key := to_jsonb(NEW) ->> key_column; END IF;
	IF TG_OP <> 'INSERT' THEN old_key := to_jsonb(OLD) ->> key_column; END IF;
	IF new_key IS NOT NULL THEN PERFORM pg_notify('shobai_changes', TG_TABLE_NAME || ':' || new_key); END IF;
	IF old_key IS NOT NULL AND old_key IS DISTINCT FROM new_key THEN
		PERFORM pg_notify('shobai_changes', TG_TABLE_NAME || ':' || old_key);
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "websites_announce_change" AFTER INSERT OR UPDATE OR DELETE ON "websites"
	FOR EACH ROW EXECUTE FUNCTION "shobai_announce_change"('slug');
--> statement-breakpoint
CREATE TRIGGER "custom_domains_announce_change" AFTER INSERT OR UPDATE OR DELETE ON "custom_domains"
	FOR EACH ROW EXECUTE FUNCTION "shobai_announce_change"('hostname');
