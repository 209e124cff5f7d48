import { ZApiError } from "@shobai/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signedInClient, type TestContext } from "../../testing/test-app";
import { TEST_DATABASE_URL } from "../../testing/test-database";

/**
 * Every operation needs a signed-in owner unless it is named here: a new route that forgets to
 * declare `config.access` fails this test instead of serving strangers.
 */
const PUBLIC_OPERATIONS = [
  "GET /api/health",
  "GET /api/ready",
  "POST /api/auth/login",
  // Sign in with a passkey (decision 0052): the browser names the account.
  "POST /api/auth/passkeys/sign-in/options",
  "POST /api/auth/passkeys/sign-in",
  "POST /api/auth/register",
  "POST /api/auth/logout",
  "GET /api/auth/verify-email",
  "POST /api/auth/forgot-password",
  "POST /api/auth/reset-password",
  "GET /api/auth/google",
  "GET /api/auth/options",
  "GET /api/login",
  "POST /api/logout",
  "GET /api/logout",
  "GET /api/subscription/plans",
  "POST /api/billing/webhook",
  "POST /api/email/webhooks/resend",
  "POST /api/email/webhooks/sendgrid",
  "GET /api/email/verify-sender/confirm",
  "POST /api/contact-messages",
  "GET /internal/tls/ask",
  "GET /api/domain/service-status",
  "GET /api/public/operator",
  "GET /api/examples",
  // What an invitation link offers, before the invited person signs in or up (issue 24).
  "GET /api/invitations/{token}",
].sort();

type Operation = { method: string; path: string; secured: boolean };

let ctx: TestContext;
let operations: Operation[];

beforeAll(async () => {
  ctx = await createTestApp();
  const doc = (await ctx.app.inject({ method: "GET", url: "/api/openapi.json" })).json() as {
    paths: Record<string, Record<string, { security?: unknown[] }>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      secured: Array.isArray(op.security) && op.security.length > 0,
    })),
  );
});
afterAll(async () => {
  await ctx?.close();
});

/** A concrete URL for an OpenAPI path: parameters get a plausible value. */
const urlOf = (path: string) =>
  path.replace(/\{(\w+)\}/g, (_m, name: string) =>
    name === "email"
      ? "a%40example.jp"
      : name === "domain"
        ? "example.jp"
        : "00000000-0000-4000-8000-000000000000",
  );

describe.skipIf(Boolean(TEST_DATABASE_URL))("route access", () => {
  it("names exactly the public operations; the document marks every other one as needing the session", () => {
    const open = operations.filter((op) => !op.secured).map((op) => `${op.method} ${op.path}`);
    expect(open.sort()).toEqual(PUBLIC_OPERATIONS);
    expect(operations.filter((op) => op.secured).length).toBeGreaterThan(40);
  });

  it("answers 401 to a stranger on every operation that needs the session, before reading its input", async () => {
    const refused: string[] = [];
    for (const op of operations.filter((o) => o.secured)) {
      const res = await ctx.app.inject({
        method: op.method as "GET",
        url: urlOf(op.path),
        // Input that would fail validation: the stranger must hear 401, not which field is wrong.
        ...(op.method === "GET" || op.method === "DELETE" ? {} : { payload: { nonsense: true } }),
      });
      if (res.statusCode !== 401 || ZApiError.parse(res.json()).code !== "unauthorized") {
        refused.push(`${op.method} ${op.path} → ${res.statusCode}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it("refuses an unconfirmed owner where a route needs a confirmed address, and serves one that is", async () => {
    const unconfirmed = await signedInClient(ctx.app, {}, { verified: false });
    const refused = await unconfirmed.client.post("/api/email/send", {
      to: "someone@example.jp",
      subject: "件名",
      html: "<p>本文</p>",
    });
    expect(refused.statusCode).toBe(403);
    expect(ZApiError.parse(refused.json()).code).toBe("email_unverified");
    // Routes that only need a session serve the same owner.
    expect((await unconfirmed.client.get("/api/contacts")).statusCode).toBe(200);
  });
});
