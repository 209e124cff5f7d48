import { describe, expect, it } from "vitest";
import { groupOperations, tagAnchor, tagTitle } from "./group-operations";
import type { OpenApiDocument } from "./openapi-types";

describe("groupOperations", () => {
  it("groups by first tag in the document's order, undeclared tags next, untagged last", () => {
    const doc: OpenApiDocument = {
      tags: [{ name: "auth", description: "Sign-in" }, { name: "profile" }],
      paths: {
        "/api/profile": { patch: { tags: ["profile"] }, delete: { tags: ["profile"] }, parameters: [] },
        "/api/auth/user": { get: { tags: ["auth"] } },
        "/api/auth/login": { post: { tags: ["auth"] } },
        "/api/health": { get: { tags: ["system"] } },
        "/api/openapi.json": { get: {} },
      },
    };
    const groups = groupOperations(doc);
    expect(groups.map((g) => g.tag)).toEqual(["auth", "profile", "system", null]);
    expect(groups[0]?.description).toBe("Sign-in");
    expect(groups[0]?.operations.map((o) => `${o.method} ${o.path}`)).toEqual([
      "post /api/auth/login",
      "get /api/auth/user",
    ]);
    expect(groups[1]?.operations.map((o) => o.method)).toEqual(["patch", "delete"]);
  });

  it("makes anchors", () => {
    expect(tagAnchor("Email campaigns")).toBe("tag-email-campaigns");
    expect(tagAnchor(null)).toBe("tag-other");
    expect(tagTitle("crm")).toBe("CRM");
    expect(tagTitle("profile")).toBe("Profile");
  });
});
