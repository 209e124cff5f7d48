import path from "node:path";
import { ZSiteReadEvent } from "@shobai/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  meetsGoals,
  SITES_DIR,
  scoreSite,
  summarize,
  testSites,
} from "../../../../../scripts/eval-import/measure";
import { type ServedSite, serveSite } from "../../../../../scripts/eval-import/serve";
import { decodeHtml } from "../../lib/safe-fetch";
import { siteRequest } from "../../testing/site-requests";
import { createTestApp, signedInClient, type TestContext } from "../../testing/test-app";
import { crawlSite } from "./crawl";
import { readPageFacts } from "./page-facts";
import { readSite } from "./site-reading";

let ctx: TestContext;
const served: Record<string, ServedSite> = {};
const requests: Record<string, string[]> = {};

beforeAll(async () => {
  for (const id of ["osaka-tax", "kyoto-salon"]) {
    requests[id] = [];
    served[id] = await serveSite(path.join(SITES_DIR, id), requests[id]);
  }
  ctx = await createTestApp({ importAllowedHosts: ["127.0.0.1"] });
});
afterAll(async () => {
  await ctx?.close();
  for (const site of Object.values(served)) await site.close();
});

async function owner() {
  const o = await signedInClient(ctx.app);
  await ctx.app.services.auth.setPlan(o.email, "business");
  return o;
}

describe("charset", () => {
  it("decodes Shift_JIS declared nowhere from its bytes, and UTF-8 as UTF-8", () => {
    const text =
      "<html><body><p>大阪府大阪市北区梅田の山田税理士事務所です。営業時間は9時から18時まで。</p></body></html>";
    const sjis = Buffer.from(new TextEncoder().encode(text)); // UTF-8 bytes first
    expect(decodeHtml(sjis, "text/html")).toBe(text);
    // Shift_JIS bytes of the same text (encoded by the platform's decoder tables in reverse).
    const table = new Map<string, number[]>();
    const decoder = new TextDecoder("shift_jis");
    for (let lead = 0x81; lead <= 0xef; lead++)
      for (let trail = 0x40; trail <= 0xfc; trail++) {
        const ch = decoder.decode(Uint8Array.of(lead, trail));
        if (ch.length === 1 && !table.has(ch)) table.set(ch, [lead, trail]);
      }
    const bytes = [...text].flatMap((ch) =>
      ch.charCodeAt(0) < 0x80 ? [ch.charCodeAt(0)] : (table.get(ch) ?? [0x3f]),
    );
    expect(decodeHtml(Buffer.from(bytes), "text/html")).toBe(text);
  });
});

describe("crawl", () => {
  it("reads the linked pages and the sitemap's, never one robots.txt forbids", async () => {
    const site = served["kyoto-salon"] as ServedSite;
    const { pages, skippedByRobots } = await crawlSite(`${site.origin}/`, {
      allowedHosts: ["127.0.0.1"],
      read: async (html, url) => readPageFacts(html, url),
    });
    const paths = pages.map((p) => new URL(p.url).pathname);
    expect(paths).toEqual(expect.arrayContaining(["/", "/menu/", "/about/"]));
    expect(paths).not.toContain("/private/");
    expect(requests["kyoto-salon"]).toContain("/robots.txt");
    expect(requests["kyoto-salon"]).toContain("/sitemap.xml");
    expect(requests["kyoto-salon"]).not.toContain("/private/");
    expect(skippedByRobots).toBeGreaterThan(0);
  });

  it("stops at the page limit", async () => {
    const site = served["osaka-tax"] as ServedSite;
    const { pages } = await crawlSite(`${site.origin}/index.html`, {
      allowedHosts: ["127.0.0.1"],
      read: async (html, url) => readPageFacts(html, url),
      maxPages: 2,
    });
    expect(pages).toHaveLength(2);
  });

  it("meets the eval:import goals on every test site, inventing nothing", async () => {
    const scores = [];
    for (const { id, dir, expected } of testSites()) {
      const one = await serveSite(dir);
      try {
        const { pages } = await crawlSite(`${one.origin}/`, {
          allowedHosts: ["127.0.0.1"],
          read: async (html, url) => readPageFacts(html, url),
        });
        scores.push(scoreSite(id, expected, readSite(pages).facts));
      } finally {
        await one.close();
      }
    }
    const summary = summarize(scores);
    expect(
      scores.flatMap((s) => [...s.missed, ...s.invented.map((i) => `invented ${i}`)]),
      JSON.stringify(summary),
    ).toEqual([]);
    expect(meetsGoals(summary)).toBe(true);
  });
});

describe("POST /api/websites/import/read and /import", () => {
  it("shows what a Shift_JIS site states, then builds the site from the confirmed facts", async () => {
    const { client } = await owner();
    const origin = (served["osaka-tax"] as ServedSite).origin;
    const read = await client.post("/api/websites/import/read", { url: `${origin}/` });
    expect(read.statusCode, read.body).toBe(200);
    const reading = read.json();
    expect(reading.facts).toMatchObject({
      name: "山田税理士事務所",
      phone: "06-6345-1234",
      email: "info@yamada-tax.example",
      notes: ["初回相談無料"],
      profile: { representative: "山田 太郎", qualifications: ["税理士"] },
    });
    expect(reading.facts.items).toContainEqual({
      name: "相続税申告",
      description: expect.any(String),
      price: { amount: 300000, currency: "JPY", taxIncluded: false, from: true },
    });
    expect(reading.pages.length).toBe(5);
    expect(reading.industry).toBe("finance");
    // Nothing stored yet.
    expect((await client.get("/api/websites")).json()).toEqual([]);

    const facts = { ...reading.facts, name: "山田会計事務所" };
    delete facts.sourceLanguage;
    const made = await client.post("/api/websites/import", {
      url: `${origin}/`,
      facts,
      languages: ["ja", "en"],
    });
    expect(made.statusCode, made.body).toBe(201);
    const site = made.json();
    expect(site).toMatchObject({ name: "山田会計事務所", source: "imported", languages: ["ja", "en"] });
    // Readable from the trade and place in English, never the template category.
    expect(site.slug).toMatch(/^(?!finance$)[a-z]+(?:-[a-z0-9]+)*$/);
    expect(site.slug).toContain("osaka");
    expect(site.facts.items.map((i: { name: string }) => i.name)).toEqual([
      "相続税申告",
      "法人決算",
      "記帳代行",
      "確定申告",
    ]);
    const page = await siteRequest(ctx.app, site.slug, { url: "/ja/" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("山田会計事務所");
    expect(page.body).toContain("相続税申告");
    // 300,000 yen before tax is shown with tax.
    expect(page.body).toContain("330,000");
  });

  it("streams its progress page by page when asked for JSON lines, then the same result", async () => {
    const { client } = await owner();
    const origin = (served["osaka-tax"] as ServedSite).origin;
    const streamed = await client.request({
      method: "POST",
      url: "/api/websites/import/read",
      headers: { accept: "application/x-ndjson" },
      payload: { url: `${origin}/` },
    });
    expect(streamed.statusCode).toBe(200);
    expect(streamed.headers["content-type"]).toContain("application/x-ndjson");
    const events = streamed.body
      .trim()
      .split("\n")
      .map((line) => ZSiteReadEvent.parse(JSON.parse(line)));
    const progress = events.filter((e) => e.type === "progress");
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress[0]).toEqual({ type: "progress", read: 1, of: expect.any(Number) });
    expect(progress.at(-1)).toMatchObject({ read: 5 });
    const last = events.at(-1);
    expect(last?.type).toBe("result");
    const plain = (await client.post("/api/websites/import/read", { url: `${origin}/` })).json();
    expect(last?.type === "result" ? last.site : null).toEqual(plain);

    // A failure after the answer began comes as the last line, with the error body's code.
    const failed = await client.request({
      method: "POST",
      url: "/api/websites/import/read",
      headers: { accept: "application/x-ndjson" },
      payload: { url: "http://127.0.0.1:9/" },
    });
    const lines = failed.body
      .trim()
      .split("\n")
      .map((line) => ZSiteReadEvent.parse(JSON.parse(line)));
    expect(lines.at(-1)).toMatchObject({ type: "error", error: { code: "import_failed" } });
  });

  it("answers 400 import_failed for an address that is not a site, 401 without a session", async () => {
    const { client } = await owner();
    const bad = await client.post("/api/websites/import/read", { url: "ftp://example.com/" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe("import_failed");
    const empty = await client.post("/api/websites/import/read", { url: "" });
    expect(empty.statusCode).toBe(400);
    const anonymous = await ctx.app.inject({
      method: "POST",
      url: "/api/websites/import/read",
      payload: { url: "http://127.0.0.1/" },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
