import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signedInClient, type TestContext } from "../testing/test-app";
import { TEST_DATABASE_URL } from "../testing/test-database";
import { BackupError, createBackup, listBackups, pruneBackups, restoreBackup, verifyBackup } from "./backup";
import { readLastRun, startBackupSchedule } from "./schedule";

const kind = TEST_DATABASE_URL ? "postgres" : "pglite";
let ctx: TestContext;
let dir: string;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  ctx = await createTestApp({ email: { tickMs: null } });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "shobai-backup-"));
});
afterAll(async () => {
  for (const clean of cleanups) await clean().catch(() => undefined);
  await ctx?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** An empty database on the test server to restore into (PostgreSQL runs only). */
async function emptyPostgres(): Promise<string> {
  const server = TEST_DATABASE_URL as string;
  const name = `shobai_restore_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: server });
    await c.connect();
    await c.query(`drop database if exists "${name}" with (force)`);
    await c.end();
  });
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Waits until the traffic has written enough, or fails with the traffic's own error. */
async function waitFor(check: () => Promise<boolean>, failed: Promise<unknown>): Promise<void> {
  let error: unknown;
  void failed.then((e) => {
    error = e;
  });
  for (let i = 0; i < 6_000; i++) {
    if (await check()) return;
    if (error) throw error;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error("timed out waiting for the traffic");
}

/** Runs a query on the restored database, whichever kind it is. */
async function restoredRows<T>(target: string, sql: string): Promise<T[]> {
  if (kind === "pglite") {
    const db = await PGlite.create(path.join(target, "pglite"));
    try {
      return (await db.query<T>(sql)).rows;
    } finally {
      await db.close();
    }
  }
  const c = new pg.Client({ connectionString: target });
  await c.connect();
  try {
    return (await c.query(sql)).rows as T[];
  } finally {
    await c.end();
  }
}

describe(`backups (${kind})`, () => {
  it("a backup taken while the app takes writes restores to exactly the data of its instant", async () => {
    const { client } = await signedInClient(ctx.app);
    const count = async () =>
      Number((await ctx.db.rows<{ n: string }>("select count(*)::text as n from contacts"))[0]?.n);
    for (let i = 0; i < 20; i++) {
      await client.post("/api/contacts", { firstName: "先", lastName: "客", email: `before${i}@example.jp` });
    }

    // Traffic: contacts created one after another (each with its timeline row, in one transaction).
    let writing = true;
    let during = 0;
    let backupRunning = false;
    const traffic = (async () => {
      for (let i = 0; writing && i < 50_000; i++) {
        const res = await client.post("/api/contacts", {
          firstName: "客",
          lastName: `${i}`,
          email: `during${i}@example.jp`,
        });
        if (res.statusCode !== 201) throw new Error(`contact not created: ${res.statusCode} ${res.body}`);
        if (backupRunning) during++;
      }
    })();
    const failed = traffic.then(
      () => new Error("the traffic ended early"),
      (error: unknown) => error,
    );
    const progress = (n: number) => waitFor(async () => (await count()) >= n, failed);
    await progress(25);

    const before = await count();
    backupRunning = true;
    const backup = await createBackup(ctx.db, { dir, databaseUrl: ctx.db.url });
    backupRunning = false;
    const after = await count();
    // Keep writing a little after the backup, then stop.
    await progress(after + 3);
    writing = false;
    await traffic;

    expect(during).toBeGreaterThan(0);
    const inBackup = backup.manifest.tables["public.contacts"] as number;
    expect(inBackup).toBeGreaterThanOrEqual(before);
    expect(inBackup).toBeLessThanOrEqual(after);
    expect(await verifyBackup(backup.file)).toEqual(backup.manifest);

    const target =
      kind === "pglite" ? fs.mkdtempSync(path.join(os.tmpdir(), "shobai-restore-")) : await emptyPostgres();
    if (kind === "pglite") cleanups.push(async () => fs.rmSync(target, { recursive: true, force: true }));
    const restored = await restoreBackup(
      backup.file,
      kind === "pglite" ? { kind: "pglite", dataDir: target } : { kind: "postgres", url: target },
    );
    // Every table holds exactly the rows it held at the backup's instant ...
    expect(restored.tables).toEqual(backup.manifest.tables);
    expect(restored.tables["public.contacts"]).toBe(inBackup);
    // ... and no transaction is half there: each contact with its "created" timeline row.
    const [orphans] = await restoredRows<{ contacts: string; activities: string }>(
      target,
      `select
        (select count(*) from contacts k where not exists (select 1 from contact_activities a where a.contact_id = k.id and a.type = 'created'))::text as contacts,
        (select count(*) from contact_activities a where a.type = 'created' and not exists (select 1 from contacts k where k.id = a.contact_id))::text as activities`,
    );
    expect(orphans).toEqual({ contacts: "0", activities: "0" });
  }, 300_000);

  it("refuses a damaged backup and restores nothing", async () => {
    const backup = await createBackup(ctx.db, {
      dir,
      databaseUrl: ctx.db.url,
      now: () => new Date("2026-01-01T00:00:00Z"),
    });
    const copy = path.join(dir, "damaged");
    fs.mkdirSync(copy);
    const name = path.basename(backup.file);
    for (const f of [name, `${name}.json`, `${name}.sha256`])
      fs.copyFileSync(path.join(dir, f), path.join(copy, f));
    const bytes = fs.readFileSync(path.join(copy, name));
    const middle = Math.floor(bytes.length / 2);
    bytes[middle] = (bytes[middle] ?? 0) ^ 0xff;
    fs.writeFileSync(path.join(copy, name), bytes);
    const target = fs.mkdtempSync(path.join(os.tmpdir(), "shobai-restore-"));
    cleanups.push(async () => fs.rmSync(target, { recursive: true, force: true }));
    const restore = restoreBackup(
      path.join(copy, name),
      kind === "pglite"
        ? { kind: "pglite", dataDir: target }
        : { kind: "postgres", url: "postgres://nobody@127.0.0.1:1/none" },
    );
    await expect(restore).rejects.toThrow(BackupError);
    await expect(restore).rejects.toThrow(/Checksum mismatch/);
    expect(fs.readdirSync(target)).toEqual([]);
    // Without its checksum file a backup is unfinished and never restored.
    fs.rmSync(path.join(copy, `${name}.sha256`));
    await expect(verifyBackup(path.join(copy, name))).rejects.toThrow(/not a finished Shobai backup/);
  }, 120_000);

  it.runIf(kind === "postgres")("says clearly when pg_dump is missing or older than the server", async () => {
    const bin = fs.mkdtempSync(path.join(os.tmpdir(), "shobai-bin-"));
    cleanups.push(async () => fs.rmSync(bin, { recursive: true, force: true }));
    const path0 = process.env.PATH;
    try {
      process.env.PATH = bin;
      await expect(createBackup(ctx.db, { dir, databaseUrl: ctx.db.url })).rejects.toThrow(
        /pg_dump was not found.*apt-get install postgresql-client/,
      );
      // A client older than the server (here: pretending to be 9.6).
      fs.writeFileSync(path.join(bin, "pg_dump"), "#!/bin/sh\necho 'pg_dump (PostgreSQL) 9.6.24'\n", {
        mode: 0o755,
      });
      await expect(createBackup(ctx.db, { dir, databaseUrl: ctx.db.url })).rejects.toThrow(
        /pg_dump 9 cannot back up PostgreSQL \d+ .*Install postgresql-client-\d+/,
      );
    } finally {
      process.env.PATH = path0;
    }
    expect(listBackups(dir).every((b) => b.complete)).toBe(true);
  });

  it("keeps backups for the retention period, and always the newest", () => {
    const keep = fs.mkdtempSync(path.join(os.tmpdir(), "shobai-retention-"));
    cleanups.push(async () => fs.rmSync(keep, { recursive: true, force: true }));
    const make = (iso: string) => {
      const name = `shobai-${kind}-${iso.replace(/[:.]/g, "-")}.${kind === "pglite" ? "tar.gz" : "pgdump"}`;
      for (const f of [name, `${name}.json`, `${name}.sha256`]) fs.writeFileSync(path.join(keep, f), "x");
      return path.join(keep, name);
    };
    const old = make("2026-01-01T03:00:00.000Z");
    const recent = make("2026-01-25T03:00:00.000Z");
    fs.writeFileSync(path.join(keep, "notes.txt"), "not a backup");
    expect(pruneBackups(keep, 30, new Date("2026-02-05T00:00:00Z"))).toEqual([old]);
    expect(listBackups(keep).map((b) => b.file)).toEqual([recent]);
    expect(fs.existsSync(`${old}.sha256`)).toBe(false);
    expect(fs.existsSync(path.join(keep, "notes.txt"))).toBe(true);
    // The only backup left is kept however old it is.
    expect(pruneBackups(keep, 1, new Date("2027-01-01T00:00:00Z"))).toEqual([]);
  });

  it("the schedule takes a backup when one is due, once, and records the last run", async () => {
    const scheduled = fs.mkdtempSync(path.join(os.tmpdir(), "shobai-schedule-"));
    cleanups.push(async () => fs.rmSync(scheduled, { recursive: true, force: true }));
    let clock = new Date("2026-03-01T00:00:00Z");
    const schedule = () =>
      startBackupSchedule({
        handle: ctx.db,
        settings: { dir: scheduled, retentionDays: 30, databaseUrl: ctx.db.url },
        intervalHours: 24,
        log: ctx.app.log,
        firstCheckMs: 3_600_000,
        now: () => clock,
      });
    // Two checks at the same moment take one backup: on PostgreSQL two processes (one gets the
    // advisory lock, the other skips or finds it done), on PGlite the one process's two timers.
    const first = schedule();
    const [a, b] = kind === "postgres" ? [first, schedule()] : [first, first];
    try {
      await Promise.all([a.tick(), b.tick()]);
      expect(listBackups(scheduled)).toHaveLength(1);
      const last = readLastRun(scheduled);
      expect(last).toMatchObject({ ok: true, lastSuccessAt: "2026-03-01T00:00:00.000Z" });
      clock = new Date("2026-03-01T23:00:00Z");
      await a.tick();
      expect(listBackups(scheduled)).toHaveLength(1);
      clock = new Date("2026-03-02T00:00:00Z");
      await b.tick();
      expect(listBackups(scheduled)).toHaveLength(2);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  }, 300_000);
});
