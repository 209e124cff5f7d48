import http, { type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientAddress, trustFunction } from "../../lib/client-address";
import { HSTS } from "../../lib/security";
import { safeRedirectPath } from "../../lib/site-host";
import { ownerWithSite } from "../../testing/domains-fixtures";
import { postSiteForm, siteOrigin, siteRequest } from "../../testing/site-requests";
import { createTestApp, parseSetCookies, TestClient, type TestContext } from "../../testing/test-app";
import { COLLECT_PATH, TRACKER_PATH } from "../analytics/tracker";
import { createSiteOrigins } from "./site-origins";

let ctx: TestContext;
// The preview tokens' clock (and the plans'): tests move it forward.
let clock = new Date();
const FORM = { name: "山田 花子", email: "hanako@example.jp", message: "予約できますか", lang: "ja" };
let address = 0;
/** A fresh visitor address per test, so the per-address form limit of one test does not touch another. */
const nextAddress = () => `198.51.100.${++address}`;

beforeAll(async () => {
  ctx = await createTestApp({
    now: () => clock,
    // One proxy in front of the app: the right-most X-Forwarded-For entry is the client.
    trustProxy: 1,
    siteFormRateLimit: { max: 3, windowSeconds: 600 },
  });
});
afterAll(async () => {
  await ctx?.close();
});

describe("sites live on their own origin", () => {
  it("moves /s/{slug}/… on the app's host to the same path on the site's host", async () => {
    const { site } = await ownerWithSite(ctx);
    const get = (url: string, method: "GET" | "HEAD" | "POST" = "GET") => ctx.app.inject({ method, url });
    const ja = await get(`/s/${site.slug}/ja/?utm_source=x`);
    expect(ja.statusCode).toBe(301);
    expect(ja.headers.location).toBe(`${siteOrigin(site.slug)}/ja/?utm_source=x`);
    expect((await get(`/s/${site.slug}`)).headers.location).toBe(`${siteOrigin(site.slug)}/`);
    expect((await get(`/s/${site.slug}/en`)).headers.location).toBe(`${siteOrigin(site.slug)}/en`);
    expect((await get(`/s/${site.slug}/ja/`, "HEAD")).statusCode).toBe(301);
    // Nothing of a site is served or taken on the app's host any more.
    expect((await get(`/s/${site.slug}/contact`, "POST")).statusCode).toBe(404);
    expect((await get("/s/NOT_A_SLUG/")).statusCode).toBe(404);
    // Japanese and control characters are encoded, never a 500 (ERR_INVALID_CHAR).
    const menu = await get(`/s/${site.slug}/%E3%83%A1%E3%83%8B%E3%83%A5%E3%83%BC`);
    expect(menu.statusCode).toBe(301);
    expect(menu.headers.location).toBe(`${siteOrigin(site.slug)}/%E3%83%A1%E3%83%8B%E3%83%A5%E3%83%BC`);
    const tricky = await get(`/s/${site.slug}//evil.example/%0d%0aSet-Cookie:x=1`);
    expect(tricky.statusCode).toBe(301);
    expect(tricky.headers.location).toBe(`${siteOrigin(site.slug)}/evil.example/Set-Cookie%3Ax%3D1`);
  });

  it("builds site addresses from configuration: APP_URL's scheme and port, SITES_DOMAIN", () => {
    const local = createSiteOrigins("http://localhost:5380", "localhost");
    expect(local.forSlug("shibuya")).toBe("http://shibuya.localhost:5380");
    const production = createSiteOrigins("https://app.shobai.example", "shobai-sites.example");
    expect(production.forSlug("shibuya")).toBe("https://shibuya.shobai-sites.example");
    expect(production.canonical("shibuya", "www.shibuya-ramen.jp")).toBe("https://www.shibuya-ramen.jp");
    expect(production.canonical("shibuya", null)).toBe("https://shibuya.shobai-sites.example");
  });

  it("answers on a site host only what sites need: no /api, no app", async () => {
    const { client, site } = await ownerWithSite(ctx);
    const cookie = `auth_session=${client.cookie}`;
    for (const [method, url] of [
      ["GET", "/api/contacts"],
      ["GET", "/api/health"],
      ["GET", "/api/docs/openapi.json"],
      ["GET", "/api/auth/session"],
      ["POST", "/api/auth/login"],
      ["POST", "/api/contacts"],
      ["GET", "/dashboard"],
      ["GET", "/api/sitemap.xml"],
    ] as const) {
      const res = await siteRequest(ctx.app, site.slug, {
        method,
        url,
        headers: { cookie, origin: siteOrigin(site.slug), "content-type": "application/json" },
        ...(method === "POST" ? { payload: "{}" } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.body, `${method} ${url}`).not.toContain("@example.jp");
    }
    // What sites do need still answers.
    expect((await siteRequest(ctx.app, site.slug, { url: "/ja/" })).statusCode).toBe(200);
    expect((await siteRequest(ctx.app, site.slug, { url: TRACKER_PATH })).statusCode).toBe(200);
    expect((await siteRequest(ctx.app, site.slug, { url: "/robots.txt" })).statusCode).toBe(200);
    const beacon = await siteRequest(ctx.app, site.slug, {
      method: "POST",
      url: COLLECT_PATH,
      headers: { "content-type": "text/plain", "user-agent": "Mozilla/5.0 Chrome/150" },
      payload: JSON.stringify({ k: "pageview", p: "/ja/" }),
    });
    expect(beacon.statusCode).toBe(202);
    const form = await postSiteForm(ctx.app, site.slug, FORM, { remoteAddress: nextAddress() });
    expect(form.statusCode).toBe(303);
    // A name under SITES_DOMAIN that is no site is no app either.
    const www = await ctx.app.inject({
      method: "GET",
      url: "/api/health",
      headers: { host: "www.localhost:5000" },
    });
    expect(www.statusCode).toBe(404);
  });

  it("states each surface's policy: its own CSP, Permissions-Policy everywhere, framing refused the same way", async () => {
    const { site } = await ownerWithSite(ctx);
    const app = await ctx.app.inject({ method: "GET", url: "/api/health" });
    const page = await siteRequest(ctx.app, site.slug, { url: "/ja/" });
    for (const res of [app, page]) {
      expect(res.headers["permissions-policy"]).toContain("camera=()");
      expect(res.headers["x-frame-options"]).toBe("DENY");
      expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    }
    expect(app.headers["content-security-policy"]).toContain("connect-src 'self'");
    const sitePolicy = String(page.headers["content-security-policy"]);
    expect(sitePolicy).toContain("default-src 'none'");
    expect(sitePolicy).toContain("script-src 'self'");
    expect(sitePolicy).toContain("frame-src 'none'");
    expect(sitePolicy).toContain("form-action 'self'");
  });

  it("sends HSTS on what arrived over HTTPS (the proxy says so), and not over plain HTTP", async () => {
    const { site } = await ownerWithSite(ctx);
    const https = { "x-forwarded-proto": "https" };
    const overHttps = [
      await ctx.app.inject({ method: "GET", url: "/api/health", headers: https }),
      await siteRequest(ctx.app, site.slug, { url: "/ja/", headers: https }),
      await siteRequest(ctx.app, site.slug, { url: "/robots.txt", headers: https }),
    ];
    for (const res of overHttps) {
      expect(res.statusCode).toBe(200);
      expect(res.headers["strict-transport-security"]).toBe(HSTS);
    }
    expect(HSTS).toBe("max-age=31536000; includeSubDomains");
    const overHttp = [
      await ctx.app.inject({ method: "GET", url: "/api/health" }),
      await siteRequest(ctx.app, site.slug, { url: "/ja/" }),
    ];
    for (const res of overHttp) expect(res.headers["strict-transport-security"]).toBeUndefined();
  });
});

describe("canonical addresses", () => {
  it("come from configuration, never from the Host header", async () => {
    const { site } = await ownerWithSite(ctx);
    for (const host of [`${site.slug}.localhost:6666`, `${site.slug.toUpperCase()}.LOCALHOST.`]) {
      const ja = await siteRequest(ctx.app, site.slug, {
        url: "/ja/",
        headers: { host, "x-forwarded-host": "evil.example" },
      });
      expect(ja.statusCode).toBe(200);
      expect(ja.body).toContain(`<link rel="canonical" href="${siteOrigin(site.slug)}/ja/"/>`);
      expect(ja.body).toContain(`<meta property="og:url" content="${siteOrigin(site.slug)}/ja/"/>`);
      expect(ja.body).toContain(`hrefLang="en" href="${siteOrigin(site.slug)}/en/"`);
      expect(ja.body).not.toContain("6666");
      expect(ja.body).not.toContain("evil.example");
      const root = await siteRequest(ctx.app, site.slug, { url: "/", headers: { host } });
      expect(root.body).toContain(`url=${siteOrigin(site.slug)}/ja/`);
    }
  });
});

describe("redirects never leave the site's host", () => {
  it("answers open-redirect vectors and non-ASCII paths with a same-host path or a 404, never a 500", async () => {
    const { site } = await ownerWithSite(ctx);
    // A real socket, so the paths reach the server exactly as written (inject would normalise them).
    await ctx.app.listen({ port: 0, host: "127.0.0.1" });
    const port = (ctx.app.server.address() as AddressInfo).port;
    const get = (path: string, host: string) =>
      new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
        const req = http.request({ host: "127.0.0.1", port, path, headers: { host } }, (res) => {
          res.resume();
          res.on("end", () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
        });
        req.on("error", reject);
        req.end();
      });
    for (const path of [
      "//evil.example",
      "//evil.example/",
      "/%2Fevil.example",
      "/\\evil.example",
      "/%5Cevil.example",
      "/%09/evil.example",
      "/%E3%83%A1%E3%83%8B%E3%83%A5%E3%83%BC",
      "/ja/%E3%83%A1%E3%83%8B%E3%83%A5%E3%83%BC",
      "/%00",
    ]) {
      const onSite = await get(path, `${site.slug}.localhost:${port}`);
      expect(onSite.status, path).toBe(404);
      expect(onSite.location, path).toBeUndefined();
      // The app's old address moves to the site's host, never anywhere else.
      const moved = await get(`/s/${site.slug}${path}`, `localhost:${port}`);
      expect(moved.status, path).toBe(301);
      expect(moved.location?.startsWith(`${siteOrigin(site.slug)}/`), `${path} → ${moved.location}`).toBe(
        true,
      );
      expect(moved.location?.slice(siteOrigin(site.slug).length), path).toMatch(/^\/(?![/\\])[\x21-\x7e]*$/);
    }
    // Bad percent-encoding is the client's error.
    expect((await get("/%ZZ", `${site.slug}.localhost:${port}`)).status).toBe(400);
    expect((await get(`/s/${site.slug}/%ZZ`, `localhost:${port}`)).status).toBeLessThan(500);
    // A real page without its slash still moves, to itself.
    expect(await get("/ja", `${site.slug}.localhost:${port}`)).toEqual({ status: 301, location: "/ja/" });
  });

  it("makes a safe same-host path of anything", () => {
    expect(safeRedirectPath("//evil.example")).toBe("/evil.example/");
    expect(safeRedirectPath("/%2Fevil.example")).toBe("/evil.example/");
    expect(safeRedirectPath("/\\evil.example")).toBe("/evil.example/");
    expect(safeRedirectPath("/%09/evil.example")).toBe("/evil.example/");
    expect(safeRedirectPath("/%2e%2e/%2e/x")).toBe("/x/");
    expect(safeRedirectPath("/メニュー", false)).toBe("/%E3%83%A1%E3%83%8B%E3%83%A5%E3%83%BC");
    expect(safeRedirectPath("/%E0%A4%A", false)).toBe("/%25E0%25A4%25A");
    expect(safeRedirectPath("")).toBe("/");
  });
});

describe("previews of unpublished sites", () => {
  it("opens a draft through a signed link on the site's host; not with the app's cookie; not counted", async () => {
    const { client, site } = await ownerWithSite(ctx);
    await client.patch(`/api/websites/${site.id}`, { isPublished: false });
    expect((await siteRequest(ctx.app, site.slug, { url: "/ja/" })).statusCode).toBe(404);

    const link = await client.get(`/api/websites/${site.id}/preview`);
    expect(link.statusCode).toBe(302);
    const url = new URL(String(link.headers.location));
    expect(url.origin).toBe(siteOrigin(site.slug));
    const opened = await siteRequest(ctx.app, site.slug, { url: `${url.pathname}${url.search}` });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe("/");
    const cookie = parseSetCookies(opened).get("shobai_preview");
    expect(cookie?.attrs).toEqual(
      expect.arrayContaining(["httponly", "path=/", "samesite=lax", "max-age=1800"]),
    );
    // Host-only: no Domain attribute, so it never leaves this site's host.
    expect(cookie?.attrs.some((a) => a.startsWith("domain="))).toBe(false);

    const draft = await siteRequest(ctx.app, site.slug, {
      url: "/ja/",
      headers: { cookie: `shobai_preview=${cookie?.value}` },
    });
    expect(draft.statusCode).toBe(200);
    expect(draft.headers["cache-control"]).toBe("private, no-store");
    expect(draft.headers["x-robots-tag"]).toBe("noindex");
    // No tracker on a preview: the owner looking at a draft is not a visitor.
    expect(draft.body).not.toContain(TRACKER_PATH);
    // The form of a draft takes nothing.
    const post = await postSiteForm(ctx.app, site.slug, FORM, {
      headers: { cookie: `shobai_preview=${cookie?.value}` },
    });
    expect(post.statusCode).toBe(404);
  });

  it("refuses expired, forged and other sites' tokens, strangers and signed-out visitors", async () => {
    const { client, site } = await ownerWithSite(ctx);
    const other = await ownerWithSite(ctx);
    await client.patch(`/api/websites/${site.id}`, { isPublished: false });
    const token =
      new URL(
        String((await client.get(`/api/websites/${site.id}/preview`)).headers.location),
      ).searchParams.get("preview") ?? "";
    const see = (value: string, slug = site.slug) =>
      siteRequest(ctx.app, slug, { url: "/ja/", headers: { cookie: `shobai_preview=${value}` } });

    expect((await see(token)).statusCode).toBe(200);
    const [id, exp, mac = ""] = token.split(".");
    const flipped = `${mac.slice(0, -1)}${mac.endsWith("A") ? "B" : "A"}`;
    expect((await see(`${id}.${exp}.${flipped}`)).statusCode).toBe(404);
    expect((await see(`${id}.${Number(exp) + 3600}.${mac}`)).statusCode).toBe(404);
    expect((await see("garbage")).statusCode).toBe(404);
    // A forged ?preview= sets no cookie.
    const forged = await siteRequest(ctx.app, site.slug, { url: `/?preview=${id}.${exp}.${flipped}` });
    expect(forged.headers["set-cookie"]).toBeUndefined();
    // One site's token opens no other site.
    await other.client.patch(`/api/websites/${other.site.id}`, { isPublished: false });
    expect((await see(token, other.site.slug)).statusCode).toBe(404);
    // Strangers and signed-out visitors get no link.
    expect((await other.client.get(`/api/websites/${site.id}/preview`)).statusCode).toBe(404);
    expect((await new TestClient(ctx.app).get(`/api/websites/${site.id}/preview`)).statusCode).toBe(401);

    // 30 minutes later the same token opens nothing.
    const start = clock;
    clock = new Date(start.getTime() + 31 * 60 * 1000);
    try {
      expect((await see(token)).statusCode).toBe(404);
    } finally {
      clock = start;
    }
  });

  it("keeps the app's session cookie host-only, so browsers never send it to a site host", async () => {
    const register = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: {
        email: `host-only-${Date.now()}@example.jp`,
        password: "correct horse battery",
        firstName: "花子",
        lastName: "佐藤",
      },
    });
    expect(register.statusCode).toBe(201);
    const session = parseSetCookies(register).get("auth_session");
    expect(session?.value).toBeTruthy();
    expect(session?.attrs.some((a) => a.startsWith("domain="))).toBe(false);
  });
});

describe("the site form", () => {
  it("refuses posts from other sites, in the site's language, keeping what was typed", async () => {
    const { client, site } = await ownerWithSite(ctx);
    const other = await ownerWithSite(ctx);
    const typed = { ...FORM, lang: "en", name: "当選 http://evil.example/win" };
    const refused = [
      { origin: "http://evil.example" },
      { origin: siteOrigin(other.site.slug) },
      { origin: "http://localhost:5000" },
      { origin: "null" },
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site", origin: siteOrigin(site.slug) },
    ];
    for (const headers of refused) {
      const res = await siteRequest(ctx.app, site.slug, {
        method: "POST",
        url: "/contact",
        remoteAddress: nextAddress(),
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
        payload: new URLSearchParams(typed).toString(),
      });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.body).toContain('<html lang="en"');
      expect(res.body).toContain("We could not confirm that this message was sent from this site");
      expect(res.body).toContain('value="当選 http://evil.example/win"');
      expect(res.body).not.toContain('href="http://evil.example');
    }
    expect((await client.get("/api/contacts")).json()).toEqual([]);
    // A page with Referrer-Policy: no-referrer posts with Origin: null; Sec-Fetch-Site still says where from.
    const noReferrer = await postSiteForm(ctx.app, site.slug, FORM, {
      headers: { origin: "null", "sec-fetch-site": "same-origin" },
      remoteAddress: nextAddress(),
    });
    expect(noReferrer.statusCode).toBe(303);
    // Clients that are not browsers (no Origin, no Sec-Fetch-Site) are left to the honeypot and the limit.
    const plain = await siteRequest(ctx.app, site.slug, {
      method: "POST",
      url: "/contact",
      remoteAddress: nextAddress(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams(FORM).toString(),
    });
    expect(plain.statusCode).toBe(303);
  });

  it("limits posts per visitor address and site, not in one bucket for the platform", async () => {
    const a = await ownerWithSite(ctx);
    const b = await ownerWithSite(ctx);
    const visitor = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await postSiteForm(
        ctx.app,
        a.site.slug,
        { ...FORM, email: `n${i}@example.jp` },
        { remoteAddress: visitor },
      );
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.body).toContain("短い時間に多くのメッセージが送信されました");
        expect(res.body).toContain(`value="n${i}@example.jp"`);
        expect(res.headers["retry-after"]).toBeDefined();
      }
    }
    expect(statuses).toEqual([303, 303, 303, 429]);
    // Another site, same address: its own bucket. Same site, another address: its own bucket.
    expect((await postSiteForm(ctx.app, b.site.slug, FORM, { remoteAddress: visitor })).statusCode).toBe(303);
    expect(
      (await postSiteForm(ctx.app, a.site.slug, FORM, { remoteAddress: nextAddress() })).statusCode,
    ).toBe(303);
  });
});

describe("TRUST_PROXY with a hop count", () => {
  it("keys limits on the address our proxy saw, whatever a client writes into X-Forwarded-For", async () => {
    const { site } = await ownerWithSite(ctx);
    const real = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await postSiteForm(ctx.app, site.slug, FORM, {
        // The proxy (127.0.0.1) appended the address it saw; the client wrote the rest.
        headers: { "x-forwarded-for": `10.9.${i}.1, 192.0.2.${i}, ${real}` },
        remoteAddress: "127.0.0.1",
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([303, 303, 303, 429, 429]);
  });

  it("gives the analytics fast path the same client address as Fastify", () => {
    const req = (xff: string | undefined, peer = "127.0.0.1") =>
      ({
        headers: xff === undefined ? {} : { "x-forwarded-for": xff },
        socket: { remoteAddress: peer },
      }) as unknown as IncomingMessage;
    const one = trustFunction(1);
    expect(clientAddress(req("6.6.6.6, 203.0.113.5"), one)).toBe("203.0.113.5");
    expect(clientAddress(req("7.7.7.7, 6.6.6.6, 203.0.113.5"), one)).toBe("203.0.113.5");
    expect(clientAddress(req(undefined), one)).toBe("127.0.0.1");
    expect(clientAddress(req("6.6.6.6, 203.0.113.5"), trustFunction(false))).toBe("127.0.0.1");
    const listed = trustFunction(["127.0.0.1", "10.0.0.0/8"]);
    expect(clientAddress(req("6.6.6.6, 203.0.113.5, 10.1.2.3"), listed)).toBe("203.0.113.5");
    // A peer that is not a listed proxy is the client, whatever it claims.
    expect(clientAddress(req("6.6.6.6", "192.0.2.77"), listed)).toBe("192.0.2.77");
  });
});
