import SwaggerParser from "@apidevtools/swagger-parser";
import type { OpenAPIV3 } from "openapi-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operationIdOf } from "../../lib/openapi";
import { createTestApp, type TestContext } from "../../testing/test-app";

type Operation = { name: string; method: string; path: string; op: OpenAPIV3.OperationObject };

let ctx: TestContext;
let doc: OpenAPIV3.Document;
let operations: Operation[];

beforeAll(async () => {
  // Every optional route is documented too: stock photos exist only with an Unsplash key.
  ctx = await createTestApp({ stock: { unsplash: { accessKey: "unused", baseUrl: "http://127.0.0.1:9" } } });
  doc = (await ctx.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
  operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item ?? {}).map(([method, op]) => ({
      name: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      op: op as OpenAPIV3.OperationObject,
    })),
  );
});
afterAll(async () => {
  await ctx?.close();
});

const responseOf = (path: string, method: string, status: string) =>
  doc.paths[path]?.[method as OpenAPIV3.HttpMethods]?.responses[status] as
    | OpenAPIV3.ResponseObject
    | undefined;

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3 document (swagger-parser, every $ref resolved)", async () => {
    // validate() dereferences in place: give it a copy.
    const checked = await SwaggerParser.validate(structuredClone(doc) as never);
    expect((checked as OpenAPIV3.Document).openapi).toMatch(/^3\./);
    expect(operations.length).toBeGreaterThan(60);
  });

  it("names every operation with a unique operationId", () => {
    const ids = operations.map(({ op }) => op.operationId);
    for (const { name, op } of operations) expect(op.operationId, name).toMatch(/^[a-z]+[A-Z][A-Za-z0-9]*$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(responseOf("/api/contacts/{id}", "get", "200")).toBeDefined();
    expect(doc.paths["/api/contacts/{id}"]?.get?.operationId).toBe("getContactsById");
    expect(doc.paths["/api/contacts/{id}/notes"]?.post?.operationId).toBe("postContactsByIdNotes");
    expect(doc.paths["/api/contacts/export.csv"]?.get?.operationId).toBe("getContactsExportCsv");
  });

  it("derives names from method and path", () => {
    expect(operationIdOf("GET", "/api/domain/domains/:domain/nameservers")).toBe(
      "getDomainDomainsByDomainNameservers",
    );
    expect(operationIdOf("DELETE", "/api/email-campaigns/:id")).toBe("deleteEmailCampaignsById");
    expect(operationIdOf("GET", "/internal/tls/ask")).toBe("getInternalTlsAsk");
  });

  it("applies the session-cookie scheme per operation, and documents 401 on each that needs it", () => {
    expect(doc.components?.securitySchemes?.session).toEqual({
      type: "apiKey",
      in: "cookie",
      name: "auth_session",
    });
    // No document-wide requirement: public operations stay public.
    expect(doc.security).toBeUndefined();
    const secured = operations.filter(({ op }) => op.security?.length);
    expect(secured.length).toBeGreaterThan(40);
    for (const { name, op } of secured) {
      expect(op.security, name).toEqual([{ session: [] }]);
      expect(op.responses["401"], name).toBeDefined();
    }
    expect(doc.paths["/api/contacts"]?.get?.security).toEqual([{ session: [] }]);
    expect(doc.paths["/api/auth/login"]?.post?.security).toBeUndefined();
    // "verified" operations may also refuse an unconfirmed address.
    expect(doc.paths["/api/email/send"]?.post?.responses["403"]).toBeDefined();
  });

  it("documents a success or redirect answer for every operation", () => {
    for (const { name, op } of operations) {
      expect(
        Object.keys(op.responses).some((status) => /^[23]/.test(status)),
        name,
      ).toBe(true);
    }
  });

  it("says what every answer means (no 'Default Response'), a route's own words kept", () => {
    for (const { name, op } of operations) {
      for (const [status, answer] of Object.entries(op.responses)) {
        const { description } = answer as OpenAPIV3.ResponseObject;
        expect(description, `${name} ${status}`).toBeTruthy();
        expect(description, `${name} ${status}`).not.toBe("Default Response");
      }
    }
    expect(responseOf("/api/contacts", "get", "400")?.description).toContain("not valid");
    expect(responseOf("/api/contacts", "get", "401")?.description).toBe(
      "Not signed in, or the session has ended",
    );
    expect(responseOf("/api/auth/login", "post", "429")?.description).toContain("Retry-After");
    expect(responseOf("/api/logout", "get", "200")?.description).toBe(
      "A page with a button that posts to /api/logout",
    );
  });

  it("documents the browser navigations as the redirects they answer, with Location", async () => {
    const navigations: { method: "GET" | "POST"; url: string; path: string; status: number; to: RegExp }[] = [
      { method: "GET", url: "/api/login", path: "/api/login", status: 302, to: /^\/auth$/ },
      {
        method: "GET",
        url: "/api/auth/google",
        path: "/api/auth/google",
        status: 302,
        to: /^\/auth\?error=/,
      },
      // A form post's redirect: 303 makes the browser follow it with GET.
      { method: "POST", url: "/api/logout", path: "/api/logout", status: 303, to: /^\/$/ },
      {
        method: "GET",
        url: "/api/auth/verify-email?token=nope",
        path: "/api/auth/verify-email",
        status: 302,
        to: /emailVerified=invalid/,
      },
    ];
    for (const nav of navigations) {
      const documented = responseOf(nav.path, nav.method.toLowerCase(), String(nav.status));
      expect(documented, `${nav.method} ${nav.path}`).toBeDefined();
      expect(documented?.headers?.location, `${nav.method} ${nav.path}`).toBeDefined();
      expect(
        responseOf(nav.path, nav.method.toLowerCase(), "200"),
        `${nav.method} ${nav.path}`,
      ).toBeUndefined();
      const res = await ctx.app.inject({ method: nav.method, url: nav.url });
      expect(res.statusCode, nav.url).toBe(nav.status);
      expect(String(res.headers.location), nav.url).toMatch(nav.to);
    }
  });

  it("documents non-JSON answers with their media type", async () => {
    expect(responseOf("/api/logout", "get", "200")?.content?.["text/html"]).toBeDefined();
    expect(responseOf("/api/contacts/export.csv", "get", "200")?.content?.["text/csv"]).toBeDefined();
    const page = await ctx.app.inject({ method: "GET", url: "/api/logout" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
  });
});
