import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app";
import { loadConfig } from "./config";
import { lockDataDir } from "./db/pglite-lock";
import { contactMessages, ledgerEntries, users } from "./db/schema/index";
import { openConfiguredDatabase } from "./runtime";
import { plainPhoto } from "./testing/photos";

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
let dataDir: string;

function admin(...args: string[]) {
  return adminWith({}, ...args);
}
function adminWith(env: Record<string, string>, ...args: string[]) {
  return spawnSync(process.execPath, ["--import", "tsx", "src/admin.ts", ...args], {
    cwd: serverRoot,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", ...env },
    encoding: "utf8",
    timeout: 60_000,
  });
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shobai-admin-"));
  // A real owner, registered through the API on the same embedded database the command opens.
  const config = loadConfig({ DATA_DIR: dataDir }, "/");
  const opened = await openConfiguredDatabase(config);
  const app = await buildApp({ database: opened.database, authSecret: "a".repeat(40), webDistDir: null });
  const res = await app.inject({
    method: "POST",
    url: "/api/auth/register",
    payload: { email: "shop@example.jp", password: "longenough", firstName: "Shop" },
  });
  expect(res.statusCode).toBe(201);
  await app.close();
  await opened.close();
});
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("npm run admin", { timeout: 180_000 }, () => {
  it("sets a plan and lists users", () => {
    const set = admin("set-plan", "Shop@Example.jp", "business");
    expect(set.stderr).toBe("");
    expect(set.stdout).toContain("shop@example.jp is now on plan business (active).");
    expect(set.status).toBe(0);
    const list = admin("list-users");
    expect(list.status).toBe(0);
    expect(list.stdout).toMatch(/shop@example\.jp\tShop\tbusiness\/active/);
  });

  it("applies the migrations once and says so", () => {
    const migrated = admin("migrate");
    expect(migrated.status).toBe(0);
    expect(migrated.stdout).toMatch(/The database schema is up to date: \d+ migrations applied\./);
    expect(admin("migrate").stdout).toBe(migrated.stdout);
  });

  it("explains bad input and changes nothing", () => {
    const badPlan = admin("set-plan", "shop@example.jp", "gold");
    expect(badPlan.status).toBe(1);
    expect(badPlan.stderr).toContain('Unknown plan "gold"');
    const nobody = admin("set-plan", "nobody@example.jp", "starter");
    expect(nobody.status).toBe(1);
    expect(nobody.stderr).toContain("No user with email nobody@example.jp");
    const unknown = admin("frobnicate");
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('Unknown command "frobnicate"');
  });

  it("lists the public contact form's messages, newest first", async () => {
    expect(admin("list-contact-messages").stdout).toContain("No contact messages yet.");
    const opened = await openConfiguredDatabase(loadConfig({ DATA_DIR: dataDir }, "/"));
    const app = await buildApp({ database: opened.database, authSecret: "a".repeat(40), webDistDir: null });
    for (const message of ["First question\nmore", "Second question"]) {
      const res = await app.inject({
        method: "POST",
        url: "/api/contact-messages",
        payload: { name: "Ken", email: "ken@example.jp", message },
      });
      expect(res.statusCode).toBe(201);
    }
    await app.close();
    await opened.close();
    const list = admin("list-contact-messages");
    expect(list.status).toBe(0);
    const lines = list.stdout.trim().split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^\d{4}\/\d{1,2}\/\d{1,2} \d{1,2}:\d{2}:\d{2}\tKen\tken@example\.jp\t-\t\[ja\]\tSecond question$/,
    );
    expect(lines[1]).toMatch(/\tFirst question$/);
    expect(admin("list-contact-messages", "zero").status).toBe(1);
  });

  it("marks an account invoice-billed and prints a month's ledger with its Stripe and registrar ids", async () => {
    const on = admin("invoice-billing", "Shop@Example.jp", "on");
    expect(on.stderr).toBe("");
    expect(on.stdout).toContain("shop@example.jp may now buy domains billed on your invoice");
    expect(admin("invoice-billing", "nobody@example.jp", "on").status).toBe(1);
    expect(admin("invoice-billing", "shop@example.jp", "maybe").status).toBe(1);
    const opened = await openConfiguredDatabase(loadConfig({ DATA_DIR: dataDir }, "/"));
    const [owner] = await opened.database.rows<{ id: string; invoice_billed: boolean }>(
      "SELECT u.id, b.invoice_billed FROM users u JOIN billing_accounts b ON b.user_id = u.id WHERE u.email = 'shop@example.jp'",
    );
    expect(owner?.invoice_billed).toBe(true);
    // 2026-12-01 00:30 in Tokyo is still November in UTC: the month is Tokyo's.
    await opened.database.db.insert(ledgerEntries).values([
      {
        id: "l1",
        ownerId: owner?.id,
        kind: "charge",
        amountJpy: 5016,
        taxJpy: 456,
        description: "ドメイン登録 sakura.jp（1年）",
        domain: "sakura.jp",
        stripeId: "pi_test_1",
        createdAt: new Date("2026-11-30T15:30:00Z"),
      },
      {
        id: "l2",
        ownerId: owner?.id,
        kind: "registrar_order",
        amountJpy: -4560,
        description: "ドメイン登録 sakura.jp（1年）",
        domain: "sakura.jp",
        stripeId: "pi_test_1",
        registrarRef: "sakura.jp",
        createdAt: new Date("2026-11-30T15:30:01Z"),
      },
      {
        id: "l3",
        ownerId: owner?.id,
        kind: "charge",
        amountJpy: 1100,
        description: "November",
        stripeId: "pi_test_0",
        createdAt: new Date("2026-11-30T14:59:00Z"),
      },
    ]);
    await opened.close();
    const ledger = admin("ledger", "2026-12");
    expect(ledger.stderr).toBe("");
    expect(ledger.status).toBe(0);
    expect(ledger.stdout).toContain("Ledger 2026-12 (Asia/Tokyo), 2 entries");
    expect(ledger.stdout).toMatch(/\tcharge\t¥5016\ttax ¥456\tshop@example\.jp\tsakura\.jp\tpi_test_1\t-\t/);
    expect(ledger.stdout).toMatch(/\tregistrar_order\t¥-4560\t.*\tpi_test_1\tsakura\.jp\t/);
    expect(ledger.stdout).toContain("Total charge: ¥5016");
    expect(ledger.stdout).not.toContain("November");
    expect(admin("ledger", "2026-13").status).toBe(1);
  });

  it("prints a one-time reset link that sets a new password and verifies the address", async () => {
    const res = admin("reset-password", "Shop@Example.jp");
    expect(res.stderr).toBe("");
    expect(res.status).toBe(0);
    const token = res.stdout.match(/http:\/\/localhost:\d+\/auth\/reset\?token=([\w-]+)/)?.[1];
    expect(token).toBeTruthy();
    expect(admin("reset-password", "nobody@example.jp").stderr).toContain("No user with email");

    const opened = await openConfiguredDatabase(loadConfig({ DATA_DIR: dataDir }, "/"));
    const app = await buildApp({ database: opened.database, authSecret: "a".repeat(40), webDistDir: null });
    try {
      const reset = await app.inject({
        method: "POST",
        url: "/api/auth/reset-password",
        payload: { token, password: "set by the owner" },
      });
      expect(reset.statusCode).toBe(200);
      expect(reset.json()).toMatchObject({ email: "shop@example.jp", emailVerified: true });
      const again = await app.inject({
        method: "POST",
        url: "/api/auth/reset-password",
        payload: { token, password: "set by the owner" },
      });
      expect(again.statusCode).toBe(400);
    } finally {
      await app.close();
      await opened.close();
    }
  });

  it("never lets a visitor's escape sequences reach the operator's terminal", async () => {
    const opened = await openConfiguredDatabase(loadConfig({ DATA_DIR: dataDir }, "/"));
    await opened.database.db.insert(contactMessages).values({
      id: crypto.randomUUID(),
      name: "Evil\u001b]0;owned\u0007\u001b[2J",
      email: "evil@example.jp",
      company: "",
      message: "hi\u009b31m there",
      language: "ja",
      ipHash: "x",
    });
    await opened.close();
    const list = admin("list-contact-messages");
    expect(list.status).toBe(0);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is that none are printed
    expect(list.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(list.stdout).toContain("Evil\\u{1b}]0;owned\\u{7}\\u{1b}[2J");
  });

  it("purge-deleted removes the purged accounts' photos from MEDIA_DIR, like the server's purge", async () => {
    const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "shobai-admin-media-"));
    try {
      const opened = await openConfiguredDatabase(loadConfig({ DATA_DIR: dataDir }, "/"));
      const app = await buildApp({
        database: opened.database,
        authSecret: "a".repeat(40),
        webDistDir: null,
        media: { dir: mediaDir },
      });
      const sites: string[] = [];
      for (const email of ["gone@example.jp", "stays@example.jp"]) {
        const reg = await app.inject({
          method: "POST",
          url: "/api/auth/register",
          payload: { email, password: "longenough", firstName: "Shop" },
        });
        expect(reg.statusCode).toBe(201);
        const cookie = String(reg.headers["set-cookie"] ?? "").split(";")[0] ?? "";
        const site = await app.inject({
          method: "POST",
          url: "/api/websites/generate",
          headers: { cookie },
          payload: {
            businessDescription: "渋谷の定食屋「さくら食堂」。定食と餃子の店です。",
            languages: ["ja"],
          },
        });
        expect(site.statusCode).toBe(201);
        const id = (site.json() as { id: string }).id;
        const up = await app.inject({
          method: "POST",
          url: `/api/websites/${id}/media?name=front.jpg`,
          headers: { cookie, "content-type": "image/jpeg" },
          payload: await plainPhoto(600, 400),
        });
        expect(up.statusCode).toBe(201);
        sites.push(id);
      }
      await app.close();
      // The first account was deleted 31 days ago: due for the purge.
      await opened.database.db
        .update(users)
        .set({ deletedAt: new Date(Date.now() - 31 * 86_400_000) })
        .where(eq(users.email, "gone@example.jp"));
      await opened.close();
      expect(fs.readdirSync(mediaDir).sort()).toEqual([...sites].sort());

      const purged = adminWith({ MEDIA_DIR: mediaDir }, "purge-deleted");
      expect(purged.stderr).toBe("");
      expect(purged.stdout).toContain("Purged 1 account(s).");
      expect(fs.readdirSync(mediaDir)).toEqual([sites[1]]);
    } finally {
      fs.rmSync(mediaDir, { recursive: true, force: true });
    }
  });

  it("refuses clearly while the server holds the embedded database", () => {
    const lock = lockDataDir(dataDir);
    try {
      const res = admin("set-plan", "shop@example.jp", "starter");
      expect(res.status).toBe(1);
      expect(res.stderr).toContain("already in use by another Shobai process");
      expect(res.stderr).toContain("stop the server first");
    } finally {
      lock.release();
    }
    expect(admin("list-users").stdout).toContain("business/active");
  });
});
