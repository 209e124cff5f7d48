import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * PGlite does not stop two processes from opening the same directory, and two writers corrupt it.
 * So the process that opens DATA_DIR takes this lock file first, holding its PID; another process
 * finds a live PID there and stops at once. A lock left by a dead process is taken over.
 */
export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The data directory ${dataDir} is already in use by another Shobai process (PID ${pid}). ` +
        "The embedded database allows only one process at a time: stop the other process, " +
        "use another DATA_DIR, or set DATABASE_URL to share a PostgreSQL server.",
    );
  }
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export type DataDirLock = { release(): void };

/** Synchronous pause (the lock is taken before anything else runs; nothing else waits on us). */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Creates `file` holding `content`, atomically: the content is written to a private file first and
 * hard-linked into place, so nobody ever sees the lock empty or half-written (reading an empty lock
 * as "stale" let two of 30 simultaneous starts both take it). false when `file` already exists.
 */
function createExclusive(file: string, content: string): boolean {
  const draft = `${file}.${process.pid}.${randomUUID()}.tmp`;
  fs.writeFileSync(draft, content, { flag: "wx" });
  try {
    fs.linkSync(draft, file);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return false;
    if (code !== "EPERM" && code !== "ENOTSUP" && code !== "EXDEV") throw error;
    // A file system without hard links: an exclusive create, then the PID (a small window of empty).
    try {
      const fd = fs.openSync(file, "wx");
      fs.writeSync(fd, content);
      fs.closeSync(fd);
      return true;
    } catch (fallback) {
      if ((fallback as NodeJS.ErrnoException).code === "EEXIST") return false;
      throw fallback;
    }
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

/** The file's text, or null when it does not exist. */
function readIfExists(file: string): string | null {
  try {
    return fs.readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** The live process a lock file names, or null when the lock is stale (dead PID, no PID). */
function liveHolder(content: string): number | null {
  const pid = /^\d+$/.test(content) ? Number(content) : Number.NaN;
  return Number.isSafeInteger(pid) && pid > 0 && isAlive(pid) ? pid : null;
}

/**
 * Removes a stale lock, one process at a time: under a second lock (`.takeover`), and only if the
 * lock still holds the stale content we saw. Without the guard, two processes that both saw the
 * stale lock could each delete it, the second deleting the lock the first had just taken.
 * false when another process is taking over right now (the caller retries).
 */
function removeStale(file: string, stale: string): boolean {
  const guard = `${file}.takeover`;
  if (!createExclusive(guard, String(process.pid))) {
    // A takeover left behind by a process that died in these few lines: clear it, then retry.
    const holder = readIfExists(guard);
    if (holder !== null && liveHolder(holder) === null && readIfExists(guard) === holder) {
      fs.rmSync(guard, { force: true });
    }
    return false;
  }
  try {
    if (readIfExists(file) === stale) fs.rmSync(file, { force: true });
    return true;
  } finally {
    fs.rmSync(guard, { force: true });
  }
}

export function lockDataDir(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "shobai.lock");
  const me = String(process.pid);
  // Bounded: each round either takes the lock, finds a live holder, or clears a stale one.
  for (let attempt = 0; attempt < 200; attempt++) {
    if (createExclusive(file, me)) {
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          if (readIfExists(file) === me) fs.rmSync(file, { force: true });
        },
      };
    }
    const content = readIfExists(file);
    if (content === null) continue; // released between our two looks
    const holder = liveHolder(content);
    if (holder !== null) throw new DataDirLockedError(dataDir, holder);
    if (!removeStale(file, content)) pause(10);
  }
  throw new Error(`Could not lock ${dataDir}: another process keeps creating ${file}`);
}
