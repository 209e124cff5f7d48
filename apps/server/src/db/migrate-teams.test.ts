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

/** A copy of the migrations folder that stops just before the teams migration. */
function foldersBeforeTeams(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shobai-before-teams-"));
  fs.cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag.endsWith("_teams"));
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

const before = foldersBeforeTeams();
afterAll(() => fs.rmSync(before, { recursive: true, force: true }));

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
