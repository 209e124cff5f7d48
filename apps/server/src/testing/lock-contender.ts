/**
 * One of many processes racing for the same DATA_DIR lock (db/pglite-lock.test.ts): says "ready",
 * tries on the first line of stdin, prints "won" or "locked", and holds what it got until stdin ends.
 */
import { DataDirLockedError, lockDataDir } from "../db/pglite-lock";

const dir = process.argv[2] ?? "";
process.stdin.once("data", () => {
  try {
    lockDataDir(dir);
    process.stdout.write("won\n");
  } catch (error) {
    process.stdout.write(error instanceof DataDirLockedError ? "locked\n" : `error ${String(error)}\n`);
  }
  process.stdin.on("end", () => process.exit(0));
});
process.stdout.write("ready\n");
