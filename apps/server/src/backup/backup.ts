import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { type DbHandle, pgliteWasm } from "../db/client";
import { lockDataDir } from "../db/pglite-lock";

/**
 * Backups of either database (decision 0013). A backup is three files in BACKUP_DIR:
 * - the data: `shobai-pglite-<time>.tar.gz` (PGlite's data directory, gzip) or
 *   `shobai-postgres-<time>.pgdump` (pg_dump's compressed custom format);
 * - `<data>.json`, the manifest: kind, time and every table's row count at the backup's instant;
 * - `<data>.sha256`, SHA-256 of both in `sha256sum -c` format, checked before any restore.
 */

export type BackupKind = "pglite" | "postgres";
export type BackupManifest = {
  format: 1;
  kind: BackupKind;
  createdAt: string;
  file: string;
  bytes: number;
  /** Rows per table ("schema.table") in the backup, checked again after a restore. */
  tables: Record<string, number>;
  /** pg_dump's and the server's versions (PostgreSQL only). */
  tools?: { pgDump: string; server: string };
};
export type Backup = { file: string; manifest: BackupManifest };

/** A backup or restore that cannot go ahead; the message says why and what to do. */
export class BackupError extends Error {
  override name = "BackupError";
}

const NAME = /^shobai-(pglite|postgres)-(\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z)\.(tar\.gz|pgdump)$/;

function stampOf(date: Date): string {
  return date.toISOString().replace(/[:.]/g, "-");
}

function dateOfStamp(stamp: string): Date {
  const [day = "", time = ""] = stamp.split("T");
  const [h, m, s, ms] = time.replace("Z", "").split("-");
  return new Date(`${day}T${h}:${m}:${s}.${ms}Z`);
}

const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

async function sha256File(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

/** Every table's row count, as one reader sees them (one snapshot on PostgreSQL). */
async function countTables(query: Query): Promise<Record<string, number>> {
  const { rows } = await query(
    `select table_schema as s, table_name as t from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
     order by 1, 2`,
  );
  const counts: Record<string, number> = {};
  for (const row of rows) {
    const ident = (v: unknown) => `"${String(v).replaceAll('"', '""')}"`;
    const { rows: n } = await query(`select count(*)::text as n from ${ident(row.s)}.${ident(row.t)}`);
    counts[`${row.s}.${row.t}`] = Number(n[0]?.n ?? 0);
  }
  return counts;
}

/** Runs a client tool; its stderr becomes the error. A missing tool gets an install hint. */
function run(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; signal?: AbortSignal } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...options.env },
      stdio: ["ignore", "pipe", "pipe"],
      ...(options.signal ? { signal: options.signal } : {}),
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (c: Buffer) => {
      out += c.toString();
    });
    child.stderr.on("data", (c: Buffer) => {
      err += c.toString();
    });
    child.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") {
        reject(
          new BackupError(
            `${command} was not found. Backups of PostgreSQL need its client tools: apt-get install postgresql-client (the server's major version or newer).`,
          ),
        );
      } else reject(error);
    });
    child.on("close", (code) => {
      if (code === 0) resolve(out);
      else reject(new BackupError(`${command} failed (exit ${code}): ${err.trim() || out.trim()}`));
    });
  });
}

/** The URL without its password (passed as PGPASSWORD, so it never shows in the process list). */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = "";
  return { dbname: u.toString(), env: password ? { PGPASSWORD: password } : {} };
}

const majorOf = (version: string) => Number(/(\d+)(?:\.\d+)?/.exec(version)?.[1] ?? 0);

/** pg_dump refuses a newer server: say so before starting, with the fix. */
async function checkPgDump(pool: pg.Pool): Promise<{ pgDump: string; server: string }> {
  const pgDump = (await run("pg_dump", ["--version"])).trim();
  const server = String((await pool.query("show server_version")).rows[0]?.server_version ?? "");
  const tool = Number(/PostgreSQL\)\s+(\d+)/.exec(pgDump)?.[1] ?? 0);
  const srv = majorOf(server);
  if (tool < srv) {
    throw new BackupError(
      `pg_dump ${tool} cannot back up PostgreSQL ${srv} (the client tools must be the server's version or newer). ` +
        `Install postgresql-client-${srv} and put its pg_dump first on PATH.`,
    );
  }
  return { pgDump, server };
}

async function writeBackup(
  dir: string,
  name: string,
  data: Buffer | string,
  manifest: Omit<BackupManifest, "bytes" | "file">,
) {
  const file = path.join(dir, name);
  if (typeof data === "string") fs.renameSync(data, file);
  else fs.writeFileSync(file, data);
  const full: BackupManifest = { ...manifest, file: name, bytes: fs.statSync(file).size };
  const json = Buffer.from(`${JSON.stringify(full, null, 2)}\n`);
  fs.writeFileSync(`${file}.json`, json);
  // The checksum file comes last: a backup without it is unfinished and never restored or counted.
  fs.writeFileSync(`${file}.sha256`, `${await sha256File(file)}  ${name}\n${sha256(json)}  ${name}.json\n`);
  return { file, manifest: full };
}

/**
 * Takes a backup of the open database into `dir`.
 * - PGlite: `dumpDataDir` holds PGlite's query lock while it copies the directory, so no statement
 *   runs during the copy; committed work is in it, an open transaction is rolled back on opening.
 *   The copy is then opened in memory to count its rows: every backup is restored once before it counts.
 * - PostgreSQL: a REPEATABLE READ transaction exports its snapshot, counts every table in it and
 *   hands it to `pg_dump --snapshot`, so the counts and the dump are the same instant while writes go on.
 */
export async function createBackup(
  handle: DbHandle,
  options: { dir: string; databaseUrl?: string | undefined; now?: () => Date; signal?: AbortSignal },
): Promise<Backup> {
  fs.mkdirSync(options.dir, { recursive: true });
  const createdAt = (options.now ?? (() => new Date()))();
  const stamp = stampOf(createdAt);
  if (handle.kind === "pglite") {
    if (!handle.pglite) throw new Error("PGlite handle without its client");
    const dump = Buffer.from(await (await handle.pglite.dumpDataDir("gzip")).arrayBuffer());
    const probe = await PGlite.create({ ...(await pgliteWasm()), loadDataDir: new Blob([dump]) });
    let tables: Record<string, number>;
    try {
      tables = await countTables((q) => probe.query(q));
    } finally {
      await probe.close();
    }
    return writeBackup(options.dir, `shobai-pglite-${stamp}.tar.gz`, dump, {
      format: 1,
      kind: "pglite",
      createdAt: createdAt.toISOString(),
      tables,
    });
  }
  if (!handle.pool || !options.databaseUrl)
    throw new Error("PostgreSQL backup needs the pool and DATABASE_URL");
  const tools = await checkPgDump(handle.pool);
  const partial = path.join(options.dir, `.shobai-postgres-${stamp}.partial`);
  const client = await handle.pool.connect();
  try {
    await client.query("begin isolation level repeatable read read only");
    const snapshot = String((await client.query("select pg_export_snapshot() as id")).rows[0]?.id);
    const tables = await countTables((q) => client.query(q));
    const { dbname, env } = connection(options.databaseUrl);
    await run(
      "pg_dump",
      ["--format=custom", "--compress=6", `--snapshot=${snapshot}`, "--file", partial, "--dbname", dbname],
      {
        env,
        ...(options.signal ? { signal: options.signal } : {}),
      },
    );
    await client.query("commit");
    return await writeBackup(options.dir, `shobai-postgres-${stamp}.pgdump`, partial, {
      format: 1,
      kind: "postgres",
      createdAt: createdAt.toISOString(),
      tables,
      tools,
    });
  } catch (error) {
    await client.query("rollback").catch(() => undefined);
    fs.rmSync(partial, { force: true });
    throw error;
  } finally {
    client.release();
  }
}

/** Checks the file against its .sha256 (and the manifest's) and returns the manifest. */
export async function verifyBackup(file: string): Promise<BackupManifest> {
  const abs = path.resolve(file);
  if (!fs.existsSync(abs)) throw new BackupError(`No backup at ${abs}.`);
  const sumFile = `${abs}.sha256`;
  if (!fs.existsSync(sumFile) || !fs.existsSync(`${abs}.json`)) {
    throw new BackupError(
      `${abs} has no ${path.basename(sumFile)} or manifest beside it: it is not a finished Shobai backup.`,
    );
  }
  const dir = path.dirname(abs);
  for (const line of fs.readFileSync(sumFile, "utf8").split("\n").filter(Boolean)) {
    const [expected, name] = line.split(/\s+\*?/, 2) as [string, string];
    const actual = await sha256File(path.join(dir, name));
    if (actual !== expected) {
      throw new BackupError(
        `Checksum mismatch for ${name}: the backup is damaged or was changed (expected ${expected}, got ${actual}). Nothing was restored.`,
      );
    }
  }
  const manifest = JSON.parse(fs.readFileSync(`${abs}.json`, "utf8")) as BackupManifest;
  if (manifest.format !== 1 || manifest.file !== path.basename(abs)) {
    throw new BackupError(`${abs}.json does not describe ${path.basename(abs)}.`);
  }
  return manifest;
}

function compareCounts(expected: Record<string, number>, actual: Record<string, number>): void {
  const wrong = Object.entries(expected)
    .filter(([table, n]) => actual[table] !== n)
    .map(([table, n]) => `${table}: backup ${n}, restored ${actual[table] ?? "missing"}`);
  if (wrong.length > 0)
    throw new BackupError(`The restored data differs from the backup:\n  ${wrong.join("\n  ")}`);
}

export type RestoreTarget = { kind: "pglite"; dataDir: string } | { kind: "postgres"; url: string };

/**
 * Restores a verified backup and checks every table's row count against the manifest.
 * - PGlite: takes the DATA_DIR lock (the server must be stopped), moves the current database aside
 *   to `pglite.before-restore-<time>` and unpacks the backup in its place (moved back on failure).
 * - PostgreSQL: `pg_restore --clean --if-exists --single-transaction` into the database: all or nothing.
 */
export async function restoreBackup(
  file: string,
  target: RestoreTarget,
): Promise<{ manifest: BackupManifest; tables: Record<string, number>; previous?: string }> {
  const manifest = await verifyBackup(file);
  if (manifest.kind !== target.kind) {
    throw new BackupError(
      `${path.basename(file)} is a ${manifest.kind} backup, but this configuration uses ${target.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : "the embedded PGlite database"}.`,
    );
  }
  if (target.kind === "pglite") {
    const lock = lockDataDir(target.dataDir);
    const live = path.join(target.dataDir, "pglite");
    const previous = fs.existsSync(live) ? `${live}.before-restore-${stampOf(new Date())}` : undefined;
    try {
      if (previous) fs.renameSync(live, previous);
      try {
        const db = await PGlite.create(live, {
          ...(await pgliteWasm()),
          loadDataDir: new Blob([fs.readFileSync(path.resolve(file))]),
        });
        try {
          const tables = await countTables((q) => db.query(q));
          compareCounts(manifest.tables, tables);
          return { manifest, tables, ...(previous ? { previous } : {}) };
        } finally {
          await db.close();
        }
      } catch (error) {
        fs.rmSync(live, { recursive: true, force: true });
        if (previous) fs.renameSync(previous, live);
        throw error;
      }
    } finally {
      lock.release();
    }
  }
  const { dbname, env } = connection(target.url);
  await run(
    "pg_restore",
    [
      "--clean",
      "--if-exists",
      "--no-owner",
      "--no-acl",
      "--single-transaction",
      "--exit-on-error",
      "--dbname",
      dbname,
      path.resolve(file),
    ],
    { env },
  );
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    const tables = await countTables((q) => client.query(q));
    compareCounts(manifest.tables, tables);
    return { manifest, tables };
  } finally {
    await client.end();
  }
}

export type BackupFile = {
  file: string;
  kind: BackupKind;
  createdAt: Date;
  bytes: number;
  complete: boolean;
};

/** Backups in `dir`, newest first; `complete` when the checksum file is there. */
export function listBackups(dir: string): BackupFile[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .flatMap((name) => {
      const m = NAME.exec(name);
      if (!m) return [];
      const file = path.join(dir, name);
      return [
        {
          file,
          kind: m[1] as BackupKind,
          createdAt: dateOfStamp(m[2] as string),
          bytes: fs.statSync(file).size,
          complete: fs.existsSync(`${file}.sha256`),
        },
      ];
    })
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}

/** Removes backups older than `retentionDays` (never the newest complete one); returns what went. */
export function pruneBackups(dir: string, retentionDays: number, now = new Date()): string[] {
  const cutoff = now.getTime() - retentionDays * 86_400_000;
  const backups = listBackups(dir);
  const newest = backups.find((b) => b.complete);
  const removed: string[] = [];
  for (const b of backups) {
    if (b === newest || b.createdAt.getTime() >= cutoff) continue;
    for (const f of [b.file, `${b.file}.json`, `${b.file}.sha256`]) fs.rmSync(f, { force: true });
    removed.push(b.file);
  }
  return removed;
}
