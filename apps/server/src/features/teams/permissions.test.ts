import { can, routeAction, type TWorkspaceRole, WORKSPACE_ROLES, ZApiError } from "@shobai/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enrolSecondFactor } from "../../testing/second-factor";
import { createTestApp, signedInClient, type TestClient, type TestContext } from "../../testing/test-app";
import { TEST_DATABASE_URL } from "../../testing/test-database";

/**
 * The permission matrix (issue 24, decision 0051): every operation of the OpenAPI document that
 * needs a session × every role × the member's own workspace and another workspace, against the
 * shared permission table. A route whose URL the table does not cover fails here.
 */

type Operation = { method: string; path: string };

/** Ran in their own flow tests (team.test.ts): they would end the member's membership mid-matrix. */
const NOT_IN_MATRIX = new Set(["POST /api/team/leave"]);

let ctx: TestContext;
let operations: Operation[];
const members = {} as Record<TWorkspaceRole, { client: TestClient; id: string }>;
/** Records of another workspace, by URL prefix. */
const others: Record<string, string> = {};

const fake = "00000000-0000-4000-8000-000000000000";
const urlOf = (path: string, ids: Record<string, string> = {}) =>
  path.replace(/\{(\w+)\}/g, (_m, name: string) =>
    name === "email" ? "a%40example.jp" : name === "domain" ? "example.jp" : (ids[name] ?? fake),
  );

beforeAll(async () => {
  ctx = await createTestApp();
  const doc = (await ctx.app.inject({ method: "GET", url: "/api/openapi.json" })).json() as {
    paths: Record<string, Record<string, { security?: unknown[] }>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([, op]) => Array.isArray(op.security) && op.security.length > 0)
      .map(([method]) => ({ method: method.toUpperCase(), path })),
  );
  const owner = await signedInClient(ctx.app);
  // Owners and admins of a shared workspace use two-factor sign-in (decision 0052).
  await enrolSecondFactor(owner.client);
  const workspaceId = owner.user.id as string;
  members.owner = { client: owner.client, id: workspaceId };
  for (const role of ["admin", "editor", "viewer"] as const) {
    const m = await signedInClient(ctx.app);
    await ctx.db.execute(
      `insert into workspace_members (workspace_id, user_id, role) values ('${workspaceId}', '${m.user.id}', '${role}')`,
    );
    if (role === "admin") await enrolSecondFactor(m.client);
    const res = await m.client.post(`/api/workspaces/${workspaceId}/activate`, {});
    expect(res.statusCode).toBe(200);
    members[role] = { client: m.client, id: m.user.id as string };
  }
  // Another workspace with records of its own.
  const outsider = await signedInClient(ctx.app);
  const contact = await outsider.client.post("/api/contacts", {
    email: "other@example.jp",
    lastName: "他社",
  });
  expect(contact.statusCode).toBe(201);
  others["/api/contacts"] = contact.json().id;
  const tag = await outsider.client.post("/api/contact-tags", { name: "他社タグ" });
  expect(tag.statusCode).toBe(201);
  others["/api/contact-tags"] = tag.json().id;
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

function fromPath(path: string): string {
  // The registered form of an OpenAPI path: `{id}` → `:id`.
  return path.replace(/\{(\w+)\}/g, ":$1");
}

describe.skipIf(Boolean(TEST_DATABASE_URL))("permission matrix", () => {
  it("covers every route that needs a session", () => {
    expect(ctx.app.routesWithoutPermission).toEqual([]);
    const uncovered = operations.filter((op) => !routeAction(op.method, fromPath(op.path)));
    expect(uncovered).toEqual([]);
    expect(operations.length).toBeGreaterThan(80);
  });

  it("serves each role exactly what the table allows in its own workspace", async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const op of operations) {
      const key = `${op.method} ${op.path}`;
      if (NOT_IN_MATRIX.has(key)) continue;
      const permission = routeAction(op.method, fromPath(op.path));
      for (const role of WORKSPACE_ROLES) {
        const res = await members[role].client.request({
          method: op.method as "GET",
          url: urlOf(op.path),
          ...(op.method === "GET" || op.method === "DELETE" ? {} : { payload: { nonsense: true } }),
        });
        checked += 1;
        const forbidden =
          res.statusCode === 403 && ZApiError.safeParse(res.json()).data?.code === "forbidden";
        const allowed = permission ? can(role, permission) : role === "owner";
        // 503: a provider this test server has not configured (the route itself was allowed).
        if (
          allowed === forbidden ||
          res.statusCode === 401 ||
          (res.statusCode >= 500 && res.statusCode !== 503)
        ) {
          wrong.push(`${role} ${key} (${permission}) → ${res.statusCode}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(300);
  }, 300_000);

  it("finds nothing of another workspace, whatever the role", async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const op of operations) {
      if (op.method !== "GET" && op.method !== "DELETE") continue;
      const prefix = Object.keys(others).find((p) => op.path.startsWith(`${p}/{id}`));
      if (!prefix) continue;
      const permission = routeAction(op.method, fromPath(op.path));
      for (const role of WORKSPACE_ROLES) {
        const res = await members[role].client.request({
          method: op.method as "GET",
          url: urlOf(op.path, { id: others[prefix] as string }),
        });
        checked += 1;
        const expected = permission && can(role, permission) ? 404 : 403;
        if (res.statusCode !== expected)
          wrong.push(`${role} ${op.method} ${op.path} → ${res.statusCode}, not ${expected}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(8);
    // And the other workspace's records are still there.
    const list = (await members.owner.client.get("/api/contacts")).json() as { id: string }[];
    expect(list.map((c) => c.id)).not.toContain(others["/api/contacts"]);
  }, 300_000);
});
