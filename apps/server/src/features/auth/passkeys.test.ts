import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passkeyChallenges, passkeys, sessions, users } from "../../db/schema/index";
import { createSoftAuthenticator } from "../../testing/soft-authenticator";
import { createTestApp, signedInClient, TestClient, type TestContext } from "../../testing/test-app";

const ORIGIN = "http://localhost:5173";
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ publicUrl: ORIGIN });
});
afterAll(async () => {
  await ctx?.close();
});

type Authenticator = ReturnType<typeof createSoftAuthenticator>;

async function userIdOf(email: string): Promise<string> {
  const [row] = await ctx.db.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/** Adds a passkey through the API, as /profile does; answers the saved passkey. */
async function addPasskey(client: TestClient, authenticator: Authenticator, name = "MacBook") {
  const start = await client.post("/api/auth/passkeys/register/options");
  expect(start.statusCode).toBe(200);
  const credential = authenticator.create(start.json().options);
  const saved = await client.post("/api/auth/passkeys", { name, credential });
  expect(saved.statusCode, saved.body).toBe(201);
  return saved.json() as { id: string; name: string };
}

async function passkeySignIn(client: TestClient, authenticator: Authenticator) {
  const start = await client.post("/api/auth/passkeys/sign-in/options");
  expect(start.statusCode).toBe(200);
  return client.post("/api/auth/passkeys/sign-in", { credential: authenticator.get(start.json().options) });
}

describe("adding a passkey", () => {
  it("asks for a resident key with user verification for PUBLIC_URL's host, stores it for the user, lists it", async () => {
    const { client, email } = await signedInClient(ctx.app);
    const start = await client.post("/api/auth/passkeys/register/options");
    const { options } = start.json();
    expect(options.rp).toEqual({ id: "localhost", name: "Shobai" });
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: "required",
      userVerification: "required",
    });
    expect(options.user.name).toBe(email);
    expect(options.pubKeyCredParams.map((p: { alg: number }) => p.alg)).toEqual([-8, -7, -257]);

    const authenticator = createSoftAuthenticator({ origin: ORIGIN });
    const credential = authenticator.create(options);
    const saved = await client.post("/api/auth/passkeys", { name: "  iPhone  ", credential });
    expect(saved.statusCode).toBe(201);
    expect(saved.json()).toMatchObject({ name: "iPhone", lastUsedAt: null, backedUp: false });

    // The same answer again: its challenge is spent.
    const replay = await client.post("/api/auth/passkeys", { name: "iPhone", credential });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe("invalid_passkey");

    const list = (await client.get("/api/auth/passkeys")).json();
    expect(list.passkeys).toHaveLength(1);
    expect(Object.keys(list.passkeys[0]).sort()).toEqual([
      "backedUp",
      "createdAt",
      "id",
      "lastUsedAt",
      "name",
    ]);
    const userId = await userIdOf(email);
    const [row] = await ctx.db.db.select().from(passkeys).where(eq(passkeys.userId, userId));
    expect(row?.credentialId).toBe(credential.id);
    expect((await client.get("/api/auth/user")).json().secondFactor).toEqual({
      enabled: false,
      passkey: true,
      state: "ok",
    });
    // The next options exclude the passkey already saved.
    const again = (await client.post("/api/auth/passkeys/register/options")).json().options;
    expect(again.excludeCredentials.map((c: { id: string }) => c.id)).toEqual([credential.id]);
  });

  it("refuses an answer from another origin, without user verification, or to a challenge of another user", async () => {
    const { client } = await signedInClient(ctx.app);
    const elsewhere = createSoftAuthenticator({ origin: "https://evil.example" });
    const a = await client.post("/api/auth/passkeys", {
      name: "x",
      credential: elsewhere.create((await client.post("/api/auth/passkeys/register/options")).json().options),
    });
    expect(a.json().code).toBe("invalid_passkey");

    const noPin = createSoftAuthenticator({ origin: ORIGIN, userVerified: false });
    const b = await client.post("/api/auth/passkeys", {
      name: "x",
      credential: noPin.create((await client.post("/api/auth/passkeys/register/options")).json().options),
    });
    expect(b.statusCode).toBe(400);
    expect(b.json().code).toBe("invalid_passkey");

    const other = await signedInClient(ctx.app);
    const theirs = (await other.client.post("/api/auth/passkeys/register/options")).json().options;
    const c = await client.post("/api/auth/passkeys", {
      name: "x",
      credential: createSoftAuthenticator({ origin: ORIGIN }).create(theirs),
    });
    expect(c.json().code).toBe("invalid_passkey");
    expect((await client.get("/api/auth/passkeys")).json().passkeys).toEqual([]);
  });

  it("validates the name and the credential's shape (400 validation_error, never 500)", async () => {
    const { client } = await signedInClient(ctx.app);
    const options = (await client.post("/api/auth/passkeys/register/options")).json().options;
    const credential = createSoftAuthenticator({ origin: ORIGIN }).create(options);
    for (const body of [
      { name: "", credential },
      { name: "x".repeat(61), credential },
      { name: "ok" },
      { name: "ok", credential: { ...credential, type: "password" } },
      { name: "ok", credential: { ...credential, response: { clientDataJSON: 42 } } },
      { name: "ok", credential: { ...credential, response: { clientDataJSON: "bm90IGpzb24" } } },
    ]) {
      const res = await client.post("/api/auth/passkeys", body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(["validation_error", "invalid_passkey"]).toContain(res.json().code);
    }
    expect((await signedInClient(ctx.app)).client).toBeDefined();
    const stranger = new TestClient(ctx.app);
    expect((await stranger.get("/api/auth/passkeys")).statusCode).toBe(401);
    expect((await stranger.post("/api/auth/passkeys/register/options")).statusCode).toBe(401);
  });
});

describe("signing in with a passkey", () => {
  it("opens a session that is through two-factor sign-in, even for a user with the authenticator app", async () => {
    const { client, email } = await signedInClient(ctx.app);
    const authenticator = createSoftAuthenticator({ origin: ORIGIN });
    const saved = await addPasskey(client, authenticator);
    // Turn the authenticator app on too (its state must not make the passkey session wait).
    await ctx.db.db.update(users).set({ secondFactorEnabled: true }).where(eq(users.email, email));

    const browser = new TestClient(ctx.app);
    const options = (await browser.post("/api/auth/passkeys/sign-in/options")).json().options;
    expect(options.allowCredentials ?? []).toEqual([]);
    expect(options.userVerification).toBe("required");
    const credential = authenticator.get(options);
    const res = await browser.post("/api/auth/passkeys/sign-in", { credential });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ email, secondFactor: { state: "ok" } });
    expect(String(res.headers["set-cookie"])).toMatch(/auth_session=.+HttpOnly; SameSite=Lax/);
    expect((await browser.get("/api/contacts")).statusCode).toBe(200);
    // The session carries the proof: a sensitive action goes through without a code.
    const rows = await ctx.db.db
      .select({ at: sessions.secondFactorAt })
      .from(sessions)
      .where(eq(sessions.userId, await userIdOf(email)))
      .orderBy(desc(sessions.createdAt));
    expect(Date.now() - (rows[0]?.at?.getTime() ?? 0)).toBeLessThan(60_000);
    expect((await browser.post("/api/auth/passkeys/register/options")).statusCode).toBe(200);
    const list = (await browser.get("/api/auth/passkeys")).json().passkeys;
    expect(list[0].id).toBe(saved.id);
    expect(list[0].lastUsedAt).not.toBeNull();

    // A second answer to the same challenge opens nothing.
    const replay = await new TestClient(ctx.app).post("/api/auth/passkeys/sign-in", { credential });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe("invalid_passkey");
  });

  it("refuses an unknown passkey, a forged signature, an expired challenge, a deleted account", async () => {
    const { client, email } = await signedInClient(ctx.app);
    const authenticator = createSoftAuthenticator({ origin: ORIGIN });
    await addPasskey(client, authenticator);

    const unknown = createSoftAuthenticator({ origin: ORIGIN });
    unknown.create({ rp: { id: "localhost" }, user: { id: "x" }, challenge: "x" });
    expect((await passkeySignIn(new TestClient(ctx.app), unknown)).json().code).toBe("invalid_passkey");

    const browser = new TestClient(ctx.app);
    const options = (await browser.post("/api/auth/passkeys/sign-in/options")).json().options;
    const forged = authenticator.get(options);
    forged.response.signature = Buffer.from("not a signature").toString("base64url");
    expect((await browser.post("/api/auth/passkeys/sign-in", { credential: forged })).statusCode).toBe(400);
    expect(browser.cookie).toBeUndefined();

    const late = (await browser.post("/api/auth/passkeys/sign-in/options")).json().options;
    await ctx.db.db
      .update(passkeyChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passkeyChallenges.challenge, late.challenge));
    const expired = await browser.post("/api/auth/passkeys/sign-in", { credential: authenticator.get(late) });
    expect(expired.json().code).toBe("invalid_passkey");

    await ctx.db.db.update(users).set({ deletedAt: new Date() }).where(eq(users.email, email));
    expect((await passkeySignIn(new TestClient(ctx.app), authenticator)).json().code).toBe("invalid_passkey");
  });
});

describe("a passkey as the second factor", () => {
  it("satisfies the must-enrol gate for an owner who must use two-factor sign-in", async () => {
    const { client, email, password } = await signedInClient(ctx.app);
    await ctx.db.db.update(users).set({ secondFactorRequired: true }).where(eq(users.email, email));
    expect((await client.get("/api/contacts")).json().code).toBe("second_factor_enrolment_required");
    const authenticator = createSoftAuthenticator({ origin: ORIGIN });
    await addPasskey(client, authenticator);
    expect((await client.get("/api/contacts")).statusCode).toBe(200);

    // A password sign-in now waits for the second step, which the passkey gives.
    const browser = new TestClient(ctx.app);
    expect((await browser.post("/api/auth/login", { email, password })).json().secondFactor.state).toBe(
      "pending",
    );
    expect((await browser.get("/api/contacts")).json().code).toBe("second_factor_required");
    // Nothing else of the account meanwhile: not even adding a passkey.
    expect((await browser.post("/api/auth/passkeys/register/options")).json().code).toBe(
      "second_factor_required",
    );
    const options = (await browser.post("/api/auth/passkeys/verify/options")).json().options;
    expect(options.allowCredentials).toHaveLength(1);
    const verified = await browser.post("/api/auth/passkeys/verify", {
      credential: authenticator.get(options),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().secondFactor).toEqual({ enabled: false, passkey: true, state: "ok" });
    expect((await browser.get("/api/contacts")).statusCode).toBe(200);

    // The last second factor of an account that must use one stays.
    const [mine] = (await client.get("/api/auth/passkeys")).json().passkeys;
    const refused = await client.delete(`/api/auth/passkeys/${mine.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("second_factor_enrolment_required");
  });

  it("verifies only with the user's own passkeys", async () => {
    const alice = await signedInClient(ctx.app);
    const bob = await signedInClient(ctx.app);
    const alicesKey = createSoftAuthenticator({ origin: ORIGIN });
    await addPasskey(alice.client, alicesKey);
    await addPasskey(bob.client, createSoftAuthenticator({ origin: ORIGIN }));
    const options = (await bob.client.post("/api/auth/passkeys/verify/options")).json().options;
    const res = await bob.client.post("/api/auth/passkeys/verify", {
      credential: alicesKey.get(options, alicesKey.credentials[0]),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("invalid_passkey");
    // No passkey at all: nothing to verify with.
    const none = await signedInClient(ctx.app);
    expect((await none.client.post("/api/auth/passkeys/verify/options")).json().code).toBe("invalid_passkey");
  });
});

describe("managing passkeys", () => {
  it("renames and deletes only your own passkeys; deleting asks for a fresh second factor", async () => {
    const alice = await signedInClient(ctx.app);
    const bob = await signedInClient(ctx.app);
    const authenticator = createSoftAuthenticator({ origin: ORIGIN });
    const first = await addPasskey(alice.client, authenticator, "MacBook");
    const second = await addPasskey(alice.client, authenticator, "iPhone");

    // Bob sees none of them and can change none of them.
    expect((await bob.client.get("/api/auth/passkeys")).json().passkeys).toEqual([]);
    expect((await bob.client.patch(`/api/auth/passkeys/${first.id}`, { name: "mine" })).statusCode).toBe(404);
    expect((await bob.client.delete(`/api/auth/passkeys/${first.id}`)).statusCode).toBe(404);
    expect((await alice.client.patch(`/api/auth/passkeys/not-a-uuid`, { name: "x" })).json().code).toBe(
      "validation_error",
    );
    expect((await alice.client.patch(`/api/auth/passkeys/${first.id}`, { name: " " })).statusCode).toBe(400);

    const renamed = await alice.client.patch(`/api/auth/passkeys/${first.id}`, { name: "Work laptop" });
    expect(renamed.json().name).toBe("Work laptop");

    // The proof is 20 minutes old: deleting needs the second factor again.
    const aliceId = await userIdOf(alice.email);
    await ctx.db.db
      .update(sessions)
      .set({ secondFactorAt: new Date(Date.now() - 20 * 60 * 1000) })
      .where(eq(sessions.userId, aliceId));
    const stale = await alice.client.delete(`/api/auth/passkeys/${second.id}`);
    expect(stale.statusCode).toBe(403);
    expect(stale.json().code).toBe("second_factor_stale");
    expect((await alice.client.post("/api/auth/passkeys/register/options")).json().code).toBe(
      "second_factor_stale",
    );
    const options = (await alice.client.post("/api/auth/passkeys/verify/options")).json().options;
    expect(
      (await alice.client.post("/api/auth/passkeys/verify", { credential: authenticator.get(options) }))
        .statusCode,
    ).toBe(200);
    expect((await alice.client.delete(`/api/auth/passkeys/${second.id}`)).statusCode).toBe(200);
    expect(
      (await alice.client.get("/api/auth/passkeys")).json().passkeys.map((p: { name: string }) => p.name),
    ).toEqual(["Work laptop"]);
    expect((await alice.client.delete(`/api/auth/passkeys/${first.id}`)).statusCode).toBe(200);
    expect((await alice.client.get("/api/auth/user")).json().secondFactor.passkey).toBe(false);
  });
});
