import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { APP_SCREEN_PATHS, LANGUAGES, PUBLIC_PAGE_PATHS } from "@shobai/shared";
import { parseCookies } from "better-auth/cookies";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../testing/test-app";
import { pickPageLanguage } from "./prerendered-pages";

let ctx: TestContext;
let built: TestContext;
let distDir: string;

/** A web build as `npm run build` leaves it: the app shell and each public page prerendered per language. */
function fakeWebBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shobai-dist-"));
  fs.writeFileSync(
    path.join(dir, "index.html"),
    '<html lang="ja"><body><div id="root"></div>app shell</body></html>',
  );
  for (const language of LANGUAGES) {
    for (const page of [...PUBLIC_PAGE_PATHS, "/404"]) {
      const name = page === "/" ? "index" : page.slice(1);
      for (const banner of [false, true]) {
        const file = path.join(dir, "prerendered", language, `${name}${banner ? ".banner" : ""}.html`);
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(
          file,
          `<html lang="${language}"><link rel="canonical" href="%SHOBAI_ORIGIN%${page}"><div id="root" data-prerendered="">${language}:${page}${banner ? ":banner" : ""}</div>${"<p>text</p>".repeat(300)}</html>`,
        );
      }
    }
  }
  // The interface texts of this build, under its version.
  const texts = path.join(dir, "assets", "locales", "v2", "en");
  fs.mkdirSync(texts, { recursive: true });
  fs.writeFileSync(path.join(texts, "common.json"), '{"hello":"Hello"}');
  fs.writeFileSync(path.join(dir, "assets", "index-abc.js"), "console.log(1)");
  fs.writeFileSync(path.join(dir, "favicon.ico"), Buffer.from([0, 0, 1, 0, 1, 0]));
  return dir;
}

beforeAll(async () => {
  distDir = fakeWebBuild();
  [ctx, built] = await Promise.all([
    createTestApp({ appUrl: "https://shobai.example" }),
    createTestApp({ appUrl: "https://shobai.example", webDistDir: distDir }),
  ]);
});
afterAll(async () => {
  await Promise.all([ctx?.close(), built?.close()]);
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe("robots.txt and sitemap.xml", () => {
  it("points search engines at the sitemap, which lists every public page in every language", async () => {
    const robots = await ctx.app.inject({ method: "GET", url: "/robots.txt" });
    expect(robots.body).toContain("Disallow: /api/");
    expect(robots.body).toContain("Sitemap: https://shobai.example/sitemap.xml");

    const sitemap = await ctx.app.inject({ method: "GET", url: "/sitemap.xml" });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers["content-type"]).toContain("application/xml");
    const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toHaveLength(PUBLIC_PAGE_PATHS.length * LANGUAGES.length);
    for (const page of PUBLIC_PAGE_PATHS) expect(locs).toContain(`https://shobai.example${page}`);
    expect(locs).toContain("https://shobai.example/commercial-law?lang=en");
    expect(locs).not.toContain("https://shobai.example/crm");
    // Each entry names its language versions, Japanese (the default) at the bare address.
    expect(sitemap.body).toContain('hreflang="pl" href="https://shobai.example/pricing?lang=pl"');
    expect(sitemap.body).toContain('hreflang="x-default" href="https://shobai.example/pricing"');
  });
});

describe("prerendered public pages", () => {
  const get = (url: string, headers: Record<string, string> = {}) =>
    built.app.inject({ method: "GET", url, headers });

  it("answers a visitor without a session with the page already rendered, in Japanese by default", async () => {
    const res = await get("/pricing");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.body).toContain("ja:/pricing");
    expect(res.body).toContain('<link rel="canonical" href="https://shobai.example/pricing">');
    expect(res.headers.vary).toContain("Cookie");
    expect(res.headers.vary).toContain("Accept-Language");
    expect(res.headers["cache-control"]).toBe("no-cache");
    // Compressed like every route (about 90 KB of markup become 15 KB).
    const compressed = await get("/pricing", { "accept-encoding": "gzip" });
    expect(compressed.headers["content-encoding"]).toBe("gzip");
    expect((await get("/")).body).toContain("ja:/");
  });

  it("picks the language from ?lang=, then the saved choice, then Accept-Language", async () => {
    expect((await get("/faq?lang=ro")).body).toContain("ro:/faq");
    expect((await get("/faq", { cookie: "user_language=ms" })).body).toContain("ms:/faq");
    expect((await get("/faq", { "accept-language": "fr-FR,pl;q=0.8,en;q=0.5" })).body).toContain("pl:/faq");
    expect((await get("/faq?lang=xx", { "accept-language": "en-GB" })).body).toContain("en:/faq");
  });

  it("carries the cookie banner until the visitor has answered it (the cookie_consent cookie)", async () => {
    expect((await get("/terms")).body).toContain("ja:/terms:banner");
    expect((await get("/terms", { cookie: "cookie_consent=000" })).body).toContain("ja:/terms<");
    expect((await get("/terms", { cookie: "user_language=en; cookie_consent=101" })).body).toContain(
      "en:/terms<",
    );
    expect((await get("/terms", { cookie: "cookie_consent=maybe" })).body).toContain("ja:/terms:banner");
  });

  it("gives signed-in visitors (any session cookie) and app screens the app shell", async () => {
    expect((await get("/pricing", { cookie: "auth_session=abc" })).body).toContain("app shell");
    expect((await get("/", { cookie: "user_language=en; __Secure-auth_session=abc" })).body).toContain(
      "app shell",
    );
    expect((await get("/crm")).body).toContain("app shell");
  });

  it("answers every screen of the app's route table with the app", async () => {
    for (const route of APP_SCREEN_PATHS) {
      const res = await get(route.replace(":id", "0b7c3c9e-5d0a-4f7e-9d55-3a1b2c4d5e6f"));
      expect(res.statusCode, route).toBe(200);
      expect(res.body, route).toContain("app shell");
    }
    // As the client router matches: a trailing slash, any letter case.
    expect((await get("/crm/")).statusCode).toBe(200);
    expect((await get("/Websites")).statusCode).toBe(200);
  });

  it("answers unknown paths 404 with the 'Page Not Found' page, prerendered or the app's", async () => {
    for (const url of ["/no-such-page", "/crm/nothing", "/websites/1/2", "/favicon.png", "/index.html"]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers["content-type"], url).toContain("text/html");
      expect(res.body, url).toContain("ja:/404:banner");
    }
    expect((await get("/nope?lang=en", { cookie: "cookie_consent=100" })).body).toContain("en:/404<");
    // Signed in: the app shell, whose router shows its 'Page Not Found', with the same status.
    const signedIn = await get("/nope", { cookie: "auth_session=abc" });
    expect(signedIn.statusCode).toBe(404);
    expect(signedIn.body).toContain("app shell");
    // A form posted to an unknown path is not a page either.
    expect((await built.app.inject({ method: "POST", url: "/nope" })).statusCode).toBe(404);
    expect((await built.app.inject({ method: "HEAD", url: "/nope" })).statusCode).toBe(404);
  });

  it("serves the real favicon, not the app", async () => {
    const icon = await get("/favicon.ico");
    expect(icon.statusCode).toBe(200);
    expect(icon.headers["content-type"]).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    expect(icon.body).not.toContain("app shell");
  });

  it("does not publish the prerender files under their own paths", async () => {
    const res = await get("/prerendered/en/index.html");
    expect(res.body).not.toContain("en:/");
  });
});

describe("built assets", () => {
  const get = (url: string) => built.app.inject({ method: "GET", url });

  it("serves hashed files for a year, and answers a missing one 404 rather than with the app shell", async () => {
    const script = await get("/assets/index-abc.js");
    expect(script.statusCode).toBe(200);
    expect(script.headers["cache-control"]).toContain("immutable");
    const missing = await get("/assets/index-old.js");
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain("app shell");
  });

  it("serves the texts of this build, and the same texts to a tab still asking for an older version", async () => {
    const current = await get("/assets/locales/v2/en/common.json");
    expect(current.statusCode).toBe(200);
    expect(current.headers["cache-control"]).toContain("immutable");
    expect(current.json()).toEqual({ hello: "Hello" });
    const older = await get("/assets/locales/v1/en/common.json");
    expect(older.statusCode).toBe(200);
    expect(older.headers["cache-control"]).toBe("no-cache");
    expect(older.headers["content-type"]).toContain("application/json");
    expect(older.json()).toEqual({ hello: "Hello" });
    expect((await get("/assets/locales/v1/en/nope.json")).statusCode).toBe(404);
    expect((await get("/assets/locales/v1/xx/common.json")).statusCode).toBe(404);
    expect((await get("/assets/locales/v1/en/..%2F..%2Findex.html")).statusCode).toBe(404);
  });
});

describe("pickPageLanguage", () => {
  const pick = (query: Record<string, unknown>, cookie?: string, acceptLanguage?: string) =>
    pickPageLanguage({ query, cookies: parseCookies(cookie ?? ""), acceptLanguage });

  it("follows q-values and old subtags, and falls back to ja", () => {
    expect(pick({}, undefined, "de;q=1, id;q=0.4, en;q=0.6")).toBe("en");
    expect(pick({}, undefined, "in-ID")).toBe("id");
    expect(pick({}, undefined, "en;q=0, ms")).toBe("ms");
    expect(pick({}, undefined, "fr, de")).toBe("ja");
    expect(pick({})).toBe("ja");
    expect(pick({ lang: ["en", "pl"] }, "user_language=zz")).toBe("ja");
  });
});
