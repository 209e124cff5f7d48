import { PUBLIC_PAGE_PATHS } from "@shobai/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../testing/test-app";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ appUrl: "https://shobai.example" });
});
afterAll(async () => {
  await ctx?.close();
});

describe("robots.txt and sitemap.xml", () => {
  it("points search engines at the sitemap, which lists every public page with its absolute address", async () => {
    const robots = await ctx.app.inject({ method: "GET", url: "/robots.txt" });
    expect(robots.body).toContain("Disallow: /api/");
    expect(robots.body).toContain("Sitemap: https://shobai.example/sitemap.xml");

    const sitemap = await ctx.app.inject({ method: "GET", url: "/sitemap.xml" });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers["content-type"]).toContain("application/xml");
    const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(PUBLIC_PAGE_PATHS.map((p) => `https://shobai.example${p}`));
    expect(locs).toContain("https://shobai.example/commercial-law");
    expect(locs).not.toContain("https://shobai.example/crm");
  });
});
