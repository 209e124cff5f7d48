import { describe, expect, it } from "vitest";
import { can, ROLE_PERMISSIONS, routeAction, WORKSPACE_ROLES } from "./constants/permissions.ts";

describe("the permission table", () => {
  it("derives a route's permission from its URL prefix and method, longest prefix first", () => {
    expect(routeAction("GET", "/api/contacts/:id")).toBe("crm:read");
    expect(routeAction("PATCH", "/api/contacts/:id")).toBe("crm:write");
    expect(routeAction("GET", "/api/contacts/export.csv")).toBe("crm:read");
    expect(routeAction("GET", "/api/subscription/status")).toBe("plan:read");
    expect(routeAction("POST", "/api/subscription/portal-session")).toBe("billing:write");
    expect(routeAction("DELETE", "/api/domain/connections/:id")).toBe("settings:write");
    expect(routeAction("POST", "/api/domain/purchase")).toBe("domains:write");
    expect(routeAction("GET", "/api/team/audit")).toBe("audit:read");
    expect(routeAction("POST", "/api/team/leave")).toBe("account:write");
    expect(routeAction("POST", "/api/team/transfer")).toBe("workspace:transfer");
    // Deleting the workspace is the owner's; starting one of one's own is anyone's.
    expect(routeAction("DELETE", "/api/team")).toBe("workspace:delete");
    expect(routeAction("POST", "/api/team/workspaces")).toBe("account:write");
    // A prefix covers whole path segments only, and an unknown area is not guessed.
    expect(routeAction("GET", "/api/contactsx")).toBeUndefined();
    expect(routeAction("GET", "/api/segments")).toBeUndefined();
  });

  it("gives each role a subset of the role above it", () => {
    for (let i = 1; i < WORKSPACE_ROLES.length; i++) {
      const above = ROLE_PERMISSIONS[WORKSPACE_ROLES[i - 1] as keyof typeof ROLE_PERMISSIONS];
      for (const p of ROLE_PERMISSIONS[WORKSPACE_ROLES[i] as keyof typeof ROLE_PERMISSIONS]) {
        expect(above).toContain(p);
      }
    }
  });

  it("keeps billing and ownership with the owner, and viewers read-only", () => {
    expect(can("owner", "billing:write")).toBe(true);
    expect(can("admin", "billing:read")).toBe(false);
    expect(can("admin", "team:write")).toBe(true);
    expect(WORKSPACE_ROLES.filter((r) => can(r, "workspace:delete"))).toEqual(["owner"]);
    expect(WORKSPACE_ROLES.filter((r) => can(r, "account:write"))).toEqual([...WORKSPACE_ROLES]);
    expect(can("editor", "team:write")).toBe(false);
    expect(can("editor", "crm:write")).toBe(true);
    expect(ROLE_PERMISSIONS.viewer.filter((p) => p.endsWith(":write"))).toEqual(["account:write"]);
    expect(can(null, "crm:read")).toBe(false);
  });
});
