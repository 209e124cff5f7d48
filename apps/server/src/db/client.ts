import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import * as schema from "./schema/index";

/** Both drivers give the same pg-core query builder; features only see this type. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DbKind = "pglite" | "postgres";

export type DbHandle = {
  db: Database;
  kind: DbKind;
  /** The PostgreSQL pool (postgres only), for session-level locks. */
  pool?: pg.Pool;
  /** The PostgreSQL URL (postgres only), for connections of their own (LISTEN). */
  url?: string;
  /** The embedded database (pglite only), for backups of its data directory. */
  pglite?: PGlite;
  /** Runs raw SQL (migrations, locks, tests). */
  execute(sql: string): Promise<void>;
  /** Raw SQL that returns rows (tests, diagnostics). */
  rows<T>(sql: string): Promise<T[]>;
  close(): Promise<void>;
};

export type DbTarget = { kind: "postgres"; url: string } | { kind: "pglite"; dir: string | null };

type PgliteWasm = { pgliteWasmModule: WebAssembly.Module; initdbWasmModule: WebAssembly.Module };
// The server's lib has WebAssembly's types but not its global; Node has it.
const wasmApi = (
  globalThis as unknown as {
    WebAssembly: { compile(bytes: Uint8Array): Promise<WebAssembly.Module> };
  }
).WebAssembly;
let compiled: Promise<PgliteWasm> | null = null;

/**
 * PGlite's two WebAssembly modules, compiled once per process and given to every PGlite opened in it
 * (the database, a backup's probe, a restore). Left to itself, each PGlite compiles them again, and
 * V8 frees each copy's code when that PGlite is collected: in a process that opens many (the server
 * test files sharing a worker, decision 0064) that freeing once ended the process in a V8 check
 * (`ThreadIsolation::UnregisterWasmAllocation`). Compiled code is immutable, so sharing it is safe.
 */
export function pgliteWasm(): Promise<PgliteWasm> {
  compiled ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
    const [pglite, initdb] = await Promise.all(
      ["pglite.wasm", "initdb.wasm"].map(async (file) =>
        wasmApi.compile(await readFile(path.join(dist, file))),
      ),
    );
    if (!pglite || !initdb) throw new Error("PGlite's WebAssembly modules could not be compiled");
    return { pgliteWasmModule: pglite, initdbWasmModule: initdb };
  })();
  return compiled;
}

export async function openDatabase(target: DbTarget): Promise<DbHandle> {
  if (target.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: target.url, max: 10, connectionTimeoutMillis: 10_000 });
    // An idle connection that the server closes (restart, failover, a dropped test database) must
    // not take the process down: the pool replaces it on the next query.
    pool.on("error", (error) => {
      if ((error as { code?: string }).code !== "57P01")
        console.warn(`PostgreSQL connection lost: ${error.message}`);
    });
    // Fail at start-up, clearly, when the server cannot be reached.
    const client = await pool.connect();
    client.release();
    return {
      db: drizzlePg({ client: pool, schema }) as unknown as Database,
      kind: "postgres",
      pool,
      url: target.url,
      execute: async (sql) => {
        await pool.query(sql);
      },
      rows: async <T>(sql: string) => (await pool.query(sql)).rows as T[],
      close: () => pool.end(),
    };
  }
  const wasm = await pgliteWasm();
  const client = target.dir ? new PGlite(path.join(target.dir, "pglite"), wasm) : new PGlite(wasm);
  await client.waitReady;
  return {
    db: drizzlePglite({ client, schema }) as unknown as Database,
    kind: "pglite",
    pglite: client,
    execute: async (sql) => {
      await client.exec(sql);
    },
    rows: async <T>(sql: string) => (await client.query<T>(sql)).rows,
    close: () => client.close(),
  };
}
