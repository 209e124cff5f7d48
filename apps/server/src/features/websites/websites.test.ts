import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signedInClient, TestClient, type TestContext } from "../../testing/test-app";

let ctx: TestContext;
let importSite: http.Server;
let importUrl = "";

const RAMEN = {
  businessDescription:
    "「Sakura Ramen」は渋谷の家族経営のラーメン店です。醤油ラーメンと餃子が人気。営業は11時〜22時、水曜定休。",
  languages: ["ja", "en"],
};

beforeAll(async () => {
  // A small shop site on 127.0.0.1 to import from, reachable only through IMPORT_ALLOWED_HOSTS.
  importSite = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(
      `<!doctype html><html lang="ja"><head><title>みなと歯科クリニック｜港区の歯医者</title>
       <meta name="description" content="港区の歯科医院です。一般歯科、小児歯科、予防歯科。"></head>
       <body><h1>みなと歯科クリニック</h1><h2>診療科目</h2><p>一般歯科・小児歯科・予防歯科。診療時間 9時〜18時、日曜休診。電話 03-1234-5678</p>
       <script>alert("never run")</script></body></html>`,
    );
  });
  await new Promise<void>((resolve) => importSite.listen(0, "127.0.0.1", resolve));
  importUrl = `http://localhost:${(importSite.address() as AddressInfo).port}/`;
  ctx = await createTestApp({
    importAllowedHosts: ["localhost"],
    siteFormRateLimit: { max: 5, windowSeconds: 60 },
  });
});
afterAll(async () => {
  await ctx?.close();
  importSite.closeAllConnections();
  await new Promise((resolve) => importSite.close(resolve));
});

async function ownerOnPlan(plan: "trial" | "business" = "business") {
  const owner = await signedInClient(ctx.app);
  await ctx.app.services.auth.setPlan(owner.email, plan);
  return owner;
}

describe("generation and the website list", () => {
  it("generates a published two-language site and lists it", async () => {
    const { client } = await ownerOnPlan();
    const res = await client.post("/api/websites/generate", RAMEN);
    expect(res.statusCode).toBe(201);
    const site = res.json();
    expect(site).toMatchObject({
      name: "Sakura Ramen",
      slug: expect.stringMatching(/^sakura-ramen(-\d+)?$/),
      template: "restaurant",
      businessType: "restaurant",
      languages: ["ja", "en"],
      isPublished: true,
      source: "generated",
    });
    expect(site.url).toBe(`/s/${site.slug}/`);
    expect((await client.get("/api/websites")).json()).toEqual([site]);
    expect((await client.get("/api/subscription/status")).json().websiteCount).toBe(1);
  });

  it("validates the input and writes nothing on error", async () => {
    const { client } = await ownerOnPlan();
    for (const body of [
      { businessDescription: "   " },
      { businessDescription: "Cafe", languages: ["fr"] },
      { businessDescription: "Cafe", targetMarket: "mars" },
      { businessDescription: "Cafe", businessType: "bakery" },
      { businessDescription: "Cafe", languages: [] },
    ]) {
      const res = await client.post("/api/websites/generate", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await client.get("/api/websites")).json()).toEqual([]);
  });

  it("enforces the plan's website limit with 403 website_limit", async () => {
    const { client } = await ownerOnPlan("trial");
    expect((await client.post("/api/websites/generate", RAMEN)).statusCode).toBe(201);
    const second = await client.post("/api/websites/generate", RAMEN);
    expect(second.statusCode).toBe(403);
    expect(second.json()).toEqual({
      code: "website_limit",
      message: "Your Free Trial plan includes 1 website. Upgrade your plan to add more.",
    });
    expect((await client.get("/api/websites")).json()).toHaveLength(1);
  });

  it("gives every site its own readable slug, with a fallback for Japanese names", async () => {
    const { client } = await ownerOnPlan();
    const a = (await client.post("/api/websites/generate", RAMEN)).json();
    const b = (await client.post("/api/websites/generate", RAMEN)).json();
    expect(a.slug).not.toBe(b.slug);
    const ja = (
      await client.post("/api/websites/generate", {
        businessDescription: "「やまだ法律事務所」は大阪市の法律事務所です。",
      })
    ).json();
    expect(ja.slug).toMatch(/^[a-z0-9-]+$/);
    expect(ja.template).toBe("legal");
  });

  it("needs sign-in and keeps owners apart", async () => {
    expect((await new TestClient(ctx.app).post("/api/websites/generate", RAMEN)).statusCode).toBe(401);
    const a = await ownerOnPlan();
    const b = await ownerOnPlan();
    const site = (await a.client.post("/api/websites/generate", RAMEN)).json();
    expect((await b.client.get(`/api/websites/${site.id}`)).statusCode).toBe(404);
    expect((await b.client.patch(`/api/websites/${site.id}`, { isPublished: false })).statusCode).toBe(404);
    expect((await b.client.delete(`/api/websites/${site.id}`)).statusCode).toBe(404);
    expect((await b.client.post(`/api/websites/${site.id}/regenerate`)).statusCode).toBe(404);
    expect((await b.client.get("/api/websites")).json()).toEqual([]);
    expect((await a.client.get(`/api/websites/${site.id}`)).json().isPublished).toBe(true);
  });
});

describe("hosting", () => {
  it("serves a published site at /s/{slug}/ and on {slug}.localhost, with ETag revalidation", async () => {
    const { client } = await ownerOnPlan();
    const site = (await client.post("/api/websites/generate", RAMEN)).json();
    const root = await ctx.app.inject({ method: "GET", url: `/s/${site.slug}/` });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain(`/s/${site.slug}/ja/`);

    const ja = await ctx.app.inject({ method: "GET", url: `/s/${site.slug}/ja/` });
    expect(ja.statusCode).toBe(200);
    expect(ja.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(ja.body).toContain('<html lang="ja"');
    expect(ja.body).toContain("Sakura Ramen");
    expect(ja.body).toContain(`action="/s/${site.slug}/contact"`);
    expect(ja.headers["cache-control"]).toContain("public");
    const again = await ctx.app.inject({
      method: "GET",
      url: `/s/${site.slug}/ja/`,
      headers: { "if-none-match": String(ja.headers.etag) },
    });
    expect(again.statusCode).toBe(304);

    const byHost = await ctx.app.inject({
      method: "GET",
      url: "/en/",
      headers: { host: `${site.slug}.localhost:5000` },
    });
    expect(byHost.statusCode).toBe(200);
    expect(byHost.body).toContain('<html lang="en"');
    expect(byHost.body).toContain('action="/contact"');
    expect((await ctx.app.inject({ method: "GET", url: `/s/${site.slug}/en` })).headers.location).toBe(
      `/s/${site.slug}/en/`,
    );
  });

  it("links canonically with absolute URLs, compresses, and has a robots.txt", async () => {
    const { client } = await ownerOnPlan();
    const site = (await client.post("/api/websites/generate", RAMEN)).json();
    const ja = await ctx.app.inject({
      method: "GET",
      url: `/s/${site.slug}/ja/`,
      headers: { host: "shobai.example", "accept-encoding": "gzip" },
    });
    expect(ja.headers["content-encoding"]).toBe("gzip");
    const html = (await import("node:zlib")).gunzipSync(ja.rawPayload).toString();
    expect(html).toContain(`<link rel="canonical" href="http://shobai.example/s/${site.slug}/ja/"/>`);
    expect(html).toContain(`hrefLang="en" href="http://shobai.example/s/${site.slug}/en/"`);
    const robots = await ctx.app.inject({
      method: "GET",
      url: "/robots.txt",
      headers: { host: `${site.slug}.localhost` },
    });
    expect(robots.body).toBe("User-agent: *\nAllow: /\n");
    expect((await ctx.app.inject({ method: "GET", url: "/robots.txt" })).body).toContain("Disallow: /api/");
  });

  it("answers unknown sites and pages with a real 404 page", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/s/no-such-site/" });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain("ページが見つかりません");
    const { client } = await ownerOnPlan();
    const site = (await client.post("/api/websites/generate", RAMEN)).json();
    expect((await ctx.app.inject({ method: "GET", url: `/s/${site.slug}/fr/` })).statusCode).toBe(404);
  });

  it("shows an unpublished site to its owner only", async () => {
    const { client } = await ownerOnPlan();
    const site = (await client.post("/api/websites/generate", RAMEN)).json();
    const off = await client.patch(`/api/websites/${site.id}`, { isPublished: false });
    expect(off.json().isPublished).toBe(false);
    expect((await ctx.app.inject({ method: "GET", url: `/s/${site.slug}/ja/` })).statusCode).toBe(404);
    const preview = await client.get(`/s/${site.slug}/ja/`);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers["cache-control"]).toBe("private, no-store");
    const stranger = await ownerOnPlan();
    expect((await stranger.client.get(`/s/${site.slug}/ja/`)).statusCode).toBe(404);
  });

  it("renames, changes languages, regenerates and deletes", async () => {
    const { client } = await ownerOnPlan();
    const site = (await client.post("/api/websites/generate", RAMEN)).json();
    const renamed = await client.patch(`/api/websites/${site.id}`, {
      name: "さくらラーメン",
      languages: ["en", "ja", "pl"],
    });
    expect(renamed.json()).toMatchObject({ name: "さくらラーメン", languages: ["en", "ja", "pl"] });
    const pl = await ctx.app.inject({ method: "GET", url: `/s/${site.slug}/pl/` });
    expect(pl.statusCode).toBe(200);
    expect(pl.body).toContain("さくらラーメン");
    expect((await client.post(`/api/websites/${site.id}/regenerate`)).json().name).toBe("さくらラーメン");
    expect((await client.delete(`/api/websites/${site.id}`)).statusCode).toBe(204);
    expect((await ctx.app.inject({ method: "GET", url: `/s/${site.slug}/en/` })).statusCode).toBe(404);
  });
});

describe("the site's contact form", () => {
  it("turns a submission into a CRM lead and shows the thank-you page, without JavaScript", async () => {
    const { client } = await ownerOnPlan();
    const site = (await client.post("/api/websites/generate", RAMEN)).json();
    const res = await ctx.app.inject({
      method: "POST",
      url: `/s/${site.slug}/contact`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({
        name: "山田 花子",
        email: "Hanako@Example.jp",
        company: "",
        message: "土曜の夜に4名で予約できますか？",
        lang: "en",
        website: "",
      }).toString(),
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/s/${site.slug}/en/thanks/`);
    expect((await ctx.app.inject({ method: "GET", url: String(res.headers.location) })).statusCode).toBe(200);

    const contacts = (await client.get("/api/contacts")).json();
    expect(contacts).toHaveLength(1);
    expect(contacts[0]).toMatchObject({
      lastName: "山田",
      firstName: "花子",
      email: "hanako@example.jp",
      status: "new",
      source: "website_form",
    });
    const detail = (await client.get(`/api/contacts/${contacts[0].id}`)).json();
    const submitted = detail.activities.find((a: { type: string }) => a.type === "form_submitted");
    expect(submitted.data).toEqual({ website: "Sakura Ramen", message: "土曜の夜に4名で予約できますか？" });
  });

  it("drops bot submissions (honeypot) silently, and explains a bad form", async () => {
    const { client } = await ownerOnPlan();
    const site = (await client.post("/api/websites/generate", RAMEN)).json();
    const post = (fields: Record<string, string>) =>
      ctx.app.inject({
        method: "POST",
        url: `/s/${site.slug}/contact`,
        headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": "203.0.113.9" },
        payload: new URLSearchParams(fields).toString(),
      });
    const bot = await post({ name: "Bot", email: "bot@example.com", message: "buy", website: "http://spam" });
    expect(bot.statusCode).toBe(303);
    const bad = await post({ name: "", email: "nope", message: "" });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("name, email, message");
    expect((await client.get("/api/contacts")).json()).toEqual([]);
  });

  it("limits submissions per address", async () => {
    const { client } = await ownerOnPlan();
    const site = (await client.post("/api/websites/generate", RAMEN)).json();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await ctx.app.inject({
        method: "POST",
        url: `/s/${site.slug}/contact`,
        remoteAddress: "198.51.100.7",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: new URLSearchParams({ name: `N${i}`, email: `n${i}@example.jp`, message: "hi" }).toString(),
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 303).length).toBeLessThanOrEqual(5);
    expect(statuses).toContain(429);
  });
});

describe("import by URL", () => {
  it("builds a site from a page on an allowed host, in the closest template", async () => {
    const { client } = await ownerOnPlan();
    const res = await client.post("/api/websites/import", { url: importUrl });
    expect(res.statusCode).toBe(201);
    const site = res.json();
    expect(site).toMatchObject({
      name: "みなと歯科クリニック",
      template: "healthcare",
      source: "imported",
      languages: ["ja"],
    });
    expect(site.sourceUrl).toBe(importUrl);
    const page = await ctx.app.inject({ method: "GET", url: `/s/${site.slug}/ja/` });
    expect(page.body).toContain("みなと歯科クリニック");
    expect(page.body).not.toContain("never run");
  });

  it("refuses private addresses, bad URLs and empty input with a clear message", async () => {
    const { client } = await ownerOnPlan();
    for (const [url, message] of [
      ["http://127.0.0.1/", "That address points to a private network"],
      ["http://169.254.169.254/latest/", "That address points to a private network"],
      ["ftp://example.jp/", "Only http:// and https:// addresses can be imported"],
    ]) {
      const res = await client.post("/api/websites/import", { url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: "import_failed", message });
    }
    expect((await client.post("/api/websites/import", { url: "  " })).statusCode).toBe(400);
    expect((await client.get("/api/websites")).json()).toEqual([]);
  });
});
