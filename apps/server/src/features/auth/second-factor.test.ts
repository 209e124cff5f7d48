import { createHmac, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, secondFactorBackupCodes, secondFactors, sessions, users } from "../../db/schema/index";
import { createTestApp, signedInClient, TestClient, type TestContext } from "../../testing/test-app";
import type { SecondFactorChange } from "./second-factor";

const SECRET = "test-secret-test-secret-test-secret-0123456789";
let ctx: TestContext;
const changes: SecondFactorChange[] = [];

beforeAll(async () => {
  ctx = await createTestApp({ authSecret: SECRET, onSecondFactorChange: (c) => void changes.push(c) });
});
afterAll(async () => {
  await ctx?.close();
});

/**
 * A code as the authenticator app shows it, `steps` periods from now. Each step's code works once,
 * so a test that needs several codes in a row takes the next steps (the server accepts ±1 step).
 */
function codeFor(key: string, steps = 0): string {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(key), digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + steps * 30_000 });
}

async function userIdOf(email: string): Promise<string> {
  const [row] = await ctx.db.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/** A signed-in user who turned 2FA on: the key, the backup codes and a client whose session is verified. */
async function enrolledUser() {
  const signedIn = await signedInClient(ctx.app);
  const setup = await signedIn.client.post("/api/auth/second-factor/setup");
  expect(setup.statusCode).toBe(200);
  const { key } = setup.json() as { key: string };
  const enabled = await signedIn.client.post("/api/auth/second-factor/enable", { code: codeFor(key) });
  expect(enabled.statusCode).toBe(200);
  const { backupCodes } = enabled.json() as { backupCodes: string[] };
  return { ...signedIn, key, backupCodes };
}

async function signIn(email: string, password: string): Promise<TestClient> {
  const client = new TestClient(ctx.app);
  const res = await client.post("/api/auth/login", { email, password });
  expect(res.statusCode).toBe(200);
  return client;
}

describe("enrolment", () => {
  it("gives a key to type and a QR code, turns on only after a right code, and answers 10 backup codes once", async () => {
    const { client, email } = await signedInClient(ctx.app);
    expect((await client.get("/api/auth/second-factor")).json()).toEqual({
      enabled: false,
      required: false,
      backupCodesLeft: 0,
      passkeys: 0,
    });
    const setup = (await client.post("/api/auth/second-factor/setup")).json() as {
      key: string;
      uri: string;
      qrSvg: string;
    };
    expect(setup.key).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(setup.uri);
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.searchParams.get("secret")).toBe(setup.key);
    expect(uri.searchParams.get("issuer")).toBe("Shobai");
    expect(decodeURIComponent(uri.pathname)).toContain(email);
    expect(setup.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);

    const wrong = await client.post("/api/auth/second-factor/enable", { code: "000000" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe("invalid_second_factor_code");
    expect((await client.get("/api/auth/user")).json().secondFactor).toEqual({
      enabled: false,
      passkey: false,
      state: "ok",
    });

    const enabled = await client.post("/api/auth/second-factor/enable", { code: codeFor(setup.key) });
    expect(enabled.statusCode).toBe(200);
    const { backupCodes } = enabled.json() as { backupCodes: string[] };
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);
    for (const code of backupCodes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    // The session that enrolled counts as verified: the user goes on working.
    expect((await client.get("/api/auth/user")).json().secondFactor).toEqual({
      enabled: true,
      passkey: false,
      state: "ok",
    });
    expect((await client.get("/api/contacts")).statusCode).toBe(200);
    expect((await client.get("/api/auth/second-factor")).json()).toMatchObject({
      enabled: true,
      backupCodesLeft: 10,
    });

    // At rest: the secret sealed, the backup codes hashed.
    const userId = await userIdOf(email);
    const [stored] = await ctx.db.db.select().from(secondFactors).where(eq(secondFactors.userId, userId));
    expect(stored?.totpSecret).toMatch(/^v1\./);
    expect(stored?.totpSecret).not.toContain(setup.key);
    const hashes = await ctx.db.db
      .select()
      .from(secondFactorBackupCodes)
      .where(eq(secondFactorBackupCodes.userId, userId));
    expect(hashes).toHaveLength(10);
    const dump = JSON.stringify(hashes);
    for (const code of backupCodes) {
      expect(dump).not.toContain(code);
      expect(dump).not.toContain(code.replace("-", ""));
    }
    expect(changes).toContainEqual(expect.objectContaining({ userId, event: "enabled" }));
    // Enrolling again while on is refused.
    expect((await client.post("/api/auth/second-factor/setup")).statusCode).toBe(409);
  });
});

describe("signing in with two-factor sign-in on", () => {
  it("keeps a new password session waiting for the code: 403 everywhere but the code screen", async () => {
    const { email, password, key } = await enrolledUser();
    const client = new TestClient(ctx.app);
    const login = await client.post("/api/auth/login", { email, password });
    expect(login.statusCode).toBe(200);
    expect(login.json().secondFactor).toEqual({ enabled: true, passkey: false, state: "pending" });

    const contacts = await client.get("/api/contacts");
    expect(contacts.statusCode).toBe(403);
    expect(contacts.json().code).toBe("second_factor_required");
    expect((await client.get("/api/websites")).json().code).toBe("second_factor_required");
    expect((await client.post("/api/auth/second-factor/setup")).json().code).toBe("second_factor_required");
    expect((await client.post("/api/auth/second-factor/disable", { code: codeFor(key, 1) })).statusCode).toBe(
      403,
    );
    expect((await client.get("/api/auth/user")).json().secondFactor.state).toBe("pending");

    const wrong = await client.post("/api/auth/second-factor/verify", { code: "123456" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe("invalid_second_factor_code");

    const code = codeFor(key, 1);
    const verified = await client.post("/api/auth/second-factor/verify", { code });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().secondFactor).toEqual({ enabled: true, passkey: false, state: "ok" });
    expect((await client.get("/api/contacts")).statusCode).toBe(200);

    // The same code does not open a second session (a code works once).
    const other = await signIn(email, password);
    const replay = await other.post("/api/auth/second-factor/verify", { code });
    expect(replay.statusCode).toBe(400);
    expect((await other.get("/api/contacts")).statusCode).toBe(403);
  });

  it("accepts a backup code once, whatever its case or spacing", async () => {
    const { email, password, backupCodes } = await enrolledUser();
    const code = backupCodes[3] ?? "";
    const first = await signIn(email, password);
    const ok = await first.post("/api/auth/second-factor/verify", { code: ` ${code.toUpperCase()} ` });
    expect(ok.statusCode).toBe(200);
    expect((await first.get("/api/contacts")).statusCode).toBe(200);
    expect((await first.get("/api/auth/second-factor")).json().backupCodesLeft).toBe(9);

    const second = await signIn(email, password);
    const reused = await second.post("/api/auth/second-factor/verify", { code });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe("invalid_second_factor_code");
    expect((await second.get("/api/contacts")).json().code).toBe("second_factor_required");
  });

  it("also holds a session made by Google sign-in", async () => {
    const { email, key } = await enrolledUser();
    const userId = await userIdOf(email);
    // What better-auth does at the end of the Google callback: link the Google account and create a
    // session row (internalAdapter.createSession). The gate reads only the session row, so a session
    // from any sign-in method starts waiting for the code.
    await ctx.db.db.insert(accounts).values({
      id: crypto.randomUUID(),
      accountId: `google-${userId}`,
      providerId: "google",
      userId,
    });
    const token = randomBytes(24).toString("base64url");
    await ctx.db.db.insert(sessions).values({
      id: crypto.randomUUID(),
      token,
      userId,
      expiresAt: new Date(Date.now() + 7 * 24 * 60 * 60 * 1000),
    });
    const client = new TestClient(ctx.app);
    client.cookie = encodeURIComponent(
      `${token}.${createHmac("sha256", SECRET).update(token).digest("base64")}`,
    );
    expect((await client.get("/api/auth/user")).json().secondFactor.state).toBe("pending");
    expect((await client.get("/api/contacts")).json().code).toBe("second_factor_required");
    expect((await client.post("/api/auth/second-factor/verify", { code: codeFor(key, 1) })).statusCode).toBe(
      200,
    );
    expect((await client.get("/api/contacts")).statusCode).toBe(200);
  });

  it("pauses code entry after 5 wrong codes in 15 minutes, even for the right code, and says the same for every wrong one", async () => {
    const { email, password, key, backupCodes } = await enrolledUser();
    const client = await signIn(email, password);
    const answers = [];
    for (const code of ["111111", "222222", "abcde-fghjk", "333333", "444444"]) {
      answers.push((await client.post("/api/auth/second-factor/verify", { code })).json());
    }
    // A wrong TOTP code and a wrong backup code read alike.
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    const locked = await client.post("/api/auth/second-factor/verify", { code: codeFor(key, 1) });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe("account_locked");
    expect((await client.post("/api/auth/second-factor/verify", { code: backupCodes[0] })).statusCode).toBe(
      429,
    );
    expect((await client.get("/api/contacts")).statusCode).toBe(403);
    // The lock is per account and recorded in the database (it holds across processes).
    const userId = await userIdOf(email);
    const rows = await ctx.db.rows<{ locked_until: Date | null }>(
      `SELECT locked_until FROM auth_throttles WHERE key = 'second-factor:${userId}'`,
    );
    expect(rows[0]?.locked_until).toBeTruthy();
  });
});

describe("sensitive actions", () => {
  it("ask for the code again when the last one is older than 15 minutes", async () => {
    const { client, email, key } = await enrolledUser();
    const userId = await userIdOf(email);
    await ctx.db.db
      .update(sessions)
      .set({ secondFactorAt: new Date(Date.now() - 16 * 60 * 1000) })
      .where(eq(sessions.userId, userId));
    // Ordinary work goes on; deleting the account or paying does not.
    expect((await client.get("/api/contacts")).statusCode).toBe(200);
    const stale = await client.delete("/api/profile", { password: "wrong password" });
    expect(stale.statusCode).toBe(403);
    expect(stale.json().code).toBe("second_factor_stale");
    const portal = await client.post("/api/subscription/portal-session");
    expect(portal.json().code).toBe("second_factor_stale");

    expect((await client.post("/api/auth/second-factor/verify", { code: codeFor(key, 1) })).statusCode).toBe(
      200,
    );
    // Through the gate: now the route's own rules answer.
    const fresh = await client.delete("/api/profile", { password: "wrong password" });
    expect(fresh.statusCode).toBe(400);
    expect(fresh.json().code).toBe("invalid_password");
  });

  it("do not ask users without two-factor sign-in", async () => {
    const { client } = await signedInClient(ctx.app);
    const res = await client.delete("/api/profile", { password: "wrong password" });
    expect(res.json().code).toBe("invalid_password");
  });
});

describe("required enrolment", () => {
  it("lets a user who must use 2FA reach only the enrolment until it is on, and not turn it off", async () => {
    const { client, email } = await signedInClient(ctx.app);
    await ctx.db.db.update(users).set({ secondFactorRequired: true }).where(eq(users.email, email));
    expect((await client.get("/api/auth/user")).json().secondFactor).toEqual({
      enabled: false,
      passkey: false,
      state: "enrolment_required",
    });
    const refused = await client.get("/api/contacts");
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("second_factor_enrolment_required");
    expect((await client.get("/api/auth/second-factor")).json().required).toBe(true);
    const { key } = (await client.post("/api/auth/second-factor/setup")).json() as { key: string };
    expect((await client.post("/api/auth/second-factor/enable", { code: codeFor(key) })).statusCode).toBe(
      200,
    );
    expect((await client.get("/api/contacts")).statusCode).toBe(200);
    const off = await client.post("/api/auth/second-factor/disable", { code: codeFor(key, 1) });
    expect(off.statusCode).toBe(403);
    expect(off.json().code).toBe("second_factor_enrolment_required");
  });
});

describe("managing", () => {
  it("replaces the backup codes (old ones stop working) and turns 2FA off with a code", async () => {
    const { client, email, password, key, backupCodes } = await enrolledUser();
    const regenerated = await client.post("/api/auth/second-factor/backup-codes", { code: codeFor(key, 1) });
    expect(regenerated.statusCode).toBe(200);
    const fresh = (regenerated.json() as { backupCodes: string[] }).backupCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(backupCodes[0]);

    const pending = await signIn(email, password);
    expect((await pending.post("/api/auth/second-factor/verify", { code: backupCodes[0] })).statusCode).toBe(
      400,
    );
    expect((await pending.post("/api/auth/second-factor/verify", { code: fresh[0] })).statusCode).toBe(200);

    expect((await client.post("/api/auth/second-factor/disable", { code: "999999" })).statusCode).toBe(400);
    expect((await client.post("/api/auth/second-factor/disable", { code: fresh[1] })).statusCode).toBe(200);
    const after = await signIn(email, password);
    expect((await after.get("/api/auth/user")).json().secondFactor).toEqual({
      enabled: false,
      passkey: false,
      state: "ok",
    });
    expect((await after.get("/api/contacts")).statusCode).toBe(200);
    const userId = await userIdOf(email);
    expect(changes.filter((c) => c.userId === userId).map((c) => c.event)).toEqual([
      "enabled",
      "backup_codes_regenerated",
      "backup_code_used",
      "disabled",
    ]);
  });

  it("keeps the session verified across a password change", async () => {
    const { client, password } = await enrolledUser();
    const res = await client.post("/api/profile/password", {
      currentPassword: password,
      newPassword: "another long passphrase",
    });
    expect(res.statusCode).toBe(200);
    expect((await client.get("/api/contacts")).statusCode).toBe(200);
  });
});
