import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signedInClient, TestClient, type TestContext } from "../../testing/test-app";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

describe("profile", () => {
  it("changes the name and language preference of the signed-in user only", async () => {
    const a = await signedInClient(ctx.app, { firstName: "A" });
    const b = await signedInClient(ctx.app, { firstName: "B" });
    const res = await a.client.patch("/api/profile", {
      firstName: " 一郎 ",
      lastName: "鈴木",
      language: "en",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstName: "一郎", lastName: "鈴木", language: "en" });
    // B's account is untouched, and B has no way to name A's account.
    expect((await b.client.get("/api/auth/user")).json()).toMatchObject({ firstName: "B", language: null });
    const bPatch = await b.client.patch("/api/profile", { id: a.user.id, firstName: "Hacked" });
    expect(bPatch.json()).toMatchObject({ id: b.user.id, firstName: "Hacked" });
    expect((await a.client.get("/api/auth/user")).json().firstName).toBe("一郎");
  });

  it("rejects bad values with 400 and changes nothing", async () => {
    const { client } = await signedInClient(ctx.app, { firstName: "Keep" });
    for (const body of [{ firstName: "" }, { language: "fr" }, { lastName: "x".repeat(101) }]) {
      const res = await client.patch("/api/profile", body);
      expect(res.statusCode).toBe(400);
    }
    expect((await client.get("/api/auth/user")).json()).toMatchObject({ firstName: "Keep", language: null });
  });

  it("needs a signed-in user", async () => {
    const anon = new TestClient(ctx.app);
    expect((await anon.patch("/api/profile", { firstName: "X" })).statusCode).toBe(401);
    expect(
      (await anon.post("/api/profile/password", { currentPassword: "a", newPassword: "bbbbbbbb" }))
        .statusCode,
    ).toBe(401);
    expect((await anon.delete("/api/profile", { password: "x" })).statusCode).toBe(401);
  });
});

describe("password change", () => {
  it("needs the current password, then signs out other sessions", async () => {
    const { client, email, password } = await signedInClient(ctx.app);
    const other = new TestClient(ctx.app);
    await other.post("/api/auth/login", { email, password });
    expect((await other.get("/api/auth/user")).statusCode).toBe(200);

    const wrong = await client.post("/api/profile/password", {
      currentPassword: "not-it-at-all",
      newPassword: "newpassword1",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: "Current password is incorrect", code: "invalid_password" });
    const short = await client.post("/api/profile/password", {
      currentPassword: password,
      newPassword: "short",
    });
    expect(short.statusCode).toBe(400);

    const ok = await client.post("/api/profile/password", {
      currentPassword: password,
      newPassword: "newpassword1",
    });
    expect(ok.statusCode).toBe(200);
    expect((await client.get("/api/auth/user")).statusCode).toBe(200);
    expect((await other.get("/api/auth/user")).statusCode).toBe(401);
    const oldLogin = await new TestClient(ctx.app).post("/api/auth/login", { email, password });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await new TestClient(ctx.app).post("/api/auth/login", {
      email,
      password: "newpassword1",
    });
    expect(newLogin.statusCode).toBe(200);
  });
});

describe("account deletion", () => {
  it("needs the password, signs out everywhere, blocks sign-in, and purges after 30 days", async () => {
    const { client, email, password, user } = await signedInClient(ctx.app);
    const wrong = await client.delete("/api/profile", { password: "wrong-password" });
    expect(wrong.statusCode).toBe(400);
    expect((await client.get("/api/auth/user")).statusCode).toBe(200);

    const res = await client.delete("/api/profile", { password });
    expect(res.statusCode).toBe(200);
    const purgeDays = (Date.parse(res.json().purgeAt) - Date.now()) / 86_400_000;
    expect(Math.round(purgeDays)).toBe(30);
    expect((await client.get("/api/auth/user")).statusCode).toBe(401);
    expect((await new TestClient(ctx.app).post("/api/auth/login", { email, password })).statusCode).toBe(401);
    // The email stays reserved until the purge, so nobody can take over the account's data meanwhile.
    expect(
      (await new TestClient(ctx.app).post("/api/auth/register", { email, password, firstName: "X" }))
        .statusCode,
    ).toBe(409);

    const service = ctx.app.services.auth;
    expect(await service.purgeDeletedAccounts(new Date(Date.now() + 29 * 86_400_000))).toBe(0);
    expect(await service.purgeDeletedAccounts(new Date(Date.now() + 31 * 86_400_000))).toBe(1);
    const rows = await ctx.db.db.query.users.findMany({ where: (u, { eq }) => eq(u.id, user.id) });
    expect(rows).toEqual([]);
    const again = await new TestClient(ctx.app).post("/api/auth/register", {
      email,
      password,
      firstName: "New",
    });
    expect(again.statusCode).toBe(201);
  });
});
