import { describe, expect, it, vi } from "vitest";
import { rewriteSiteHost } from "../sites/site-host";
import { createCustomHostMap } from "./host-map";

describe("custom host map", () => {
  it("looks hosts up ignoring case, port and a trailing dot", async () => {
    const map = createCustomHostMap({ load: async () => [{ hostname: "www.example.jp", slug: "sakura" }] });
    expect(map.slugFor("www.example.jp")).toBeUndefined();
    await map.reload();
    // Requests reach the map through rewriteSiteHost, which normalises the Host header once.
    expect(rewriteSiteHost("WWW.Example.jp:8443", "/", "localhost", map.slugFor)).toBe("/s/sakura/");
    expect(rewriteSiteHost("www.example.jp.", "/", "localhost", map.slugFor)).toBe("/s/sakura/");
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

describe("rewriteSiteHost with custom domains", () => {
  const custom = (host: string) => (host === "www.example.jp" ? "sakura" : undefined);

  it("serves a verified custom host like the site's own platform host", () => {
    expect(rewriteSiteHost("www.example.jp", "/ja/", "sites.shobai.jp", custom)).toBe("/s/sakura/ja/");
    expect(rewriteSiteHost("sakura.sites.shobai.jp", "/ja/", "sites.shobai.jp", custom)).toBe(
      "/s/sakura/ja/",
    );
  });

  it("leaves the API, unknown hosts and the platform's own host alone", () => {
    expect(rewriteSiteHost("www.example.jp", "/api/websites", "sites.shobai.jp", custom)).toBe(
      "/api/websites",
    );
    expect(rewriteSiteHost("unknown.example.jp", "/ja/", "sites.shobai.jp", custom)).toBe("/ja/");
    expect(rewriteSiteHost("app.shobai.jp", "/", "sites.shobai.jp", custom)).toBe("/");
    expect(rewriteSiteHost("www.example.jp", "/ja/", "sites.shobai.jp")).toBe("/ja/");
  });
});
