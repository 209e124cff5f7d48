import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createFreshPostgres, TEST_DATABASE_URL } from "../testing/test-database";
import { type DbHandle, openDatabase } from "./client";
import { migrationsFolder, runMigrations } from "./migrate";

/**
 * The teams migration (issue 24, decision 0051) on a database holding the previous schema's data:
 * every account becomes the owner of its personal workspace (id = account id), owner ids keep their
 * values and now point at workspaces, and deleting an account still deletes what it owned.
 */

/** A copy of the migrations folder that stops just before the migration tagged `…_<suffix>`. */
function foldersBefore(suffix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `shobai-before-${suffix}-`));
  fs.cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag.endsWith(`_${suffix}`));
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

const before = foldersBefore("teams");
const beforePlans = foldersBefore("workspace_plans");
afterAll(() => {
  fs.rmSync(before, { recursive: true, force: true });
  fs.rmSync(beforePlans, { recursive: true, force: true });
});

async function seedPreviousSchema(db: DbHandle): Promise<void> {
  await db.execute(
    "insert into users (id, name, email, plan) values ('u-hana', 'Hana', 'hana@example.jp', 'business'), ('u-ken', 'Ken', 'ken@example.jp', 'trial')",
  );
  await db.execute(
    `insert into websites (id, owner_id, name, slug, template, business_type, languages, content)
     values ('w1', 'u-hana', 'Hana Cafe', 'hana-cafe', 'modern', 'cafe', '["ja"]', '{}')`,
  );
  await db.execute(
    "insert into contacts (id, owner_id, email) values ('c1', 'u-hana', 'guest@example.jp'), ('c2', 'u-ken', 'k@example.jp')",
  );
  await db.execute(
    "insert into sessions (id, token, expires_at, user_id) values ('s1', 'tok', now() + interval '1 day', 'u-hana')",
  );
}

async function expectMigrated(db: DbHandle): Promise<void> {
  expect(await db.rows("select id, name from workspaces order by id")).toEqual([
    { id: "u-hana", name: "Hana" },
    { id: "u-ken", name: "Ken" },
  ]);
  expect(await db.rows("select workspace_id, user_id, role from workspace_members order by user_id")).toEqual(
    [
      { workspace_id: "u-hana", user_id: "u-hana", role: "owner" },
      { workspace_id: "u-ken", user_id: "u-ken", role: "owner" },
    ],
  );
  expect(await db.rows("select owner_id from websites")).toEqual([{ owner_id: "u-hana" }]);
  expect(await db.rows("select active_workspace_id from sessions")).toEqual([{ active_workspace_id: null }]);
  // owner_id now refers to workspaces: a record for a workspace that does not exist is refused.
  await expect(
    db.execute("insert into contacts (id, owner_id, email) values ('c3', 'nobody', 'x@example.jp')"),
  ).rejects.toThrow();
  // The subscription moved to the workspace with its values.
  expect(await db.rows("select id, plan, personal_of from workspaces order by id")).toEqual([
    { id: "u-hana", plan: "business", personal_of: "u-hana" },
    { id: "u-ken", plan: "trial", personal_of: "u-ken" },
  ]);
  // A new account gets its personal workspace in the same insert.
  await db.execute("insert into users (id, name, email) values ('u-new', 'New', 'new@example.jp')");
  expect(
    await db.rows("select role from workspace_members where workspace_id = 'u-new' and user_id = 'u-new'"),
  ).toEqual([{ role: "owner" }]);
  // Deleting an account still deletes everything its workspace owned.
  await db.execute("delete from users where id = 'u-hana'");
  expect(await db.rows("select id from contacts order by id")).toEqual([{ id: "c2" }]);
  expect(await db.rows("select id from websites")).toEqual([]);
  expect(await db.rows("select id from workspaces where id = 'u-hana'")).toEqual([]);
}

/**
 * The workspace-plans migration (decision 0051): the subscription moves from each account's row to
 * its personal workspace; billing accounts now point at workspaces; a workspace need not be an
 * account (`personal_of` null), and the old columns stay equal to the personal workspace's until
 * they are dropped a release later.
 */
async function seedBeforePlans(db: DbHandle): Promise<void> {
  await db.execute(
    `insert into users (id, name, email, plan, subscription_status, trial_ends_at, subscription_ends_at) values
      ('u-hana', 'Hana', 'hana@example.jp', 'business', 'canceled', '2026-01-01T00:00:00Z', '2026-12-31T00:00:00Z'),
      ('u-ken', 'Ken', 'ken@example.jp', 'trial', 'trialing', '2026-02-01T00:00:00Z', null)`,
  );
  await db.execute(
    "insert into billing_accounts (user_id, customer_id, subscription_id) values ('u-hana', 'cus_1', 'sub_1')",
  );
  await db.execute(
    "insert into contacts (id, owner_id, email) values ('c1', 'u-hana', 'guest@example.jp'), ('c2', 'u-ken', 'k@example.jp')",
  );
}

const iso = (v: unknown) => (v === null ? null : new Date(v as string).toISOString());

async function expectPlansMigrated(db: DbHandle): Promise<void> {
  const rows = await db.rows<{
    id: string;
    personal_of: string;
    plan: string;
    subscription_status: string;
    trial_ends_at: string | null;
    subscription_ends_at: string | null;
  }>(
    "select id, personal_of, plan, subscription_status, trial_ends_at, subscription_ends_at from workspaces order by id",
  );
  expect(
    rows.map((r) => ({
      ...r,
      trial_ends_at: iso(r.trial_ends_at),
      subscription_ends_at: iso(r.subscription_ends_at),
    })),
  ).toEqual([
    {
      id: "u-hana",
      personal_of: "u-hana",
      plan: "business",
      subscription_status: "canceled",
      trial_ends_at: "2026-01-01T00:00:00.000Z",
      subscription_ends_at: "2026-12-31T00:00:00.000Z",
    },
    {
      id: "u-ken",
      personal_of: "u-ken",
      plan: "trial",
      subscription_status: "trialing",
      trial_ends_at: "2026-02-01T00:00:00.000Z",
      subscription_ends_at: null,
    },
  ]);
  // A workspace that is nobody's account can exist now, and buy (billing accounts point at workspaces).
  await db.execute("insert into workspaces (id, name, created_by) values ('ws-team', 'Team', 'u-ken')");
  await db.execute(
    "insert into workspace_members (workspace_id, user_id, role) values ('ws-team', 'u-ken', 'owner')",
  );
  await db.execute("insert into billing_accounts (user_id, customer_id) values ('ws-team', 'cus_2')");
  await db.execute("insert into contacts (id, owner_id, email) values ('c3', 'ws-team', 't@example.jp')");
  await expect(
    db.execute("insert into billing_accounts (user_id, customer_id) values ('nobody', 'cus_3')"),
  ).rejects.toThrow();
  // A new account's personal workspace starts a 14-day trial.
  await db.execute("insert into users (id, name, email) values ('u-new', 'New', 'new@example.jp')");
  const [fresh] = await db.rows<{ plan: string; days: number }>(
    "select plan, extract(epoch from trial_ends_at - now()) / 86400 as days from workspaces where personal_of = 'u-new'",
  );
  expect(fresh?.plan).toBe("trial");
  expect(Number(fresh?.days)).toBeGreaterThan(13.9);
  // The previous version, still running during a rolling upgrade, writes users.plan: the workspace follows,
  // and the other way round.
  await db.execute("update users set plan = 'starter', subscription_status = 'active' where id = 'u-ken'");
  expect(await db.rows("select plan, subscription_status from workspaces where id = 'u-ken'")).toEqual([
    { plan: "starter", subscription_status: "active" },
  ]);
  await db.execute("update workspaces set plan = 'enterprise' where id = 'u-hana'");
  expect(await db.rows("select plan from users where id = 'u-hana'")).toEqual([{ plan: "enterprise" }]);
  // Deleting an account still deletes its personal workspace and what it owned, and its billing link;
  // a workspace it merely belonged to stays.
  await db.execute("delete from users where id = 'u-hana'");
  expect(await db.rows("select id from workspaces order by id")).toEqual([
    { id: "u-ken" },
    { id: "u-new" },
    { id: "ws-team" },
  ]);
  expect(await db.rows("select user_id from billing_accounts order by user_id")).toEqual([
    { user_id: "ws-team" },
  ]);
  expect(await db.rows("select id from contacts order by id")).toEqual([{ id: "c2" }, { id: "c3" }]);
  // Deleting a team workspace removes its records.
  await db.execute("delete from workspaces where id = 'ws-team'");
  expect(await db.rows("select id from contacts order by id")).toEqual([{ id: "c2" }]);
}

describe("workspace plans migration", () => {
  it("moves each account's subscription to its personal workspace on PGlite", async () => {
    const db = await openDatabase({ kind: "pglite", dir: null });
    try {
      await runMigrations(db, beforePlans);
      await seedBeforePlans(db);
      await runMigrations(db);
      await expectPlansMigrated(db);
    } finally {
      await db.close();
    }
  }, 180_000);

  it.skipIf(!TEST_DATABASE_URL)(
    "moves each account's subscription to its personal workspace on PostgreSQL",
    async () => {
      const db = await createFreshPostgres(TEST_DATABASE_URL ?? "", "shobai_plans_migration", beforePlans);
      try {
        await seedBeforePlans(db);
        await runMigrations(db);
        await expectPlansMigrated(db);
      } finally {
        await db.drop();
      }
    },
    180_000,
  );
});

describe("teams migration", () => {
  it("moves existing accounts into personal workspaces on PGlite", async () => {
    const db = await openDatabase({ kind: "pglite", dir: null });
    try {
      await runMigrations(db, before);
      await seedPreviousSchema(db);
      await runMigrations(db);
      await expectMigrated(db);
    } finally {
      await db.close();
    }
  }, 180_000);

  it.skipIf(!TEST_DATABASE_URL)(
    "moves existing accounts into personal workspaces on PostgreSQL",
    async () => {
      const db = await createFreshPostgres(TEST_DATABASE_URL ?? "", "shobai_teams_migration", before);
      try {
        await seedPreviousSchema(db);
        await runMigrations(db);
        await expectMigrated(db);
      } finally {
        await db.drop();
      }
    },
    180_000,
  );
});
