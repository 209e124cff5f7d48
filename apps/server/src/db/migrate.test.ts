import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createTestDatabase, TEST_DATABASE_URL } from "../testing/test-database";
import { openDatabase } from "./client";
import { runMigrations } from "./migrate";

async function tableNames(handle: Awaited<ReturnType<typeof openDatabase>>): Promise<string[]> {
  const rows = await handle.rows<{ table_name: string }>(
    "select table_name from information_schema.tables where table_schema = 'public' order by table_name",
  );
  return rows.map((r) => r.table_name);
}

const EXPECTED_TABLES = [
  "accounts",
  "contact_activities",
  "contacts",
  "sessions",
  "users",
  "verifications",
  "websites",
];

describe("migrations", () => {
  it("create the schema in a PGlite directory and are idempotent across restarts", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shobai-migrate-"));
    try {
      const first = await openDatabase({ kind: "pglite", dir });
      await runMigrations(first);
      await first.execute("insert into users (id, name, email) values ('u1', 'Kept', 'kept@example.jp')");
      await first.close();
      const second = await openDatabase({ kind: "pglite", dir });
      await runMigrations(second);
      expect(await tableNames(second)).toEqual(expect.arrayContaining(EXPECTED_TABLES));
      expect(await second.rows("select email from users")).toEqual([{ email: "kept@example.jp" }]);
      await second.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);

  it.skipIf(!TEST_DATABASE_URL)(
    "run on PostgreSQL, also from several processes starting together",
    async () => {
      const db = await createTestDatabase();
      try {
        expect(db.kind).toBe("postgres");
        const others = await Promise.all(
          [1, 2, 3].map(() => openDatabase({ kind: "postgres", url: db.url ?? "" })),
        );
        await Promise.all(others.map((o) => runMigrations(o)));
        expect(await tableNames(db)).toEqual(expect.arrayContaining(EXPECTED_TABLES));
        await Promise.all(others.map((o) => o.close()));
      } finally {
        await db.drop();
      }
    },
  );
});
