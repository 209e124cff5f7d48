import http from "node:http";
import type { AddressInfo } from "node:net";
import type { TMediaItem, TMediaList, TStockSearch } from "@shobai/shared";
import type { TSiteContent, TSitePhoto } from "@shobai/sitegen";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUnsplashClient } from "../../providers/stock/unsplash";
import { plainPhoto } from "../../testing/photos";
import { siteRequest } from "../../testing/site-requests";
import { createTestApp, signedInClient, type TestContext } from "../../testing/test-app";
import { startUnsplashPeer, type UnsplashPeer } from "../../testing/unsplash-peer";

// Stock photos (Unsplash) against a local server speaking its API, and AI alt-text suggestions
// against a local server speaking OpenAI's chat completions (issue 19, decision 0053).
let peer: UnsplashPeer;
let ctx: TestContext;
let plain: TestContext;
let badKey: TestContext;
let ai: http.Server;
let aiMode: "answer" | "fail" = "answer";
const aiSeen: { messages: { role: string; content: unknown }[] }[] = [];

beforeAll(async () => {
  peer = await startUnsplashPeer({ accessKey: "unsplash-test-key", rateLimit: 1000 });
  ai = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c: Buffer) => {
      raw += c.toString();
    });
    req.on("end", () => {
      const body = JSON.parse(raw);
      const user = body.messages.find((m: { role: string }) => m.role === "user")?.content;
      let content: string;
      if (typeof user === "string") {
        // Site generation: the draft comes back as it was.
        const marker = "Draft (JSON, one object per language):\n";
        const start = user.indexOf(marker) + marker.length;
        content = user.slice(start, user.indexOf("\n\n", start));
      } else {
        aiSeen.push({ messages: body.messages });
        if (aiMode === "fail") return res.writeHead(503).end();
        content = JSON.stringify({
          ja: "木のカウンターに並ぶ焼きたてのパン",
          en: "Fresh bread on a wooden counter",
        });
      }
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ choices: [{ message: { role: "assistant", content } }] }));
    });
  });
  await new Promise<void>((resolve) => ai.listen(0, "127.0.0.1", resolve));
  const aiPort = (ai.address() as AddressInfo).port;
  [ctx, plain, badKey] = await Promise.all([
    createTestApp({
      stock: { unsplash: { accessKey: "unsplash-test-key", baseUrl: peer.url } },
      ai: { baseUrl: `http://127.0.0.1:${aiPort}/v1`, apiKey: "sk-local", model: "local-vision" },
    }),
    createTestApp(),
    createTestApp({ stock: { unsplash: { accessKey: "wrong-key", baseUrl: peer.url } } }),
  ]);
});
afterAll(async () => {
  await Promise.all([ctx?.close(), plain?.close(), badKey?.close()]);
  await peer?.close();
  ai?.closeAllConnections();
  await new Promise((resolve) => ai?.close(resolve));
});

async function siteOf(context: TestContext) {
  const owner = await signedInClient(context.app);
  const res = await owner.client.post("/api/websites/generate", {
    businessDescription:
      "「ベーカリー こむぎ」は世田谷のパン屋です。食パン 400円、クロワッサン 250円。営業 7時〜18時。",
    languages: ["ja", "en"],
  });
  expect(res.statusCode).toBe(201);
  const { id, slug } = res.json() as { id: string; slug: string };
  return { client: owner.client, id, slug };
}

describe("stock photos (Unsplash)", () => {
  it("are hidden without UNSPLASH_ACCESS_KEY: the library says so and the routes do not exist", async () => {
    const { client, id } = await siteOf(plain);
    const list = (await client.get(`/api/websites/${id}/media`)).json() as TMediaList;
    expect(list).toMatchObject({ stock: null, altSuggestions: false });
    expect((await client.get(`/api/websites/${id}/stock?query=bakery`)).statusCode).toBe(404);
    expect((await client.post(`/api/websites/${id}/stock/bake001`, {})).statusCode).toBe(404);
    // The app's policy allows no other picture origin then.
    const page = await plain.app.inject({ method: "GET", url: "/api/health" });
    expect(String(page.headers["content-security-policy"])).not.toContain("unsplash");
  });

  it("searches by keyword with pages, credits each photographer with Unsplash's UTM links", async () => {
    const { client, id } = await siteOf(ctx);
    const list = (await client.get(`/api/websites/${id}/media`)).json() as TMediaList;
    expect(list).toMatchObject({ stock: "unsplash", altSuggestions: true });

    const first = await client.get(`/api/websites/${id}/stock?query=${encodeURIComponent("パン")}`);
    expect(first.statusCode).toBe(200);
    const page1 = first.json() as TStockSearch;
    expect(page1).toMatchObject({ page: 1, total: 30, totalPages: 3 });
    expect(page1.results).toHaveLength(12);
    const photo = page1.results[0];
    expect(photo).toMatchObject({
      id: "bake000",
      author: "Aiko Tanaka",
      authorUrl: "https://unsplash.com/@aikotanaka?utm_source=shobai&utm_medium=referral",
      providerUrl: "https://unsplash.com/?utm_source=shobai&utm_medium=referral",
    });
    // Thumbnails are Unsplash's own URLs (hotlinked), not copies.
    expect(photo?.thumbUrl.startsWith(`${peer.url}/images/bake000?`)).toBe(true);
    const page3 = (await client.get(`/api/websites/${id}/stock?query=bakery&page=3`)).json() as TStockSearch;
    expect(page3.results).toHaveLength(6);
    expect(page3.results[0]?.id).toBe("bake024");
    // What the peer received: the documented parameters, with the owner's language.
    const sent = peer.requests.filter((r) => r.path === "/search/photos").at(-1);
    expect(sent?.query).toMatchObject({
      query: "bakery",
      page: "3",
      per_page: "12",
      content_filter: "high",
      lang: "ja",
    });

    // An empty keyword never reaches Unsplash.
    expect((await client.get(`/api/websites/${id}/stock?query=%20`)).statusCode).toBe(400);
  });

  it("uses a photo: tracks its download, hotlinks it on the published page with the credit", async () => {
    const { client, id, slug } = await siteOf(ctx);
    expect(peer.downloads("bake001")).toBe(0);
    const res = await client.post(`/api/websites/${id}/stock/bake001`, { alt: { ja: "パン" } });
    expect(res.statusCode).toBe(200);
    const photo = res.json() as TSitePhoto;
    expect(peer.downloads("bake001")).toBe(1);
    expect(photo).toMatchObject({
      id: "unsplash-bake001",
      width: 4000,
      height: 2667,
      widths: [480, 960, 1600],
      alt: { ja: "パン", en: "croissants in a bakery window 2" },
      stock: { provider: "unsplash", author: "Marc Dubois" },
    });
    // The credit comes from Unsplash, whatever the browser sends.
    expect(photo.stock?.url.startsWith(`${peer.url}/images/bake001?`)).toBe(true);

    const draft = (await client.get(`/api/websites/${id}/draft`)).json() as {
      revision: number;
      content: TSiteContent;
    };
    const content = { ...draft.content, photos: { hero: photo } };
    expect(
      (await client.put(`/api/websites/${id}/draft`, { revision: draft.revision, content })).statusCode,
    ).toBe(200);
    expect(
      (await client.post(`/api/websites/${id}/publish`, { revision: draft.revision + 1 })).statusCode,
    ).toBe(200);
    const page = await siteRequest(ctx.app, slug, { url: "/ja/" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      `${peer.url}/images/bake001?ixid=peer-bake001&amp;ixlib=rb-4.0.3&amp;w=960&amp;fm=avif`,
    );
    expect(page.body).toMatch(
      /写真: <a href="https:\/\/unsplash\.com\/@marcdubois\?utm_source=shobai&amp;utm_medium=referral">Marc Dubois<\/a> \/ <a href="https:\/\/unsplash\.com\/\?utm_source=shobai&amp;utm_medium=referral">Unsplash<\/a>/,
    );
    expect(page.body).toContain(`<link rel="preconnect" href="${peer.url}"/>`);
    const en = await siteRequest(ctx.app, slug, { url: "/en/" });
    expect(en.body).toContain(">Marc Dubois</a> on <a");
    // The site's policy lets the page load the photo from the provider (the peer's origin here).
    expect(String(page.headers["content-security-policy"])).toContain(
      `img-src 'self' data: https: ${peer.url}`,
    );
    // So does the editor's (its preview frame shows the same page).
    const app = await ctx.app.inject({ method: "GET", url: "/api/health" });
    expect(String(app.headers["content-security-policy"])).toContain(
      `https://images.unsplash.com ${peer.url}`,
    );

    // A restored version keeps its stock photos (they are not library files).
    const revisions = (await client.get(`/api/websites/${id}/revisions`)).json() as { revision: number }[];
    const restored = await client.post(
      `/api/websites/${id}/revisions/${Math.max(...revisions.map((r) => r.revision))}/restore`,
    );
    expect(restored.json()).toMatchObject({ content: { photos: { hero: { id: "unsplash-bake001" } } } });
    expect((restored.json() as { photosRemoved?: number }).photosRemoved).toBeUndefined();
  });

  it("says plainly when Unsplash's hourly limit is used up, fails, or refuses the key", async () => {
    const { client, id } = await siteOf(ctx);
    peer.setRemaining(0);
    const limited = await client.get(`/api/websites/${id}/stock?query=bakery`);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: "stock_rate_limited" });
    peer.setRemaining(1000);
    peer.failNext(503, "Service Unavailable");
    const down = await client.get(`/api/websites/${id}/stock?query=bakery`);
    expect(down.statusCode).toBe(502);
    expect(down.json()).toMatchObject({ code: "stock_unavailable" });
    expect((await client.post(`/api/websites/${id}/stock/nosuch`, {})).statusCode).toBe(404);

    const wrong = await siteOf(badKey);
    const refused = await wrong.client.get(`/api/websites/${wrong.id}/stock?query=bakery`);
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toMatchObject({ code: "stock_unavailable" });
    // The library itself still works.
    const up = await wrong.client.request({
      method: "POST",
      url: `/api/websites/${wrong.id}/media?name=front.jpg`,
      headers: { "content-type": "image/jpeg" },
      payload: await plainPhoto(600, 400),
    });
    expect(up.statusCode).toBe(201);
  });

  it("another account can neither search nor use photos for a site that is not theirs (404)", async () => {
    const owner = await siteOf(ctx);
    const other = await signedInClient(ctx.app);
    const before = peer.requests.length;
    expect((await other.client.get(`/api/websites/${owner.id}/stock?query=bakery`)).statusCode).toBe(404);
    expect((await other.client.post(`/api/websites/${owner.id}/stock/bake002`, {})).statusCode).toBe(404);
    expect(peer.requests.length).toBe(before);
    expect(peer.downloads("bake002")).toBe(0);
    expect(
      (await ctx.app.inject({ method: "GET", url: `/api/websites/${owner.id}/stock?query=x` })).statusCode,
    ).toBe(401);
  });

  it("the client reads Unsplash's rate-limit headers and sends Client-ID with Accept-Version v1", async () => {
    const headers: Record<string, string>[] = [];
    const client = createUnsplashClient({
      accessKey: "unsplash-test-key",
      baseUrl: peer.url,
      appName: "shobai",
      fetch: (input, init) => {
        headers.push(Object.fromEntries(new Headers(init?.headers).entries()));
        return fetch(input, init);
      },
    });
    peer.setRemaining(7);
    await client.search("ramen", 1);
    expect(client.rateLimit().remaining).toBe(6);
    expect(headers[0]).toMatchObject({
      authorization: "Client-ID unsplash-test-key",
      "accept-version": "v1",
    });
    // A download location on another host is never requested with the key.
    await expect(client.trackDownload("https://evil.example/photos/x/download")).rejects.toThrow();
    peer.setRemaining(1000);
  });
});

describe("AI alt-text suggestions", () => {
  it("suggest one text per site language from the photo; nothing is saved until the owner confirms", async () => {
    const { client, id } = await siteOf(ctx);
    const item = (
      await client.request({
        method: "POST",
        url: `/api/websites/${id}/media?name=IMG_0042.jpg`,
        headers: { "content-type": "image/jpeg" },
        payload: await plainPhoto(1200, 800),
      })
    ).json() as TMediaItem;
    aiSeen.length = 0;
    const res = await client.post(`/api/websites/${id}/media/${item.id}/alt-suggestion`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      alt: { ja: "木のカウンターに並ぶ焼きたてのパン", en: "Fresh bread on a wooden counter" },
    });
    // The model saw the photo (its small JPEG, no metadata) and was asked for the site's languages.
    const user = aiSeen[0]?.messages.find((m) => m.role === "user")?.content as {
      type: string;
      text?: string;
      image_url?: { url: string };
    }[];
    expect(user.find((p) => p.type === "image_url")?.image_url?.url).toMatch(
      /^data:image\/jpeg;base64,\/9j\//,
    );
    expect(user.find((p) => p.type === "text")?.text).toContain("ja (日本語), en (English)");
    const list = (await client.get(`/api/websites/${id}/media`)).json() as TMediaList;
    expect(list.items[0]?.alt).toEqual(item.alt);

    // The owner confirms (and may change) it.
    const saved = await client.patch(`/api/websites/${id}/media/${item.id}`, {
      alt: { ja: "焼きたてのパン", en: "Fresh bread on a wooden counter" },
    });
    expect(saved.statusCode).toBe(200);

    aiMode = "fail";
    const failed = await client.post(`/api/websites/${id}/media/${item.id}/alt-suggestion`, {});
    aiMode = "answer";
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ code: "alt_suggestion_failed" });

    const other = await signedInClient(ctx.app);
    expect(
      (await other.client.post(`/api/websites/${id}/media/${item.id}/alt-suggestion`, {})).statusCode,
    ).toBe(404);
  });

  it("do not exist without an AI provider (404)", async () => {
    const { client, id } = await siteOf(plain);
    const item = (
      await client.request({
        method: "POST",
        url: `/api/websites/${id}/media?name=a.jpg`,
        headers: { "content-type": "image/jpeg" },
        payload: await plainPhoto(600, 400),
      })
    ).json() as TMediaItem;
    expect((await client.post(`/api/websites/${id}/media/${item.id}/alt-suggestion`, {})).statusCode).toBe(
      404,
    );
  });
});
