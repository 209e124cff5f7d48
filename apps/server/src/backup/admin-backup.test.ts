import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { lockDataDir } from "../db/pglite-lock";

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shobai-admin-backup-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function admin(...args: string[]): Promise<{ status: number | null; out: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/admin.ts", ...args], {
    cwd: serverRoot,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", BACKUP_DIR: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (c: Buffer) => {
    out += c.toString();
  });
  child.stderr.on("data", (c: Buffer) => {
    out += c.toString();
  });
  return new Promise((resolve) => child.on("close", (status) => resolve({ status, out })));
}

describe("npm run admin -- backup / restore / status (embedded database)", () => {
  it("backs up, reports the last run, restores with a checksum check, and refuses while the server runs", async () => {
    const never = await admin("status");
    expect(never.status).toBe(0);
    expect(never.out).toContain("Last run:  never");

    const backup = await admin("backup");
    expect(backup.out).toMatch(/Backup written: .*shobai-pglite-.*\.tar\.gz/);
    expect(backup.status).toBe(0);
    const dir = path.join(dataDir, "backups");
    const file = fs.readdirSync(dir).find((f) => f.endsWith(".tar.gz")) as string;
    expect(fs.existsSync(path.join(dir, `${file}.sha256`))).toBe(true);

    const status = await admin("status");
    expect(status.out).toContain(`ok, ${path.join(dir, file)}`);
    expect(status.out).toContain("Kept:      1 backup(s)");

    const restore = await admin("restore", path.join(dir, file));
    expect(restore.out).toContain("checksum ok");
    expect(restore.out).toContain("every count equal to the backup's");
    expect(restore.status).toBe(0);
    expect(fs.readdirSync(dataDir).some((f) => f.startsWith("pglite.before-restore-"))).toBe(true);

    // While a server holds the data directory, restore changes nothing and says why.
    const lock = lockDataDir(dataDir);
    try {
      const refused = await admin("restore", path.join(dir, file));
      expect(refused.status).toBe(1);
      expect(refused.out).toContain("stop the server first");
    } finally {
      lock.release();
    }
    const missing = await admin("restore");
    expect(missing.status).toBe(1);
    expect(missing.out).toContain("restore needs the backup file");
  }, 300_000);
});
