import { randomBytes } from "node:crypto";
import pg from "pg";
import { type DbHandle, openDatabase } from "../db/client";
import { runMigrations } from "../db/migrate";

/** PostgreSQL to test against as well (CI sets it); without it tests use in-memory PGlite. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

export type TestDatabase = DbHandle & { url?: string; drop(): Promise<void> };

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a new database created on
 * the TEST_DATABASE_URL server (dropped afterwards), so files never see each other's rows.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (!TEST_DATABASE_URL) {
    const handle = await openDatabase({ kind: "pglite", dir: null });
    await runMigrations(handle);
    return { ...handle, drop: () => handle.close() };
  }
  return createFreshPostgres(TEST_DATABASE_URL, "shobai_test");
}

/** A new, migrated database on a PostgreSQL server (tests, benchmarks); `drop()` removes it. */
export async function createFreshPostgres(
  serverUrl: string,
  prefix: string,
  migrationsFolder?: string,
): Promise<TestDatabase> {
  const name = `${prefix}_${Date.now()}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: "postgres", url: url.toString() });
  await runMigrations(handle, migrationsFolder);
  return {
    ...handle,
    url: url.toString(),
    async drop() {
      await handle.close();
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    },
  };
}
