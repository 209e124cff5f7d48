import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jpegBytes, pngBytes } from "../../lib/image-fixtures";
import { previewCookie, siteOrigin, siteRequest } from "../../testing/site-requests";
import { createTestApp, signedInClient, type TestContext } from "../../testing/test-app";

let ctx: TestContext;
let oldSite: http.Server;
let origin = "";
const hits = new Map<string, number>();

const HERO = pngBytes(960, 640);
const PHOTO = jpegBytes(1280, 960);
const sha = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

const JSON_LD = {
  "@context": "https://schema.org",
  "@type": "Restaurant",
  name: "さくらラーメン",
  address: {
    "@type": "PostalAddress",
    postalCode: "150-0001",
    addressRegion: "東京都",
    addressLocality: "渋谷区",
    streetAddress: "神宮前1-2-3 さくらビル2F",
  },
};

function shopPage(): string {
  return `<!doctype html><html lang="ja"><head><title>さくらラーメン｜渋谷のラーメン店</title>
    <meta name="description" content="渋谷のラーメン店です。醤油ラーメンと餃子が人気。">
    <meta property="og:image" content="img/hero.png">
    <script type="application/ld+json">${JSON.stringify(JSON_LD)}</script></head>
    <body><h1>さくらラーメン</h1>
    <img src="img/hero.png" alt="店内の様子">
    <p>醤油ラーメンと餃子が人気。営業は11時〜22時、水曜定休。電話 03-1234-5678</p>
    <p>アクセス：〒１５０－０００１ 東京都渋谷区神宮前１－２－３ さくらビル２Ｆ</p>
    <img srcset="img/ramen-small.jpg 320w, img/ramen.jpg 1280w" src="img/ramen-small.jpg" alt="醤油ラーメン">
    <img src="/px.gif" width="1" height="1" alt="">
    <img src="img/broken.png" alt="壊れた画像">
    <img src="img/missing.jpg" alt="ない画像">
    <img src="img/tiny.png" alt="小さすぎる">
    </body></html>`;
}

beforeAll(async () => {
  // The owner's old site: the page moved (so relative image URLs resolve against the final URL).
  oldSite = http.createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    hits.set(path, (hits.get(path) ?? 0) + 1);
    if (path === "/") return res.writeHead(301, { location: "/shop/" }).end();
    if (path === "/shop/")
      return res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(shopPage());
    if (path === "/shop/img/hero.png") return res.writeHead(200, { "content-type": "image/png" }).end(HERO);
    if (path === "/shop/img/ramen.jpg")
      return res.writeHead(200, { "content-type": "image/jpeg" }).end(PHOTO);
    if (path === "/shop/img/broken.png")
      return res.writeHead(200, { "content-type": "image/png" }).end("<html>500 Internal error</html>");
    if (path === "/shop/img/tiny.png")
      return res.writeHead(200, { "content-type": "image/png" }).end(pngBytes(2, 2));
    if (path === "/px.gif") return res.writeHead(200, { "content-type": "image/gif" }).end("GIF89a");
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => oldSite.listen(0, "127.0.0.1", resolve));
  origin = `http://localhost:${(oldSite.address() as AddressInfo).port}`;
  ctx = await createTestApp({ importAllowedHosts: ["localhost"] });
});
afterAll(async () => {
  await ctx?.close();
  oldSite.closeAllConnections();
  await new Promise((resolve) => oldSite.close(resolve));
});

async function owner() {
  const o = await signedInClient(ctx.app);
  await ctx.app.services.auth.setPlan(o.email, "business");
  return o;
}

async function assetCount(websiteId: string): Promise<number> {
  const [row] = await ctx.db.rows<{ n: number }>(
    `select count(*)::int as n from website_assets where website_id = '${websiteId}'`,
  );
  return row?.n ?? -1;
}

/** The pages link absolutely (like their canonical links); requests go to the path. */
function assetUrls(html: string): string[] {
  return [...html.matchAll(/<img [^>]*src="([^"]+)"/g)].map((m) => new URL(m[1] ?? "", "http://x").pathname);
}

describe("import by URL: address and images", () => {
  it("copies the page's pictures onto the platform and shows the address", async () => {
    const { client } = await owner();
    const res = await client.post("/api/websites/import", { url: `${origin}/` });
    expect(res.statusCode).toBe(201);
    const site = res.json();
    expect(site).toMatchObject({
      name: "さくらラーメン",
      template: "restaurant",
      sourceUrl: `${origin}/shop/`,
    });

    const page = await siteRequest(ctx.app, site.slug, { url: "/ja/" });
    expect(page.statusCode).toBe(200);
    // JSON-LD wins; the access section shows it on one line with half-width digits.
    expect(page.body).toMatch(/<dt>所在地<\/dt><dd>〒150-0001 東京都渋谷区神宮前1-2-3 さくらビル2F<\/dd>/);
    // The decodable hero went through the media pipeline (issue 19): a <picture> of variants; the
    // photo the pipeline cannot decode (a header-only JPEG) keeps its copied original.
    expect(page.body).toMatch(
      /<picture class="hph"><source type="image\/avif" srcSet="[^"]+\/_media\/[0-9a-f]{32}-480\.avif 480w/,
    );
    expect(page.body).toContain('alt="店内の様子"');
    expect(page.body).toContain('width="960" height="640"');
    const urls = assetUrls(page.body).filter((url) => url.startsWith("/_assets/"));
    expect(urls).toHaveLength(1);
    for (const url of urls) expect(url).toMatch(/^\/_assets\/[0-9a-f-]{36}$/);
    expect(page.body).not.toContain(origin);
    expect(page.body).toContain('alt="醤油ラーメン"');
    expect(page.body).toContain('width="1280" height="960"');

    const [photo] = await Promise.all(urls.map((url) => siteRequest(ctx.app, site.slug, { url })));
    expect(photo?.statusCode).toBe(200);
    expect(photo?.headers["content-type"]).toBe("image/jpeg");
    expect(photo?.rawPayload.equals(PHOTO)).toBe(true);
    expect(photo?.headers.etag).toBe(`"${sha(PHOTO)}"`);
    expect(photo?.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(photo?.headers["x-content-type-options"]).toBe("nosniff");

    const again = await siteRequest(ctx.app, site.slug, {
      url: urls[0] ?? "",
      headers: { "if-none-match": `"${sha(PHOTO)}"` },
    });
    expect(again.statusCode).toBe(304);

    // The pixel was never fetched; the broken, missing and tiny images were skipped.
    expect(hits.get("/px.gif")).toBeUndefined();
    expect(hits.get("/shop/img/ramen-small.jpg")).toBeUndefined();
    expect(hits.get("/shop/img/broken.png")).toBe(1);
    expect(await assetCount(site.id)).toBe(2);

    // Absolute addresses on the site's configured host, whatever Host the request named.
    expect(page.body).toContain(`src="${siteOrigin(site.slug)}/_assets/`);
  });

  it("keeps the pictures on regenerate and language changes, and deletes them with the site", async () => {
    const { client } = await owner();
    const site = (await client.post("/api/websites/import", { url: `${origin}/` })).json();
    const before = assetUrls((await siteRequest(ctx.app, site.slug, { url: "/ja/" })).body);
    expect((await client.post(`/api/websites/${site.id}/regenerate`)).statusCode).toBe(200);
    expect((await client.patch(`/api/websites/${site.id}`, { languages: ["ja", "en"] })).statusCode).toBe(
      200,
    );
    const en = (await siteRequest(ctx.app, site.slug, { url: "/en/" })).body;
    expect(assetUrls(en)).toEqual(before);
    expect(en).toContain("〒150-0001 東京都渋谷区神宮前1-2-3 さくらビル2F");
    expect(await assetCount(site.id)).toBe(2);

    expect((await client.delete(`/api/websites/${site.id}`)).statusCode).toBe(204);
    expect(await assetCount(site.id)).toBe(0);
    expect((await siteRequest(ctx.app, site.slug, { url: before[0] ?? "" })).statusCode).toBe(404);
  });

  it("shows an unpublished site's pictures through its preview link only", async () => {
    const { client } = await owner();
    const site = (await client.post("/api/websites/import", { url: `${origin}/` })).json();
    const [url = ""] = assetUrls((await siteRequest(ctx.app, site.slug, { url: "/ja/" })).body).filter((u) =>
      u.startsWith("/_assets/"),
    );
    await client.patch(`/api/websites/${site.id}`, { isPublished: false });

    expect((await siteRequest(ctx.app, site.slug, { url })).statusCode).toBe(404);
    const stranger = await owner();
    expect((await stranger.client.get(`/api/websites/${site.id}/preview`)).statusCode).toBe(404);
    const appSession = String(client.cookie);
    expect((await siteRequest(ctx.app, site.slug, { url, headers: { cookie: appSession } })).statusCode).toBe(
      404,
    );
    const cookie = await previewCookie(ctx.app, client, site);
    const preview = await siteRequest(ctx.app, site.slug, { url, headers: { cookie } });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers["cache-control"]).toBe("private, no-store");
    expect(preview.headers["content-type"]).toBe("image/jpeg");
  });

  it("answers unknown assets, other sites' assets and bad ids with 404", async () => {
    const { client } = await owner();
    const a = (await client.post("/api/websites/import", { url: `${origin}/` })).json();
    const b = (
      await client.post("/api/websites/generate", { businessDescription: "「Blue」は渋谷のカフェです。" })
    ).json();
    const [url = ""] = assetUrls((await siteRequest(ctx.app, a.slug, { url: "/ja/" })).body).filter((u) =>
      u.startsWith("/_assets/"),
    );
    const id = url.split("/").pop() ?? "";
    for (const [slug, path] of [
      [b.slug, `/_assets/${id}`],
      [a.slug, "/_assets/00000000-0000-4000-8000-000000000000"],
      [a.slug, "/_assets/not-a-uuid"],
      ["no-such-site", `/_assets/${id}`],
    ] as const) {
      const res = await siteRequest(ctx.app, slug, { url: path });
      expect(res.statusCode, `${slug} ${path}`).toBe(404);
    }
  });

  it("still builds the site when every picture fails", async () => {
    const { client } = await owner();
    const lonely = http.createServer((_req, res) => {
      if (_req.url === "/")
        return res
          .writeHead(200, { "content-type": "text/html; charset=utf-8" })
          .end(
            `<html lang="ja"><head><title>山田商店</title></head><body><h1>山田商店</h1><p>雑貨のお店です。</p><img src="/a.png" alt="a"><img src="http://127.0.0.1:1/b.jpg" alt="b"></body></html>`,
          );
      res.writeHead(500).end();
    });
    await new Promise<void>((resolve) => lonely.listen(0, "127.0.0.1", resolve));
    try {
      const res = await client.post("/api/websites/import", {
        url: `http://localhost:${(lonely.address() as AddressInfo).port}/`,
      });
      expect(res.statusCode).toBe(201);
      const html = (await siteRequest(ctx.app, res.json().slug, { url: "/ja/" })).body;
      expect(html).not.toContain("<img");
      expect(await assetCount(res.json().id)).toBe(0);
    } finally {
      lonely.closeAllConnections();
      await new Promise((resolve) => lonely.close(resolve));
    }
  });
});
