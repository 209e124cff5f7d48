-- What a signed-in request reads about its session (sessions, users, accounts, workspace_members,
-- workspaces) is cached by app processes for reads; every change to it is announced when it commits
-- (decision 0059). 'auth:<user id>' names the person whose sessions read differently now; a bare
-- 'auth' (a membership or a workspace's plan: other members' reads change too) means "all of them".
CREATE FUNCTION "shobai_announce_auth_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	key_column text := TG_ARGV[0];
	new_key text;
	old_key text;
BEGIN
	IF key_column IS NULL OR key_column = '' THEN
		PERFORM pg_notify('shobai_changes', 'auth');
		RETURN NULL;
	END IF;
	IF TG_OP <> 'DELETE' THEN new_key := to_jsonb(NEW) ->> key_column; END IF;
	IF TG_OP <> 'INSERT' THEN old_key := to_jsonb(OLD) ->> key_column; END IF;
	IF new_key IS NOT NULL THEN PERFORM pg_notify('shobai_changes', 'auth:' || new_key); END IF;
	IF old_key IS NOT NULL AND old_key IS DISTINCT FROM new_key THEN
		PERFORM pg_notify('shobai_changes', 'auth:' || old_key);
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sessions_announce_auth_change" AFTER UPDATE OR DELETE ON "sessions"
	FOR EACH ROW EXECUTE FUNCTION "shobai_announce_auth_change"('user_id');
--> statement-breakpoint
CREATE TRIGGER "users_announce_auth_change" AFTER UPDATE OR DELETE ON "users"
	FOR EACH ROW EXECUTE FUNCTION "shobai_announce_auth_change"('id');
--> statement-breakpoint
CREATE TRIGGER "accounts_announce_auth_change" AFTER INSERT OR UPDATE OR DELETE ON "accounts"
	FOR EACH ROW EXECUTE FUNCTION "shobai_announce_auth_change"('user_id');
--> statement-breakpoint
-- last_active_at is written every few minutes by requests themselves and is not announced.
CREATE TRIGGER "workspace_members_announce_auth_change"
	AFTER INSERT OR DELETE OR UPDATE OF "workspace_id", "user_id", "role", "created_at" ON "workspace_members"
	FOR EACH ROW EXECUTE FUNCTION "shobai_announce_auth_change"('');
--> statement-breakpoint
CREATE TRIGGER "workspaces_announce_auth_change"
	AFTER DELETE OR UPDATE OF "plan", "subscription_status", "trial_ends_at", "subscription_ends_at" ON "workspaces"
	FOR EACH ROW EXECUTE FUNCTION "shobai_announce_auth_change"('');
