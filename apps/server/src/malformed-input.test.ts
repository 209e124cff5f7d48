import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UNSTORABLE_TEXT } from "./lib/error-handler";
import { createTestApp, signedInClient, type TestContext } from "./testing/test-app";

/**
 * The malformed-input sweep (issue 15): every operation of the OpenAPI document gets wrong types,
 * NUL characters, 1 MB strings, invalid UTF-8, hostile path ids and query values, signed out and
 * signed in as a user with data. No answer may be a 5xx, except 503 from an integration that is
 * not configured here; no text may reach the database unchecked (the 400 the database error
 * turns into would say UNSTORABLE_TEXT).
 */
type Operation = {
  method: string;
  path: string;
  params: string[];
  query: string[];
  body: string[];
};
type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string }[];
        requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
      }
    >
  >;
};

const HOSTILE_IDS = [
  "%00",
  "a%00b",
  "..%2f..%2fetc%2fpasswd",
  "x".repeat(10_000),
  "not-a-uuid",
  "%E3%83%A1",
  "%ff%fe",
];
const HOSTILE_QUERY = ["%00", "a%00b", "x".repeat(10_000), "%E3%83%A1", "%ff", "-1", "1e309"];
const MB = "あ".repeat((1024 * 1024) / 3);
const BAD_VALUES: unknown[] = [
  12345,
  true,
  null,
  {},
  [],
  ["a\u0000"],
  "a\u0000b",
  "\u0000",
  "\ud800",
  MB,
  -1.5,
];
const BAD_BODIES: { payload: string | Buffer; type: string }[] = [
  { payload: "[]", type: "application/json" },
  { payload: "null", type: "application/json" },
  { payload: '"text"', type: "application/json" },
  { payload: "{", type: "application/json" },
  {
    payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x22, 0x7d]),
    type: "application/json",
  },
  { payload: Buffer.from([0xff, 0xfe, 0x00, 0x01]), type: "application/octet-stream" },
  { payload: "a=%00&b=%ff", type: "application/x-www-form-urlencoded" },
  { payload: "name,email\na\u0000,b\u0000@example.jp\n", type: "text/csv" },
];
/** Routes outside the OpenAPI document that read user input from the path. */
const HIDDEN_URLS = [
  "/s/%00/",
  "/s/a%00b/ja/",
  "/e/o/%00.gif",
  "/e/c/%00?u=%00&s=%00",
  "/e/u/%00",
  "/api/email/verify-sender/confirm?token=%00",
];

/**
 * Known 5xx in areas other helpers own (issue 15), allowed here for these exact requests only.
 * Each names its area; remove the entry when that fix lands.
 */
const KNOWN: { method: string; url: RegExp; area: string }[] = [];

let ctx: TestContext;
let cookie: string;
let operations: Operation[];
const ids: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestApp({
    authRateLimit: { max: 100_000, windowSeconds: 60 },
    contactRateLimit: { max: 100_000, windowSeconds: 60 },
    siteFormRateLimit: { max: 100_000, windowSeconds: 60 },
    email: { tickMs: null },
  });
  const { client } = await signedInClient(ctx.app);
  cookie = `auth_session=${client.cookie}`;
  const contact = await client.post("/api/contacts", { firstName: "Taro", email: "taro@example.jp" });
  ids.contacts = contact.json().id;
  await client.post(`/api/contacts/${ids.contacts}/notes`, { text: "first call" });
  const site = await client.post("/api/websites/generate", {
    businessDescription: "渋谷のラーメン店",
    languages: ["ja"],
  });
  ids.websites = site.json().id;
  ids.analytics = site.json().id;
  const campaign = await client.post("/api/email-campaigns", { name: "Hi", subject: "Hi", content: "Hello" });
  ids["email-campaigns"] = campaign.json().id;

  const doc = (await ctx.app.inject({ method: "GET", url: "/api/openapi.json" })).json() as OpenApi;
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      params: (op.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name),
      query: (op.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name),
      body: Object.keys(op.requestBody?.content?.["application/json"]?.schema?.properties ?? {}),
    })),
  );
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

/** A plausible value for a path parameter: a real id of the signed-in user where there is one. */
function realPath(op: Operation): string {
  const resource = op.path.split("/")[2] ?? "";
  return op.path.replace(/\{(\w+)\}/g, (_m, name: string) =>
    name === "id" || name === "websiteId" ? (ids[resource] ?? "x") : name === "domain" ? "example.jp" : "x",
  );
}

function requestsFor(op: Operation): InjectOptions[] {
  const url = realPath(op);
  const method = op.method as InjectOptions["method"];
  const list: InjectOptions[] = [];
  for (const name of op.params) {
    for (const bad of HOSTILE_IDS) {
      list.push({ method, url: op.path.replace(`{${name}}`, bad).replace(/\{\w+\}/g, "x") });
    }
  }
  for (const name of op.query) {
    for (const bad of HOSTILE_QUERY) list.push({ method, url: `${url}?${name}=${bad}&${name}=2` });
    list.push({ method, url: `${url}?${name}=${HOSTILE_QUERY[0]}` });
  }
  if (op.method !== "GET" && op.method !== "HEAD") {
    for (const field of op.body) {
      for (const bad of BAD_VALUES) list.push({ method, url, payload: { [field]: bad } as object });
    }
    for (const { payload, type } of BAD_BODIES)
      list.push({ method, url, payload, headers: { "content-type": type } });
  }
  list.push({ method, url: `${url}${url.includes("?") ? "&" : "?"}q=%00&range=%00&token=%00` });
  return list;
}

type Failure = { request: string; status: number; body: string };

async function sweep(
  signedIn: boolean,
): Promise<{ failures: Failure[]; count: number; statuses: Record<number, number> }> {
  const failures: Failure[] = [];
  const statuses: Record<number, number> = {};
  let count = 0;
  // Deleting comes last, so the other operations still find the user's records.
  const ordered = [...operations].sort(
    (a, b) => Number(a.method === "DELETE") - Number(b.method === "DELETE"),
  );
  const all = ordered.flatMap((op) =>
    // Signing out would end the session the rest of the sweep uses; logout takes no input anyway.
    signedIn && op.path.includes("logout") ? [] : requestsFor(op),
  );
  all.push(
    ...HIDDEN_URLS.flatMap((url) => [
      { method: "GET" as const, url },
      { method: "POST" as const, url },
    ]),
  );
  for (const request of all) {
    const headers = { ...(request.headers as Record<string, string>), ...(signedIn ? { cookie } : {}) };
    const res = await ctx.app.inject({ ...request, headers });
    count++;
    statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
    const name = `${request.method} ${String(request.url).slice(0, 120)}`;
    const unconfigured = res.statusCode === 503 && /not_configured/.test(res.body);
    const known = KNOWN.some((k) => k.method === request.method && k.url.test(String(request.url)));
    if ((res.statusCode >= 500 && !unconfigured && !known) || res.body.includes(UNSTORABLE_TEXT)) {
      failures.push({ request: name, status: res.statusCode, body: res.body.slice(0, 200) });
    }
  }
  return { failures, count, statuses };
}

describe("the malformed-input sweep", () => {
  it("covers the whole API", () => {
    expect(operations.length).toBeGreaterThan(40);
  });

  it("answers every operation's malformed input without a 5xx, signed out", {
    timeout: 120_000,
  }, async () => {
    const { failures, count } = await sweep(false);
    expect(count).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
  });

  it("answers every operation's malformed input without a 5xx, signed in with data", {
    timeout: 120_000,
  }, async () => {
    const { failures, count, statuses } = await sweep(true);
    expect(count).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
    // Signed in means signed in: most answers are the validators' 400s, not 401s.
    expect(statuses[400] ?? 0).toBeGreaterThan(count / 2);
    expect(statuses[401] ?? 0).toBeLessThan(count / 20);
    const user = await ctx.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });
    expect(user.statusCode).toBe(200);
  });
});
