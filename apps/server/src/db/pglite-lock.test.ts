import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir } from "./pglite-lock";

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shobai-lock-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the DATA_DIR lock", { timeout: 120_000 }, () => {
  it("lets one holder in and refuses the next, naming the directory and the way out", () => {
    const dir = tempDir();
    const lock = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/already in use by another Shobai process \(PID \d+\)/);
    lock.release();
    lockDataDir(dir).release();
  });

  it("takes over a lock left behind by a process that died", () => {
    const dir = tempDir();
    const dead = spawnSync(process.execPath, [
      "-e",
      "process.stdout.write(String(process.pid))",
    ]).stdout.toString();
    fs.writeFileSync(path.join(dir, "shobai.lock"), dead);
    const lock = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, "shobai.lock"), "utf8")).toBe(String(process.pid));
    lock.release();
  });

  it.each([
    ["an empty directory", false],
    ["a lock left by a dead process", true],
  ])("lets exactly one of 20 processes starting at once on %s take the lock", async (_name, stale) => {
    const dir = tempDir();
    if (stale) {
      const dead = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]);
      fs.writeFileSync(path.join(dir, "shobai.lock"), dead.stdout.toString());
    }
    const contenders: ChildProcessWithoutNullStreams[] = [];
    try {
      const lines = Array.from({ length: 20 }, () => {
        const child = spawn(process.execPath, ["--import", "tsx", "src/testing/lock-contender.ts", dir], {
          cwd: serverRoot,
        });
        contenders.push(child);
        const seen: string[] = [];
        const waiters: { count: number; resolve: () => void }[] = [];
        let buffer = "";
        child.stdout.on("data", (chunk: Buffer) => {
          buffer += chunk.toString();
          const parts = buffer.split("\n");
          buffer = parts.pop() ?? "";
          seen.push(...parts);
          for (const w of waiters) if (seen.length >= w.count) w.resolve();
        });
        return {
          seen,
          line: (count: number) =>
            new Promise<string>((resolve, reject) => {
              child.once("exit", (code) => reject(new Error(`contender exited with ${code}`)));
              if (seen.length >= count) resolve(seen[count - 1] as string);
              else waiters.push({ count, resolve: () => resolve(seen[count - 1] as string) });
            }),
        };
      });
      // Everyone loaded and waiting; then all try at the same moment.
      expect(await Promise.all(lines.map((l) => l.line(1)))).toEqual(Array(20).fill("ready"));
      for (const child of contenders) child.stdin.write("go\n");
      const outcomes = await Promise.all(lines.map((l) => l.line(2)));
      expect(outcomes.filter((o) => o === "won")).toHaveLength(1);
      expect(outcomes.filter((o) => o === "locked")).toHaveLength(19);
      const winner = contenders[outcomes.indexOf("won")];
      expect(fs.readFileSync(path.join(dir, "shobai.lock"), "utf8")).toBe(String(winner?.pid));
    } finally {
      await Promise.all(
        contenders.map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null || child.signalCode !== null) return resolve();
              child.once("exit", () => resolve());
              child.stdin.end();
            }),
        ),
      );
    }
  });

  it("makes a second server process on the same DATA_DIR exit at once with a clear message", () => {
    const dir = tempDir();
    const lock = lockDataDir(dir);
    try {
      const started = Date.now();
      const result = spawnSync(process.execPath, ["--import", "tsx", "src/main.ts"], {
        cwd: serverRoot,
        env: { ...process.env, DATA_DIR: dir, PORT: "0", DATABASE_URL: "" },
        encoding: "utf8",
        timeout: 30_000,
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(
        `The data directory ${dir} is already in use by another Shobai process`,
      );
      expect(result.stderr).toContain("DATABASE_URL");
      // It must not have opened the database files.
      expect(fs.existsSync(path.join(dir, "pglite"))).toBe(false);
      expect(Date.now() - started).toBeLessThan(30_000);
    } finally {
      lock.release();
    }
  });
});
