import fs from "node:fs";
import path from "node:path";
import { APP_ROUTE_PATHS } from "@shobai/shared/constants";
import { describe, expect, it } from "vitest";

/** The paths the router declares: `<Route path="…">` and the `path: "…"` entries of its route lists. */
function declaredPaths(): string[] {
  const source = ["router.tsx", "routes.ts"]
    .map((file) => fs.readFileSync(path.join(import.meta.dirname, file), "utf8"))
    .join("\n");
  return [...source.matchAll(/\bpath(?:=|: )"([^"]+)"/g)].map((m) => m[1] as string);
}

describe("the route table", () => {
  it("names exactly the router's paths, so the server answers the others 404", () => {
    const declared = declaredPaths();
    expect(declared.length).toBeGreaterThan(25);
    expect([...new Set(declared)].sort()).toEqual([...APP_ROUTE_PATHS].sort());
  });
});
