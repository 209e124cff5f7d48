import path from "node:path";
import { fileURLToPath } from "node:url";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { DbHandle } from "./client";

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

// Any fixed number: app processes starting together on one PostgreSQL take turns migrating.
const MIGRATION_LOCK_ID = 5_108_205;

/**
 * Brings the schema up to date (or up to the last migration of `folder`, for tests that seed an
 * older schema). Safe to run from many processes at once on PostgreSQL.
 */
export async function runMigrations(handle: DbHandle, folder: string = migrationsFolder): Promise<void> {
  if (handle.kind === "pglite") {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    return;
  }
  const db = handle.db as unknown as NodePgDatabase;
  if (!handle.pool) throw new Error("PostgreSQL handle without a pool");
  const client = await handle.pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await migratePg(db, { migrationsFolder: folder });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => undefined);
    client.release();
  }
}
