import type { Config } from "./config";
import { type DbHandle, openDatabase } from "./db/client";
import { runMigrations } from "./db/migrate";
import { type DataDirLock, lockDataDir } from "./db/pglite-lock";

export type OpenedDatabase = { database: DbHandle; close(): Promise<void> };

/**
 * Opens the configured database the one way every entry point (server, admin command) does:
 * PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR under the one-process lock.
 */
export async function openConfiguredDatabase(config: Config): Promise<OpenedDatabase> {
  let lock: DataDirLock | undefined;
  if (!config.databaseUrl) lock = lockDataDir(config.dataDir);
  try {
    const database = await openDatabase(
      config.databaseUrl
        ? { kind: "postgres", url: config.databaseUrl }
        : { kind: "pglite", dir: config.dataDir },
    );
    await runMigrations(database);
    return {
      database,
      async close() {
        try {
          await database.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}
