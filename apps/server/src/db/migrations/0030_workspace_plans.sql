ALTER TABLE "billing_accounts" DROP CONSTRAINT "billing_accounts_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "workspaces" DROP CONSTRAINT "workspaces_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "personal_of" text;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "plan" text DEFAULT 'trial' NOT NULL;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "subscription_status" text DEFAULT 'trialing' NOT NULL;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "trial_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "subscription_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD CONSTRAINT "billing_accounts_user_id_workspaces_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_personal_of_users_id_fk" FOREIGN KEY ("personal_of") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_personal_of_unique" UNIQUE("personal_of");--> statement-breakpoint
-- Backfill (hand-written, decision 0051): every existing workspace is a personal one (id = the
-- account's id); it takes over its account's subscription exactly as stored.
UPDATE "workspaces" AS w SET
  "personal_of" = u."id",
  "plan" = u."plan",
  "subscription_status" = u."subscription_status",
  "trial_ends_at" = u."trial_ends_at",
  "subscription_ends_at" = u."subscription_ends_at",
  "created_by" = u."id"
FROM "users" AS u WHERE u."id" = w."id";--> statement-breakpoint
-- A new account's personal workspace starts the 14-day trial (the subscription is the workspace's
-- now; an account made by the previous version during a rolling upgrade brings its own values).
CREATE OR REPLACE FUNCTION "shobai_personal_workspace"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE trial_end timestamptz := coalesce(NEW."trial_ends_at", NEW."created_at" + interval '14 days');
BEGIN
  INSERT INTO "workspaces" ("id", "name", "created_at", "personal_of", "created_by", "plan", "subscription_status", "trial_ends_at", "subscription_ends_at")
    VALUES (NEW."id", NEW."name", NEW."created_at", NEW."id", NEW."id", NEW."plan", NEW."subscription_status", trial_end, NEW."subscription_ends_at")
    ON CONFLICT DO NOTHING;
  INSERT INTO "workspace_members" ("workspace_id", "user_id", "role", "created_at") VALUES (NEW."id", NEW."id", 'owner', NEW."created_at") ON CONFLICT DO NOTHING;
  IF NEW."trial_ends_at" IS NULL THEN
    UPDATE "users" SET "trial_ends_at" = trial_end WHERE "id" = NEW."id";
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
-- Until the next release drops users.plan & co. (deploy/README.md: a column goes one release after
-- its last reader), the previous version may still read and write them during a rolling upgrade:
-- these triggers keep them equal to the personal workspace's, both ways (no loop: an update that
-- changes nothing is not made).
CREATE OR REPLACE FUNCTION "shobai_user_plan_to_workspace"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "workspaces" SET "plan" = NEW."plan", "subscription_status" = NEW."subscription_status",
      "trial_ends_at" = NEW."trial_ends_at", "subscription_ends_at" = NEW."subscription_ends_at"
    WHERE "personal_of" = NEW."id"
      AND ("plan", "subscription_status", "trial_ends_at", "subscription_ends_at")
        IS DISTINCT FROM (NEW."plan", NEW."subscription_status", NEW."trial_ends_at", NEW."subscription_ends_at");
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_plan_to_workspace" AFTER UPDATE OF "plan", "subscription_status", "trial_ends_at", "subscription_ends_at" ON "users" FOR EACH ROW EXECUTE FUNCTION "shobai_user_plan_to_workspace"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "shobai_workspace_plan_to_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."personal_of" IS NOT NULL THEN
    UPDATE "users" SET "plan" = NEW."plan", "subscription_status" = NEW."subscription_status",
        "trial_ends_at" = NEW."trial_ends_at", "subscription_ends_at" = NEW."subscription_ends_at"
      WHERE "id" = NEW."personal_of"
        AND ("plan", "subscription_status", "trial_ends_at", "subscription_ends_at")
          IS DISTINCT FROM (NEW."plan", NEW."subscription_status", NEW."trial_ends_at", NEW."subscription_ends_at");
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "workspaces_plan_to_user" AFTER UPDATE OF "plan", "subscription_status", "trial_ends_at", "subscription_ends_at" ON "workspaces" FOR EACH ROW EXECUTE FUNCTION "shobai_workspace_plan_to_user"();
