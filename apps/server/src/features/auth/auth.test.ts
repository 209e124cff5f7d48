import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestApp,
  parseSetCookies,
  signedInClient,
  TestClient,
  type TestContext,
} from "../../testing/test-app";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

describe("registration", () => {
  it("creates an account on a 14-day trial and signs it in", async () => {
    const client = new TestClient(ctx.app);
    const res = await client.post("/api/auth/register", {
      email: "  Owner@Example.JP ",
      password: "longenough",
      firstName: " 太郎 ",
      lastName: "山田",
    });
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({
      email: "owner@example.jp",
      firstName: "太郎",
      lastName: "山田",
      plan: "trial",
      subscriptionStatus: "trialing",
      subscriptionEndsAt: null,
      hasPassword: true,
    });
    expect(user).not.toHaveProperty("password");
    const trialDays = (Date.parse(user.trialEndsAt) - Date.now()) / 86_400_000;
    expect(trialDays).toBeGreaterThan(13.99);
    expect(trialDays).toBeLessThanOrEqual(14);
    const me = await client.get("/api/auth/user");
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(user.id);
  });

  it("accepts a missing last name", async () => {
    const res = await new TestClient(ctx.app).post("/api/auth/register", {
      email: "nolast@example.jp",
      password: "longenough",
      firstName: "Ken",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().lastName).toBe("");
  });

  it("refuses a duplicate email, whatever its case, with 409 and a clear message", async () => {
    await signedInClient(ctx.app, { email: "dup@example.jp" });
    const res = await new TestClient(ctx.app).post("/api/auth/register", {
      email: "DUP@example.jp",
      password: "anotherpass",
      firstName: "Other",
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: "An account with this email already exists. Sign in instead.",
      code: "email_taken",
    });
    expect(parseSetCookies(res).has("auth_session")).toBe(false);
  });

  it.each([
    [
      { email: "not-an-email", password: "longenough", firstName: "A" },
      "email must be a valid email address",
    ],
    [{ email: "a@example.jp", password: "short", firstName: "A" }, "password must be at least 8 characters"],
    [{ email: "a@example.jp", password: "longenough", firstName: "   " }, "firstName is required"],
    [{ email: "a@example.jp", password: "longenough" }, "firstName is required"],
    [{ password: "longenough", firstName: "A" }, "email is required"],
  ])("answers 400 naming the field for %j", async (body, message) => {
    const res = await new TestClient(ctx.app).post("/api/auth/register", body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(res.json().code).toBe("validation_error");
    const login = await new TestClient(ctx.app).post("/api/auth/login", {
      email: "a@example.jp",
      password: "longenough",
    });
    expect(login.statusCode).toBe(401);
  });

  it("answers 400, not 500, for a body that is not JSON or not an object", async () => {
    const broken = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/register",
      headers: { "content-type": "application/json" },
      payload: "{nope",
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe("Request body is not valid JSON");
    const array = await new TestClient(ctx.app).post("/api/auth/register", [1, 2]);
    expect(array.statusCode).toBe(400);
    const none = await ctx.app.inject({ method: "POST", url: "/api/auth/register" });
    expect(none.statusCode).toBe(400);
  });
});

describe("sign-in and sessions", () => {
  it("signs in with the right password and gives a new session id every time", async () => {
    const { email, password, client: first } = await signedInClient(ctx.app);
    const a = new TestClient(ctx.app);
    const resA = await a.post("/api/auth/login", { email: email.toUpperCase(), password });
    expect(resA.statusCode).toBe(200);
    expect(resA.json().email).toBe(email);
    const b = new TestClient(ctx.app);
    await b.post("/api/auth/login", { email, password });
    expect(a.cookie).toBeDefined();
    expect(b.cookie).toBeDefined();
    expect(new Set([a.cookie, b.cookie, first.cookie]).size).toBe(3);
  });

  it("answers 401 'Invalid email or password' for a wrong password or an unknown email, alike", async () => {
    const { email } = await signedInClient(ctx.app);
    for (const body of [
      { email, password: "wrong-password" },
      { email: "nobody@example.jp", password: "whatever1" },
    ]) {
      const res = await new TestClient(ctx.app).post("/api/auth/login", body);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: "Invalid email or password", code: "invalid_credentials" });
      expect(parseSetCookies(res).has("auth_session")).toBe(false);
    }
  });

  it("sets auth_session for 7 days, HttpOnly, SameSite=Lax, not Secure over plain HTTP", async () => {
    const res = await new TestClient(ctx.app).post("/api/auth/register", {
      email: "cookie@example.jp",
      password: "longenough",
      firstName: "C",
    });
    const cookie = parseSetCookies(res).get("auth_session");
    expect(cookie).toBeDefined();
    expect(cookie?.attrs).toEqual(
      expect.arrayContaining(["max-age=604800", "path=/", "httponly", "samesite=lax"]),
    );
    expect(cookie?.attrs).not.toContain("secure");
  });

  it("answers 401 for an anonymous or forged session", async () => {
    expect((await ctx.app.inject({ method: "GET", url: "/api/auth/user" })).statusCode).toBe(401);
    const forged = await ctx.app.inject({
      method: "GET",
      url: "/api/auth/user",
      headers: { cookie: "auth_session=made-up.signature" },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ code: "unauthorized" });
  });

  it("logs out through POST /api/logout: the session ends and the browser goes to /", async () => {
    const { client } = await signedInClient(ctx.app);
    const stolen = client.cookie;
    const res = await client.post("/api/logout");
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe("/");
    expect(parseSetCookies(res).get("auth_session")?.attrs).toContain("max-age=0");
    expect((await client.get("/api/auth/user")).statusCode).toBe(401);
    // The old cookie is dead on the server too, not just deleted in the browser.
    const replay = await ctx.app.inject({
      method: "GET",
      url: "/api/auth/user",
      headers: { cookie: `auth_session=${stolen}` },
    });
    expect(replay.statusCode).toBe(401);
  });

  it("sends /api/login to /auth, and anonymous /api/logout home", async () => {
    const login = await ctx.app.inject({ method: "GET", url: "/api/login" });
    expect(login.statusCode).toBe(302);
    expect(login.headers.location).toBe("/auth");
    const logout = await ctx.app.inject({ method: "POST", url: "/api/logout" });
    expect(logout.statusCode).toBe(303);
    expect(logout.headers.location).toBe("/");
  });

  it("never signs out on GET /api/logout (a cross-site link): it asks, in the reader's language", async () => {
    const { client } = await signedInClient(ctx.app);
    const res = await client.request({
      method: "GET",
      url: "/api/logout",
      headers: { "accept-language": "en-US,en;q=0.9", "sec-fetch-site": "cross-site" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.body).toContain('<form method="post" action="/api/logout"');
    expect(res.body).toContain("Sign out of Shobai?");
    expect(res.headers["referrer-policy"]).toBe("same-origin");
    expect(res.headers["set-cookie"]).toBeUndefined();
    expect((await client.get("/api/auth/user")).statusCode).toBe(200);
    const ja = await ctx.app.inject({
      method: "GET",
      url: "/api/logout",
      headers: { cookie: "user_language=ja" },
    });
    expect(ja.body).toContain("ログアウトしますか");
    // A cross-site POST is refused by the origin check, so a hidden form cannot sign anyone out either.
    const forged = await client.request({
      method: "POST",
      url: "/api/logout",
      headers: { origin: "https://evil.example" },
    });
    expect(forged.statusCode).toBe(403);
    expect((await client.get("/api/auth/user")).statusCode).toBe(200);
    // The page's own form: a same-origin form post, urlencoded, signs out.
    const confirmed = await client.request({
      method: "POST",
      url: "/api/logout",
      headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" },
      payload: "",
    });
    expect(confirmed.statusCode).toBe(303);
    expect((await client.get("/api/auth/user")).statusCode).toBe(401);
  });

  it("refuses state-changing requests from another origin", async () => {
    const { email, password } = await signedInClient(ctx.app);
    const evil = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { origin: "https://evil.example", "content-type": "application/json" },
      payload: { email, password },
    });
    expect(evil.statusCode).toBe(403);
    expect(evil.json().code).toBe("cross_origin_refused");
    const crossSite = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "sec-fetch-site": "cross-site" },
      payload: { email, password },
    });
    expect(crossSite.statusCode).toBe(403);
    const same = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { origin: "http://localhost:80", host: "localhost:80" },
      payload: { email, password },
    });
    expect(same.statusCode).toBe(200);
  });
});

describe("Google sign-in", () => {
  it("returns to /auth with a clear reason when Google is not configured", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/auth/google" });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/auth?error=google_not_configured");
    // The sign-in page asks first, and shows no Google button here.
    const options = await ctx.app.inject({ method: "GET", url: "/api/auth/options" });
    expect(options.statusCode).toBe(200);
    expect(options.json()).toEqual({ google: false });
  });

  it("redirects to Google's consent screen with our client id and callback when configured", async () => {
    const google = await createTestApp({
      google: { clientId: "client-123.apps.googleusercontent.com", clientSecret: "s3cret" },
      appUrl: "https://shobai.example",
    });
    try {
      const res = await google.app.inject({ method: "GET", url: "/api/auth/google" });
      expect(res.statusCode).toBe(302);
      const location = new URL(String(res.headers.location));
      expect(location.origin).toBe("https://accounts.google.com");
      expect(location.searchParams.get("client_id")).toBe("client-123.apps.googleusercontent.com");
      expect(location.searchParams.get("redirect_uri")).toBe(
        "https://shobai.example/api/auth/callback/google",
      );
      expect(location.searchParams.get("state")).toBeTruthy();
      // The OAuth state is bound to this browser by a cookie, Secure because the app is on HTTPS.
      const cookies = [...parseSetCookies(res).values()];
      expect(cookies.length).toBeGreaterThan(0);
      for (const c of cookies) expect(c.attrs).toContain("secure");
      const options = await google.app.inject({ method: "GET", url: "/api/auth/options" });
      expect(options.json()).toEqual({ google: true });
    } finally {
      await google.close();
    }
  });
});

describe("behind HTTPS", () => {
  it("marks the session cookie Secure when the proxy says the browser used HTTPS", async () => {
    const https = await createTestApp({ trustProxy: true });
    try {
      const res = await https.app.inject({
        method: "POST",
        url: "/api/auth/register",
        headers: { "x-forwarded-proto": "https" },
        payload: { email: "secure@example.jp", password: "longenough", firstName: "S" },
      });
      expect(res.statusCode).toBe(201);
      expect(parseSetCookies(res).get("auth_session")?.attrs).toContain("secure");
    } finally {
      await https.close();
    }
  });
});

describe("rate limiting", () => {
  it("answers 429 with a message after too many sign-in attempts from one address", async () => {
    const limited = await createTestApp({ authRateLimit: { max: 3, windowSeconds: 60 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await limited.app.inject({
          method: "POST",
          url: "/api/auth/login",
          payload: { email: "x@example.jp", password: "wrong-password" },
        });
        statuses.push(res.statusCode);
        if (res.statusCode === 429) {
          expect(res.json().message).toMatch(/Too many attempts/);
          expect(res.json().code).toBe("rate_limited");
        }
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      const register = await limited.app.inject({
        method: "POST",
        url: "/api/auth/register",
        payload: { email: "y@example.jp", password: "longenough", firstName: "Y" },
      });
      expect(register.statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
