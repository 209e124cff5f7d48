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

export function lockDataDir(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "shobai.lock");
  // Two attempts: the second one after removing a stale lock.
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx" });
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            if (fs.readFileSync(file, "utf8") === String(process.pid)) fs.unlinkSync(file);
          } catch {
            // Already gone: nothing to release.
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = Number.parseInt(fs.readFileSync(file, "utf8"), 10);
      if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) throw new DataDirLockedError(dataDir, pid);
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}: another process keeps creating ${file}`);
}
