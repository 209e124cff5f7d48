import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, sessions, users, verifications } from "../../db/schema/index";
import { ownerContact } from "../../testing/domains-fixtures";
import {
  confirmEmailThroughOutbox,
  createTestApp,
  signedInClient,
  TestClient,
  type TestContext,
  verificationLinkFromOutbox,
} from "../../testing/test-app";
import { LOGIN_THROTTLE } from "./service";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ publicUrl: "http://shobai.test" });
});
afterAll(async () => {
  await ctx?.close();
});

let n = 0;
const address = (label: string) => {
  n += 1;
  return `${label}-${n}-${Date.now()}@example.jp`;
};

/** Mail that went to `email` (whoever's outbox it is in), newest first. */
async function mailsTo(email: string) {
  return ctx.db.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, email))
    .orderBy(desc(emailOutbox.createdAt));
}

async function resetTokenFor(email: string): Promise<string> {
  const mail = (await mailsTo(email)).find((m) => m.text.includes("/auth/reset?token="));
  const token = mail?.text.match(/\/auth\/reset\?token=([\w-]+)/)?.[1];
  if (!token) throw new Error(`no reset link was emailed to ${email}`);
  return token;
}

async function userRow(email: string) {
  const [row] = await ctx.db.db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row;
}

async function register(client: TestClient, email: string, extra: Record<string, unknown> = {}) {
  return client.post("/api/auth/register", {
    email,
    password: "correct horse battery",
    firstName: "花子",
    lastName: "佐藤",
    ...extra,
  });
}

describe("sign-up verification", () => {
  it("emails a one-time link (stored hashed) in the user's language; opening it verifies the address", async () => {
    const client = new TestClient(ctx.app);
    const email = address("verify");
    const res = await register(client, email, { language: "en" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ emailVerified: false });

    const [mail] = await mailsTo(email);
    expect(mail?.subject).toBe("Shobai: confirm your email address");
    const link = await verificationLinkFromOutbox(client, email);
    const token = new URL(link, "http://x").searchParams.get("token") ?? "";
    expect(mail?.text).toContain(`http://shobai.test${link}`);
    // Only a hash of the token is stored.
    const rows = await ctx.db.db.select().from(verifications);
    expect(rows.some((r) => r.identifier.includes(token))).toBe(false);

    const opened = await ctx.app.inject({ method: "GET", url: link });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe("/?emailVerified=1");
    expect((await client.get("/api/auth/user")).json()).toMatchObject({ emailVerified: true });

    const again = await ctx.app.inject({ method: "GET", url: link });
    expect(again.headers.location).toBe("/?emailVerified=invalid");
  });

  it("writes the mail in Japanese by default, and refuses an expired or made-up link", async () => {
    const client = new TestClient(ctx.app);
    const email = address("expired");
    await register(client, email);
    expect((await mailsTo(email))[0]?.subject).toBe("Shobai（商売）メールアドレスの確認");
    const link = await verificationLinkFromOutbox(client, email);
    const user = await userRow(email);
    await ctx.db.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.value, user.id));
    expect((await ctx.app.inject({ method: "GET", url: link })).headers.location).toBe(
      "/?emailVerified=invalid",
    );
    const madeUp = await ctx.app.inject({ method: "GET", url: "/api/auth/verify-email?token=nope" });
    expect(madeUp.headers.location).toBe("/?emailVerified=invalid");
    expect((await userRow(email)).emailVerified).toBe(false);
  });

  it("lets an unverified owner build and use the CRM, but not mail others or spend money (403 email_unverified)", async () => {
    const { client, email } = await signedInClient(ctx.app, {}, { verified: false });
    const contact = await client.post("/api/contacts", { firstName: "太郎", email: "taro@example.jp" });
    expect(contact.statusCode).toBe(201);

    const refused = [
      await client.post("/api/email/verify-sender", { email }),
      await client.post("/api/email/send", {
        fromEmail: email,
        to: "taro@example.jp",
        subject: "hi",
        content: "hello",
      }),
      await client.post("/api/domain/register", {
        domain: "example-shop.jp",
        registrationPeriod: 1,
        ownerContact: ownerContact(),
      }),
      await client.post("/api/subscription/create-checkout-session", { planId: "starter" }),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: "email_unverified" });
      expect(res.json().message).toMatch(/Confirm your email address/);
    }
    const campaign = await client.post("/api/email-campaigns", {
      name: "Welcome",
      subject: "Welcome",
      content: "Hello",
    });
    expect(campaign.statusCode).toBe(201);
    const start = await client.patch(`/api/email-campaigns/${campaign.json().id}`, { isActive: true });
    expect(start.statusCode).toBe(403);
    expect(start.json()).toMatchObject({ code: "email_unverified" });

    await confirmEmailThroughOutbox(ctx.app, client, email);
    const allowed = await client.post("/api/email/verify-sender", { email });
    expect(allowed.statusCode).toBe(200);
  });

  it("sends a new link on request, a few an hour; says when mail stays in the outbox", async () => {
    const { client, email } = await signedInClient(ctx.app, {}, { verified: false });
    for (let i = 0; i < 3; i += 1) {
      const res = await client.post("/api/auth/verify-email/resend");
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true, outbox: true });
    }
    const limited = await client.post("/api/auth/verify-email/resend");
    expect(limited.statusCode).toBe(429);
    expect((await mailsTo(email)).length).toBe(4);
    // Every link sent still works (each once).
    await confirmEmailThroughOutbox(ctx.app, client, email);
  });
});

describe("password reset", () => {
  it("answers the same for an unknown address, and sends nothing", async () => {
    const unknown = address("nobody");
    const res = await new TestClient(ctx.app).post("/api/auth/forgot-password", { email: unknown });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await mailsTo(unknown)).toHaveLength(0);
    const bad = await new TestClient(ctx.app).post("/api/auth/forgot-password", { email: "not-an-email" });
    expect(bad.statusCode).toBe(400);
  });

  it("resets once with the emailed link, signs out every other session, emails a notice and signs the resetter in", async () => {
    const { client: other, email } = await signedInClient(ctx.app);
    const visitor = new TestClient(ctx.app);
    expect((await visitor.post("/api/auth/forgot-password", { email })).json()).toEqual({ ok: true });
    const token = await resetTokenFor(email);

    const weak = await visitor.post("/api/auth/reset-password", { token, password: "password1" });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ code: "password_too_common" });

    const res = await visitor.post("/api/auth/reset-password", { token, password: "a brand new secret" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email, emailVerified: true });
    expect((await visitor.get("/api/auth/user")).statusCode).toBe(200);
    expect((await other.get("/api/auth/user")).statusCode).toBe(401);
    expect((await mailsTo(email))[0]?.subject).toBe("Shobai（商売）パスワードが変更されました");

    const reused = await visitor.post("/api/auth/reset-password", { token, password: "another new secret" });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ code: "invalid_token" });
    const login = await new TestClient(ctx.app).post("/api/auth/login", {
      email,
      password: "a brand new secret",
    });
    expect(login.statusCode).toBe(200);
  });

  it("refuses an expired link", async () => {
    const { email } = await signedInClient(ctx.app);
    const visitor = new TestClient(ctx.app);
    await visitor.post("/api/auth/forgot-password", { email });
    const token = await resetTokenFor(email);
    const user = await userRow(email);
    await ctx.db.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.value, user.id));
    const res = await visitor.post("/api/auth/reset-password", { token, password: "a brand new secret" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "invalid_token" });
  });

  it("sends at most three reset mails an hour to one address, answering the same", async () => {
    const { email } = await signedInClient(ctx.app);
    const before = (await mailsTo(email)).length;
    for (let i = 0; i < 5; i += 1) {
      const res = await new TestClient(ctx.app).post("/api/auth/forgot-password", { email });
      expect(res.json()).toEqual({ ok: true });
    }
    expect((await mailsTo(email)).length - before).toBe(3);
  });

  it("lets whoever controls the mailbox reclaim an address squatted by an unverified account", async () => {
    const email = address("victim");
    const squatter = new TestClient(ctx.app);
    expect((await register(squatter, email)).statusCode).toBe(201);
    // The real owner cannot register: the address is taken...
    const owner = new TestClient(ctx.app);
    expect((await register(owner, email)).statusCode).toBe(409);
    // ...but the reset link reaches the mailbox, not the squatter.
    await owner.post("/api/auth/forgot-password", { email });
    const token = await resetTokenFor(email);
    const res = await owner.post("/api/auth/reset-password", { token, password: "mine, truly mine" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ emailVerified: true });
    expect((await squatter.get("/api/auth/user")).statusCode).toBe(401);
    const squatterLogin = await new TestClient(ctx.app).post("/api/auth/login", {
      email,
      password: "correct horse battery",
    });
    expect(squatterLogin.statusCode).toBe(401);
  });
});

describe("passwords", () => {
  it.each([
    ["12345678", "password_too_common"],
    ["password1", "password_too_common"],
    ["Iloveyou1", "password_too_common"],
  ])("refuses the common password %s", async (password, code) => {
    const res = await new TestClient(ctx.app).post("/api/auth/register", {
      email: address("common"),
      password,
      firstName: "Hana",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code });
  });

  it("refuses a password equal to the email, its local part or the name", async () => {
    const email = address("samesame");
    for (const password of [email, email.split("@")[0], "Hana Sato"]) {
      const res = await new TestClient(ctx.app).post("/api/auth/register", {
        email,
        password,
        firstName: "Hana",
        lastName: "Sato",
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: "password_like_identity" });
    }
  });

  it("applies the same rules to a password change", async () => {
    const { client, password } = await signedInClient(ctx.app);
    const res = await client.post("/api/profile/password", {
      currentPassword: password,
      newPassword: "qwertyuiop",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "password_too_common" });
  });

  it("limits wrong current passwords per account (change and deletion)", async () => {
    const { client, password } = await signedInClient(ctx.app);
    for (let i = 0; i < 10; i += 1) {
      const res = await client.post("/api/profile/password", {
        currentPassword: `wrong guess ${i}`,
        newPassword: "a brand new secret",
      });
      expect(res.statusCode).toBe(400);
    }
    const locked = await client.delete("/api/profile", { password });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: "account_locked" });
  });
});

describe("sign-in throttle per account", () => {
  it("pauses an account after 10 failures from many addresses, emails the owner, and a reset still gets in", async () => {
    const { email, password } = await signedInClient(ctx.app);
    const attempt = (pw: string, i: number) =>
      ctx.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email, password: pw },
        remoteAddress: `127.0.0.${10 + i}`,
      });
    for (let i = 0; i < LOGIN_THROTTLE.max; i += 1) {
      expect((await attempt(`wrong ${i}`, i)).statusCode).toBe(401);
    }
    const right = await attempt(password, 50);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ code: "account_locked" });
    expect(right.json().message).toMatch(/reset your password/);
    const notices = (await mailsTo(email)).filter((m) => m.subject.includes("ログインを一時的に停止"));
    expect(notices).toHaveLength(1);

    // An unknown address is paused the same way, so the pause tells nobody which addresses exist.
    const ghost = address("ghost");
    for (let i = 0; i < LOGIN_THROTTLE.max; i += 1) {
      await ctx.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: ghost, password: "whatever it is" },
        remoteAddress: `127.0.1.${i}`,
      });
    }
    const ghostLocked = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: ghost, password: "whatever it is" },
    });
    expect(ghostLocked.json()).toMatchObject({ code: "account_locked" });

    const visitor = new TestClient(ctx.app);
    await visitor.post("/api/auth/forgot-password", { email });
    const token = await resetTokenFor(email);
    expect(
      (await visitor.post("/api/auth/reset-password", { token, password: "unlocked at last" })).statusCode,
    ).toBe(200);
    expect((await attempt("unlocked at last", 60)).statusCode).toBe(200);
  });
});

describe("sessions", () => {
  it("ends a session 30 days after sign-in, however active it was", async () => {
    const { client, user } = await signedInClient(ctx.app);
    expect((await client.get("/api/auth/user")).statusCode).toBe(200);
    await ctx.db.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000) })
      .where(eq(sessions.userId, user.id));
    const res = await client.get("/api/auth/user");
    expect(res.statusCode).toBe(401);
    const left = await ctx.db.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, user.id)));
    expect(left).toHaveLength(0);
  });

  it("answers every API request with Cache-Control: no-store", async () => {
    const { client } = await signedInClient(ctx.app);
    for (const url of ["/api/auth/user", "/api/contacts", "/api/dashboard/stats"]) {
      expect((await client.get(url)).headers["cache-control"]).toBe("no-store");
    }
    const anonymous = await ctx.app.inject({ method: "GET", url: "/api/auth/user" });
    expect(anonymous.headers["cache-control"]).toBe("no-store");
  });
});
