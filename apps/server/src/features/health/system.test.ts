import { ZApiError } from "@shobai/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signedInClient, type TestContext } from "../../testing/test-app";
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

  it("answers every validation error with a code and the failed fields as issues", async () => {
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { email: "not-an-email", password: 3, firstName: "A" },
    });
    expect(res.statusCode).toBe(400);
    const body = ZApiError.parse(res.json());
    expect(body.code).toBe("validation_error");
    expect(body.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: "email", code: "invalid_format" }),
        expect.objectContaining({ path: "password", code: "invalid_type" }),
      ]),
    );
    // A signed-out caller hears 401 before any input rule (the session is checked first).
    const anonymous = await ctx.app.inject({ method: "GET", url: "/api/contacts?limit=abc" });
    expect(anonymous.statusCode).toBe(401);
    const { client } = await signedInClient(ctx.app);
    const query = await client.get("/api/contacts?limit=abc");
    expect(query.statusCode).toBe(400);
    expect(ZApiError.parse(query.json()).issues?.[0]).toMatchObject({ path: "limit" });
  });

  it.each([
    ["invalid JSON", "{nope", "application/json", 400, "validation_error"],
    ["a body that is not an object", "", "application/json", 400, "validation_error"],
    ["an unsupported content type", "<a/>", "application/xml", 415, "unsupported_media_type"],
    [
      "a body over the limit",
      JSON.stringify({ email: "x".repeat(2 * 1024 * 1024) }),
      "application/json",
      413,
      "payload_too_large",
    ],
  ])("answers %s with a code", async (_name, payload, contentType, status, code) => {
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload,
      headers: { "content-type": contentType },
    });
    expect(res.statusCode).toBe(status);
    expect(ZApiError.parse(res.json()).code).toBe(code);
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

  it("lists the shared error shape among every API operation's answers", async () => {
    const doc = (await ctx.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const operations = Object.entries(
      doc.paths as Record<string, Record<string, { responses: object }>>,
    ).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ name: `${method} ${path}`, op })),
    );
    expect(operations.length).toBeGreaterThan(40);
    // Written once, as a component, and referenced by every answer.
    const shared = JSON.stringify(doc.components.schemas.ApiError);
    expect(shared).toContain("validation_error");
    expect(shared).toContain("issues");
    for (const { name, op } of operations) {
      const responses = op.responses as Record<string, { content?: Record<string, { schema: unknown }> }>;
      expect(responses["500"], name).toBeDefined();
      expect(responses["500"]?.content?.["application/json"]?.schema, name).toEqual({
        $ref: "#/components/schemas/ApiError",
      });
    }
    // The reference stays small: the error shape is not repeated per operation.
    expect(JSON.stringify(doc).length).toBeLessThan(600_000);
    const register = doc.paths["/api/auth/register"].post.responses;
    expect(Object.keys(register)).toEqual(expect.arrayContaining(["400", "409", "413", "415", "429", "500"]));
  });
});
