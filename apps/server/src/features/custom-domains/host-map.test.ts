import type { IncomingMessage } from "node:http";
import { describe, expect, it, vi } from "vitest";
import { rewriteSiteRequest, siteHostOf } from "../../lib/site-host";
import { createCustomHostMap } from "./host-map";

describe("custom host map", () => {
  it("looks hosts up ignoring case, port and a trailing dot", async () => {
    const map = createCustomHostMap({ load: async () => [{ hostname: "www.example.jp", slug: "sakura" }] });
    expect(map.slugFor("www.example.jp")).toBeUndefined();
    await map.reload();
    // Requests reach the map through siteHostOf, which normalises the Host header once.
    const rules = { sitesDomain: "localhost", appHosts: ["localhost"], customSlugFor: map.slugFor };
    expect(siteHostOf("WWW.Example.jp:8443", rules)?.slug).toBe("sakura");
    expect(siteHostOf("www.example.jp.", rules)?.slug).toBe("sakura");
    expect(map.slugFor("example.jp")).toBeUndefined();
  });

  it("reloads periodically, so processes converge on changes made by others", async () => {
    vi.useFakeTimers();
    try {
      let rows = [{ hostname: "a.example.jp", slug: "a" }];
      const map = createCustomHostMap({ load: async () => rows });
      await map.reload();
      map.start(30_000);
      rows = [{ hostname: "b.example.jp", slug: "b" }];
      await vi.advanceTimersByTimeAsync(30_000);
      expect(map.slugFor("a.example.jp")).toBeUndefined();
      expect(map.slugFor("b.example.jp")).toBe("b");
      map.stop();
      rows = [];
      await vi.advanceTimersByTimeAsync(60_000);
      expect(map.slugFor("b.example.jp")).toBe("b");
    } finally {
      vi.useRealTimers();
    }
  });

  it("coalesces reloads asked for during a reload, and keeps the last map when loading fails", async () => {
    let calls = 0;
    let fail = false;
    const map = createCustomHostMap({
      load: async () => {
        calls += 1;
        if (fail) throw new Error("database away");
        return [{ hostname: "c.example.jp", slug: `c${calls}` }];
      },
    });
    await Promise.all([map.reload(), map.reload(), map.reload()]);
    expect(calls).toBe(2);
    expect(map.slugFor("c.example.jp")).toBe("c2");
    fail = true;
    await expect(map.reload()).rejects.toThrow("database away");
    expect(map.slugFor("c.example.jp")).toBe("c2");
  });
});

describe("site hosts with custom domains", () => {
  const custom = (host: string) => (host === "www.example.jp" ? "sakura" : undefined);
  const rules = { sitesDomain: "sites.shobai.jp", appHosts: ["app.shobai.jp"], customSlugFor: custom };
  const rewrite = (host: string, url: string, r = rules) =>
    rewriteSiteRequest({ url, headers: { host } } as IncomingMessage, r);

  it("serves a verified custom host like the site's own platform host", () => {
    expect(rewrite("www.example.jp", "/ja/")).toBe("/s/sakura/ja/");
    expect(rewrite("sakura.sites.shobai.jp", "/ja/")).toBe("/s/sakura/ja/");
  });

  it("keeps the API off site hosts, and leaves unknown hosts and the app's own host alone", () => {
    // The site's routes answer everything on its host: /api is a page that does not exist (404).
    expect(rewrite("www.example.jp", "/api/websites")).toBe("/s/sakura/api/websites");
    expect(rewrite("unknown.example.jp", "/ja/")).toBe("/ja/");
    expect(rewrite("app.shobai.jp", "/")).toBe("/");
    expect(rewrite("www.example.jp", "/ja/", { ...rules, customSlugFor: () => undefined })).toBe("/ja/");
    // A name under SITES_DOMAIN that is no site matches no site either.
    expect(rewrite("www.sites.shobai.jp", "/")).toBe("/s/-/");
  });
});
