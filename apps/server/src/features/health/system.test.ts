import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../testing/test-app";
import { TEST_DATABASE_URL } from "../../testing/test-database";

let ctx: TestContext;
beforeAll(async () => {
  // A bug in a route: the answer must be a generic 500, with the details only in the log.
  ctx = await createTestApp({}, (app) => {
    app.get("/api/test/boom", async () => {
      throw new Error("secret internal detail at /srv/app.ts:42");
    });
  });
});
afterAll(async () => {
  await ctx?.close();
});

describe("system", () => {
  it("reports health and which database it runs on", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok", db: TEST_DATABASE_URL ? "postgres" : "pglite" });
  });

  it("answers a thrown bug with a generic 500 that leaks nothing", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/test/boom" });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      message: "Something went wrong on our side. Please try again.",
      code: "internal_error",
    });
    expect(res.body).not.toContain("secret");
    expect(res.body).not.toContain("app.ts");
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/does-not-exist" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: "not_found" });
  });

  it("sends security headers with a strict CSP", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/health" });
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
  });

  it("publishes an OpenAPI document generated from the shared schemas", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const [path, method] of [
      ["/api/auth/user", "get"],
      ["/api/auth/login", "post"],
      ["/api/auth/register", "post"],
      ["/api/auth/google", "get"],
      ["/api/login", "get"],
      ["/api/logout", "get"],
      ["/api/profile", "patch"],
      ["/api/subscription/plans", "get"],
      ["/api/subscription/status", "get"],
      ["/api/health", "get"],
    ] as const) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    const register = doc.paths["/api/auth/register"].post.requestBody.content["application/json"].schema;
    expect(register.required).toEqual(expect.arrayContaining(["email", "password", "firstName"]));
    expect(register.properties.password.minLength).toBe(8);
    expect(doc.paths["/api/auth/callback/{provider}"]).toBeUndefined();
  });
});
