import fs from "node:fs";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { DbHandle } from "../db/client";
import { type Backup, createBackup, pruneBackups } from "./backup";

/** The last scheduled or manual backup, kept as `last-run.json` in BACKUP_DIR (decision 0013). */
export type LastRun = {
  startedAt: string;
  finishedAt: string;
  ok: boolean;
  file?: string;
  bytes?: number;
  error?: string;
  /** When the newest successful backup was taken (kept across failed runs). */
  lastSuccessAt?: string;
  removed?: number;
};

const LAST_RUN = "last-run.json";
// Any fixed number: app processes on one PostgreSQL take turns, one backup at a time.
const BACKUP_LOCK_ID = 5_108_206;

export function readLastRun(dir: string): LastRun | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, LAST_RUN), "utf8")) as LastRun;
  } catch {
    return undefined;
  }
}

function writeLastRun(dir: string, run: LastRun): void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LAST_RUN);
  fs.writeFileSync(`${file}.tmp`, `${JSON.stringify(run, null, 2)}\n`);
  fs.renameSync(`${file}.tmp`, file);
}

export type BackupSettings = { dir: string; retentionDays: number; databaseUrl?: string | undefined };

/** One backup now, then retention; the outcome is recorded as the last run either way. */
export async function backupAndPrune(
  handle: DbHandle,
  settings: BackupSettings,
  options: { now?: () => Date; signal?: AbortSignal } = {},
): Promise<{ backup: Backup; removed: string[] }> {
  const now = options.now ?? (() => new Date());
  const startedAt = now().toISOString();
  const previous = readLastRun(settings.dir);
  try {
    const backup = await createBackup(handle, {
      dir: settings.dir,
      databaseUrl: settings.databaseUrl,
      now,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    // Old backups go only once a new one exists.
    const removed = pruneBackups(settings.dir, settings.retentionDays, now());
    writeLastRun(settings.dir, {
      startedAt,
      finishedAt: now().toISOString(),
      ok: true,
      file: backup.file,
      bytes: backup.manifest.bytes,
      lastSuccessAt: backup.manifest.createdAt,
      removed: removed.length,
    });
    return { backup, removed };
  } catch (error) {
    writeLastRun(settings.dir, {
      startedAt,
      finishedAt: now().toISOString(),
      ok: false,
      error: error instanceof Error ? error.message : String(error),
      ...(previous?.lastSuccessAt ? { lastSuccessAt: previous.lastSuccessAt } : {}),
    });
    throw error;
  }
}

/**
 * The server's backup schedule: every `checkEveryMs` it takes a backup when the last successful
 * one is older than `intervalHours`. On PostgreSQL the check runs under an advisory lock, so of
 * several processes sharing BACKUP_DIR one takes it and the others then see it done; on PGlite
 * there is only one process.
 */
export function startBackupSchedule(deps: {
  handle: DbHandle;
  settings: BackupSettings;
  intervalHours: number;
  log: FastifyBaseLogger;
  checkEveryMs?: number;
  firstCheckMs?: number;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const abort = new AbortController();
  let running: Promise<void> | null = null;
  let stopped = false;

  const due = () => {
    const last = readLastRun(deps.settings.dir)?.lastSuccessAt;
    return !last || now().getTime() - new Date(last).getTime() >= deps.intervalHours * 3_600_000;
  };

  async function check(): Promise<void> {
    const pool = deps.handle.pool;
    const client = pool ? await pool.connect() : undefined;
    try {
      if (client) {
        const got = (await client.query("select pg_try_advisory_lock($1) as got", [BACKUP_LOCK_ID])).rows[0]
          ?.got;
        if (!got) return;
      }
      try {
        if (stopped || !due()) return;
        const { backup, removed } = await backupAndPrune(deps.handle, deps.settings, {
          now,
          signal: abort.signal,
        });
        deps.log.info(
          { file: backup.file, bytes: backup.manifest.bytes, removed: removed.length },
          "backup taken",
        );
      } finally {
        if (client) await client.query("select pg_advisory_unlock($1)", [BACKUP_LOCK_ID]);
      }
    } finally {
      client?.release();
    }
  }

  const tick = () => {
    if (running || stopped || deps.intervalHours === 0) return running ?? Promise.resolve();
    running = check()
      .catch((err: unknown) => deps.log.error({ err }, "scheduled backup failed"))
      .finally(() => {
        running = null;
      });
    return running;
  };

  const first = setTimeout(tick, deps.firstCheckMs ?? 60_000);
  const timer = setInterval(tick, deps.checkEveryMs ?? 15 * 60_000);
  first.unref();
  timer.unref();

  return {
    /** Runs the check now (tests); resolves when it is done. */
    tick,
    /** Shutdown: no new check; a pg_dump in progress is stopped and recorded as failed. */
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      abort.abort();
      await running;
    },
  };
}
