import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { TMediaItem, TMediaList } from "@shobai/shared";
import type { TSiteContent, TSitePhoto } from "@shobai/sitegen";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { media, mediaBlobs } from "../../db/schema";
import { phonePhotoWithGps, plainPhoto, pngBomb } from "../../testing/photos";
import { previewCookie, siteRequest } from "../../testing/site-requests";
import { createTestApp, signedInClient, type TestClient, type TestContext } from "../../testing/test-app";

let ctx: TestContext;
let mediaDir = "";
let dirCtx: TestContext;
let oldSite: http.Server;
let oldOrigin = "";
const oldPhotos = new Map<string, Buffer>();

beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(os.tmpdir(), "shobai-media-"));
  oldPhotos.set("/front.jpg", await phonePhotoWithGps(1800, 1200));
  oldPhotos.set("/gyoza.png", await plainPhoto(800, 800, "png", { r: 230, g: 180, b: 60 }));
  // The owner's old site, with two real photos (one straight from a phone, GPS and all).
  oldSite = http.createServer((req, res) => {
    const photo = oldPhotos.get(req.url ?? "");
    if (photo) return res.writeHead(200, { "content-type": "image/jpeg" }).end(photo);
    if (req.url === "/")
      return res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(
        `<!doctype html><html lang="ja"><head><title>さくら食堂｜渋谷の定食屋</title></head><body>
        <h1>さくら食堂</h1><img src="/front.jpg" alt="店の外観"><p>定食と餃子の店です。営業は11時〜21時。電話 03-1234-5678</p>
        <img src="/gyoza.png" alt="焼き餃子"></body></html>`,
      );
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => oldSite.listen(0, "127.0.0.1", resolve));
  oldOrigin = `http://localhost:${(oldSite.address() as AddressInfo).port}`;
  [ctx, dirCtx] = await Promise.all([
    createTestApp({ importAllowedHosts: ["localhost"] }),
    createTestApp({ media: { dir: mediaDir } }),
  ]);
});
afterAll(async () => {
  await Promise.all([ctx?.close(), dirCtx?.close()]);
  await rm(mediaDir, { recursive: true, force: true });
  oldSite?.closeAllConnections();
  await new Promise((resolve) => oldSite?.close(resolve));
});

const WAGASHI = {
  businessDescription:
    "「京菓子 つるや」は京都市上京区の和菓子店です。上生菓子 450円、わらび餅 600円、どら焼き 280円。営業は9時〜18時、水曜定休。",
  languages: ["ja", "en"],
};

async function siteOfNewOwner(context = ctx): Promise<{ client: TestClient; id: string; slug: string }> {
  const owner = await signedInClient(context.app);
  const res = await owner.client.post("/api/websites/generate", WAGASHI);
  expect(res.statusCode).toBe(201);
  const { id, slug } = res.json() as { id: string; slug: string };
  return { client: owner.client, id, slug };
}

const upload = (
  client: TestClient,
  id: string,
  bytes: Buffer,
  name = "shop-front.jpg",
  type = "image/jpeg",
) =>
  client.request({
    method: "POST",
    url: `/api/websites/${id}/media?name=${encodeURIComponent(name)}`,
    headers: { "content-type": type },
    payload: bytes,
  });

const blobCount = async (context = ctx) => {
  const [row] = await context.db.db.select({ n: sql<number>`count(*)::int` }).from(mediaBlobs);
  return row?.n ?? 0;
};

const variant = (context: TestContext, item: TMediaItem, width: number, ext: string) =>
  context.app.inject({ method: "GET", url: `/media/${item.websiteId}/${item.hash}-${width}.${ext}` });

const asPhoto = (item: TMediaItem): TSitePhoto => ({
  id: item.id,
  hash: item.hash,
  width: item.width,
  height: item.height,
  widths: item.widths,
  alt: item.alt,
  decorative: item.decorative,
});

describe("uploading photos", () => {
  it("turns a phone photo upright, strips its EXIF and GPS, and makes 480/960/1600 px in AVIF, WebP and JPEG", async () => {
    const { client, id, slug } = await siteOfNewOwner();
    const original = await phonePhotoWithGps();
    // The test photo really carries GPS tags and orientation 6 (the test could fail).
    const before = await sharp(original).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.includes(Buffer.from("TestPhone"))).toBe(true);
    expect(before.exif?.length).toBeGreaterThan(100);

    const res = await upload(client, id, original, "shop-front_2024.jpg", "application/octet-stream");
    expect(res.statusCode).toBe(201);
    const item = res.json() as TMediaItem;
    expect(item).toMatchObject({
      contentType: "image/jpeg",
      width: 1500,
      height: 2000,
      widths: [480, 960, 1500],
      alt: { ja: "shop front 2024", en: "shop front 2024" },
      decorative: false,
    });

    for (const width of item.widths) {
      for (const [ext, format] of [
        ["avif", "heif"],
        ["webp", "webp"],
        ["jpg", "jpeg"],
      ] as const) {
        const file = await variant(ctx, item, width, ext);
        expect(file.statusCode, `${width}.${ext}`).toBe(200);
        expect(file.headers["content-type"]).toBe(`image/${ext === "jpg" ? "jpeg" : ext}`);
        const bytes = file.rawPayload;
        const meta = await sharp(bytes).metadata();
        expect(meta.format).toBe(format);
        expect(meta.width).toBe(width);
        expect(meta.height).toBe(Math.round((width * 2000) / 1500));
        // No EXIF at all (so no GPS, no serial), no orientation left to apply.
        expect(meta.exif).toBeUndefined();
        expect(meta.orientation ?? 1).toBe(1);
        expect(bytes.includes(Buffer.from("TestPhone"))).toBe(false);
        expect(bytes.includes(Buffer.from("SN-123456"))).toBe(false);
      }
    }

    // Upright: the stored left (red) half is now the top.
    const jpeg = (await variant(ctx, item, 480, "jpg")).rawPayload;
    const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => {
      const at = (y * info.width + x) * info.channels;
      return [data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0];
    };
    const [topR = 0, , topB = 0] = pixel(240, 20);
    const [bottomR = 0, , bottomB = 0] = pixel(240, info.height - 20);
    expect(topR).toBeGreaterThan(150);
    expect(topB).toBeLessThan(80);
    expect(bottomB).toBeGreaterThan(150);
    expect(bottomR).toBeLessThan(80);

    // The site's own host serves the same variant, immutable for a year; never the original.
    const onSite = await siteRequest(ctx.app, slug, { url: `/_media/${item.hash}-960.webp` });
    expect(onSite.statusCode).toBe(200);
    expect(onSite.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await siteRequest(ctx.app, slug, { url: `/_media/${item.hash}.orig` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: "GET", url: `/media/${id}/${item.hash}.orig` })).statusCode).toBe(
      404,
    );

    // The same bytes again are the same photo, stored once.
    const blobs = await blobCount();
    const again = await upload(client, id, original, "copy.jpg");
    expect((again.json() as TMediaItem).id).toBe(item.id);
    expect(await blobCount()).toBe(blobs);

    const list = (await client.get(`/api/websites/${id}/media`)).json() as TMediaList;
    expect(list.items.map((i) => i.id)).toEqual([item.id]);
    expect(list.usage.usedBytes).toBe(item.bytes);
    expect(list.usage.quotaBytes).toBe(200 * 1024 * 1024);
    // The subscription page shows the same use and quota.
    const status = (await client.get("/api/subscription/status")).json() as Record<string, unknown>;
    expect(status).toMatchObject({ mediaUsedBytes: item.bytes, mediaQuotaBytes: 200 * 1024 * 1024 });
  });

  it("takes an iPhone HEIC (HEVC) photo through libheif; a damaged one is 400 with nothing stored", async () => {
    const { client, id } = await siteOfNewOwner();
    // libheif's own HEVC test picture (tests/data/rainbow-451x461.heic of strukturag/libheif).
    const heic = await readFile(
      path.join(import.meta.dirname, "../../testing/fixtures/rainbow-451x461.heic"),
    );
    const meta = await sharp(heic).metadata();
    expect([meta.format, meta.compression]).toEqual(["heif", "hevc"]);
    const res = await upload(client, id, heic, "IMG_0001.HEIC", "image/heic");
    expect(res.statusCode).toBe(201);
    const item = res.json() as TMediaItem;
    expect(item).toMatchObject({ contentType: "image/heic", width: 451, height: 461, widths: [451] });
    for (const [ext, format] of [
      ["avif", "heif"],
      ["webp", "webp"],
      ["jpg", "jpeg"],
    ] as const) {
      const file = await variant(ctx, item, 451, ext);
      expect(file.statusCode).toBe(200);
      const out = await sharp(file.rawPayload).metadata();
      expect([out.format, out.width, out.height, out.exif]).toEqual([format, 451, 461, undefined]);
    }
    const blobs = await blobCount();
    const cut = await upload(client, id, heic.subarray(0, Math.floor(heic.length * 0.6)), "cut.heic");
    expect(cut.statusCode).toBe(400);
    expect(cut.json()).toMatchObject({ code: "media_unsupported" });
    expect(await blobCount()).toBe(blobs);
  });

  it("refuses a non-image, an SVG and a decompression bomb with 400, storing nothing", async () => {
    const { client, id } = await siteOfNewOwner();
    const blobs = await blobCount();
    const text = await upload(client, id, Buffer.from("<html>not a photo</html>"), "photo.jpg");
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ code: "media_unsupported" });

    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><script>alert(1)</script><rect width="800" height="600"/></svg>',
    );
    const svgRes = await upload(client, id, svg, "logo.png", "image/png");
    expect(svgRes.statusCode).toBe(400);
    expect(svgRes.json()).toMatchObject({ code: "media_unsupported" });

    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const started = Date.now();
    const bombRes = await upload(client, id, bomb, "bomb.png", "image/png");
    expect(bombRes.statusCode).toBe(400);
    expect(bombRes.json()).toMatchObject({ code: "media_too_many_pixels" });
    // Refused from the header, not after decoding 900 megapixels.
    expect(Date.now() - started).toBeLessThan(5_000);

    const truncated = (await plainPhoto(1200, 800)).subarray(0, 400);
    const cut = await upload(client, id, truncated, "cut.jpg");
    expect(cut.statusCode).toBe(400);

    const tooBig = await upload(client, id, Buffer.alloc(21 * 1024 * 1024, 1), "huge.jpg");
    expect(tooBig.statusCode).toBe(413);

    expect(await blobCount()).toBe(blobs);
    expect(((await client.get(`/api/websites/${id}/media`)).json() as TMediaList).items).toEqual([]);
  });

  it("enforces the plan's storage quota before storing anything", async () => {
    const { client, id } = await siteOfNewOwner();
    const first = (await upload(client, id, await plainPhoto(800, 600))).json() as TMediaItem;
    // The account has (as if) filled its 200 MB.
    await ctx.db.db
      .update(media)
      .set({ bytes: 200 * 1024 * 1024 - 1000 })
      .where(eq(media.id, first.id));
    const blobs = await blobCount();
    const res = await upload(client, id, await plainPhoto(800, 600, "png", { r: 10, g: 200, b: 10 }));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: "media_quota" });
    expect(await blobCount()).toBe(blobs);
  });

  it("keeps every photo to its owner on every route", async () => {
    const owner = await siteOfNewOwner();
    const other = await siteOfNewOwner();
    const item = (await upload(owner.client, owner.id, await plainPhoto(640, 480))).json() as TMediaItem;
    const base = `/api/websites/${owner.id}/media`;
    expect((await other.client.get(base)).statusCode).toBe(404);
    expect((await upload(other.client, owner.id, await plainPhoto(640, 480, "webp"))).statusCode).toBe(404);
    expect((await other.client.patch(`${base}/${item.id}`, { decorative: true })).statusCode).toBe(404);
    expect((await other.client.delete(`${base}/${item.id}?confirm=true`)).statusCode).toBe(404);
    // Through the other owner's own site id, the photo id is unknown too.
    const viaOwn = `/api/websites/${other.id}/media/${item.id}`;
    expect((await other.client.patch(viaOwn, { decorative: true })).statusCode).toBe(404);
    expect((await other.client.delete(`${viaOwn}?confirm=true`)).statusCode).toBe(404);
    // A variant is not served under another site's host.
    expect(
      (await siteRequest(ctx.app, other.slug, { url: `/_media/${item.hash}-480.webp` })).statusCode,
    ).toBe(404);
    // Signed out: 401.
    expect((await ctx.app.inject({ method: "GET", url: base })).statusCode).toBe(401);
    // An unpublished site's photos: only through the owner's preview on the site's host.
    const file = `/_media/${item.hash}-480.webp`;
    expect((await siteRequest(ctx.app, owner.slug, { url: file })).statusCode).toBe(200);
    await owner.client.patch(`/api/websites/${owner.id}`, { isPublished: false });
    expect((await siteRequest(ctx.app, owner.slug, { url: file })).statusCode).toBe(404);
    const cookie = await previewCookie(ctx.app, owner.client, owner);
    expect((await siteRequest(ctx.app, owner.slug, { url: file, headers: { cookie } })).statusCode).toBe(200);
    const still = (await owner.client.get(base)).json() as TMediaList;
    expect(still.items[0]).toMatchObject({ id: item.id, decorative: false });
  });

  it("asks before deleting a photo the site shows, then takes it out of the page and the draft", async () => {
    const { client, id, slug } = await siteOfNewOwner();
    const item = (await upload(client, id, await plainPhoto(1200, 800))).json() as TMediaItem;
    const draft = (await client.get(`/api/websites/${id}/draft`)).json() as {
      revision: number;
      content: TSiteContent;
    };
    const content = { ...draft.content, photos: { hero: { ...asPhoto(item), focus: { x: 30, y: 60 } } } };
    expect(
      (await client.put(`/api/websites/${id}/draft`, { revision: draft.revision, content })).statusCode,
    ).toBe(200);
    const published = await client.post(`/api/websites/${id}/publish`, { revision: draft.revision + 1 });
    expect(published.statusCode).toBe(200);
    const page = (await siteRequest(ctx.app, slug, { url: "/ja/" })).body;
    expect(page).toContain(`/_media/${item.hash}-960.avif`);

    // Alt text changes reach the published page.
    const patched = await client.patch(`/api/websites/${id}/media/${item.id}`, { alt: { ja: "店の外観" } });
    expect(patched.statusCode).toBe(200);
    expect((await siteRequest(ctx.app, slug, { url: "/ja/" })).body).toContain('alt="店の外観"');

    const refused = await client.delete(`/api/websites/${id}/media/${item.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "media_in_use" });
    expect((await variant(ctx, item, 480, "webp")).statusCode).toBe(200);

    expect((await client.delete(`/api/websites/${id}/media/${item.id}?confirm=true`)).statusCode).toBe(204);
    expect((await variant(ctx, item, 480, "webp")).statusCode).toBe(404);
    const after = (await client.get(`/api/websites/${id}/draft`)).json() as { content: TSiteContent };
    expect(after.content.photos?.hero).toBeUndefined();
    expect((await siteRequest(ctx.app, slug, { url: "/ja/" })).body).not.toContain(item.hash);
  });

  it("restoring a version whose photo was deleted takes the photo out and says so (no broken image)", async () => {
    const { client, id } = await siteOfNewOwner();
    const kept = (await upload(client, id, await plainPhoto(1000, 700))).json() as TMediaItem;
    const gone = (
      await upload(client, id, await plainPhoto(1000, 700, "jpeg", { r: 10, g: 120, b: 60 }))
    ).json() as TMediaItem;
    const draft = (await client.get(`/api/websites/${id}/draft`)).json() as {
      revision: number;
      content: TSiteContent;
    };
    const content = {
      ...draft.content,
      photos: { hero: asPhoto(gone), gallery: [asPhoto(kept), asPhoto(gone)] },
    };
    expect(
      (await client.put(`/api/websites/${id}/draft`, { revision: draft.revision, content })).statusCode,
    ).toBe(200);
    const published = await client.post(`/api/websites/${id}/publish`, { revision: draft.revision + 1 });
    expect(published.statusCode).toBe(200);
    const revisions = (await client.get(`/api/websites/${id}/revisions`)).json() as { revision: number }[];
    const withPhotos = Math.max(...revisions.map((r) => r.revision));
    expect((await client.delete(`/api/websites/${id}/media/${gone.id}?confirm=true`)).statusCode).toBe(204);

    const restored = await client.post(`/api/websites/${id}/revisions/${withPhotos}/restore`);
    expect(restored.statusCode).toBe(200);
    const body = restored.json() as { photosRemoved?: number; content: TSiteContent };
    expect(body.photosRemoved).toBe(1);
    expect(body.content.photos?.hero).toBeUndefined();
    expect(body.content.photos?.gallery?.map((p) => p.id)).toEqual([kept.id]);
    expect(JSON.stringify((await client.get(`/api/websites/${id}/draft`)).json())).not.toContain(gone.hash);
    // The revision itself is history and stays as it was: restoring it again says so again.
    const again = (await client.post(`/api/websites/${id}/revisions/${withPhotos}/restore`)).json() as {
      photosRemoved?: number;
    };
    expect(again.photosRemoved).toBe(1);
    // A version without deleted photos restores without a notice.
    const oldest = Math.min(...revisions.map((r) => r.revision));
    expect(oldest).toBeLessThan(withPhotos);
    const first = (await client.post(`/api/websites/${id}/revisions/${oldest}/restore`)).json() as {
      photosRemoved?: number;
    };
    expect(first.photosRemoved).toBeUndefined();
  });

  it("deletes a website's files with the website (database and MEDIA_DIR storage)", async () => {
    const { client, id } = await siteOfNewOwner();
    await upload(client, id, await plainPhoto(900, 600));
    const [row] = await ctx.db.db
      .select({ n: sql<number>`count(*)::int` })
      .from(mediaBlobs)
      .where(eq(mediaBlobs.websiteId, id));
    // The original and 480 and 900 px in three formats.
    expect(row?.n).toBe(7);
    expect((await client.delete(`/api/websites/${id}`)).statusCode).toBe(204);
    const [gone] = await ctx.db.db
      .select({ n: sql<number>`count(*)::int` })
      .from(mediaBlobs)
      .where(eq(mediaBlobs.websiteId, id));
    expect(gone?.n).toBe(0);

    const dirSite = await siteOfNewOwner(dirCtx);
    const item = (await upload(dirSite.client, dirSite.id, await plainPhoto(900, 600))).json() as TMediaItem;
    expect((await readdir(path.join(mediaDir, dirSite.id))).sort()).toContain(`${item.hash}-480.avif`);
    expect((await variant(dirCtx, item, 900, "jpg")).statusCode).toBe(200);
    expect(await blobCount(dirCtx)).toBe(0);
    expect((await dirSite.client.delete(`/api/websites/${dirSite.id}`)).statusCode).toBe(204);
    await expect(readdir(path.join(mediaDir, dirSite.id))).rejects.toThrow();

    // A deleted account's photos go when the account is purged (30 days later).
    const owner = await signedInClient(dirCtx.app);
    const made = await owner.client.post("/api/websites/generate", WAGASHI);
    const siteId = (made.json() as { id: string }).id;
    await upload(owner.client, siteId, await plainPhoto(700, 500));
    expect((await readdir(path.join(mediaDir, siteId))).length).toBe(7);
    expect((await owner.client.delete("/api/profile", { password: owner.password })).statusCode).toBeLessThan(
      300,
    );
    expect(await dirCtx.app.services.auth.purgeDeletedAccounts(new Date(Date.now() - 86_400_000))).toBe(0);
    expect((await readdir(path.join(mediaDir, siteId))).length).toBe(7);
    expect(await dirCtx.app.services.auth.purgeDeletedAccounts(new Date(Date.now() + 31 * 86_400_000))).toBe(
      1,
    );
    await expect(readdir(path.join(mediaDir, siteId))).rejects.toThrow();

    // A deleted workspace's photos go with it at once (database rows and MEDIA_DIR folders).
    const teamOwner = await signedInClient(dirCtx.app);
    const ws = await teamOwner.client.post("/api/team/workspaces", { name: "写真の店" });
    expect(ws.statusCode).toBe(201);
    const teamSite = await teamOwner.client.post("/api/websites/generate", WAGASHI);
    expect(teamSite.statusCode).toBe(201);
    const teamSiteId = (teamSite.json() as { id: string }).id;
    await upload(teamOwner.client, teamSiteId, await plainPhoto(700, 500));
    expect((await readdir(path.join(mediaDir, teamSiteId))).length).toBe(7);
    expect((await teamOwner.client.delete("/api/team", { name: "写真の店" })).statusCode).toBe(200);
    await expect(readdir(path.join(mediaDir, teamSiteId))).rejects.toThrow();
    expect(await dirCtx.db.rows(`select id from websites where id = '${teamSiteId}'`)).toEqual([]);
  });

  it("brings an imported site's pictures in through the same pipeline: variants, no GPS, placed on the page", async () => {
    const owner = await signedInClient(ctx.app);
    const res = await owner.client.post("/api/websites/import", { url: `${oldOrigin}/` });
    expect(res.statusCode).toBe(201);
    const site = res.json() as { id: string; slug: string };
    const list = (await owner.client.get(`/api/websites/${site.id}/media`)).json() as TMediaList;
    expect(list.items).toHaveLength(2);
    const front = list.items.find((i) => i.alt.ja === "店の外観");
    expect(front).toMatchObject({ width: 1200, height: 1800, contentType: "image/jpeg" });
    const page = (await siteRequest(ctx.app, site.slug, { url: "/ja/" })).body;
    // Both are on the page as <picture> (the portrait front photo in the gallery: too tall to lead).
    expect(page.match(/<picture/g)).toHaveLength(2);
    expect(page).toContain(`/_media/${front?.hash}-960.avif 960w`);
    expect(page).not.toContain("/_assets/");
    const variantRes = await siteRequest(ctx.app, site.slug, { url: `/_media/${front?.hash}-960.jpg` });
    expect(variantRes.statusCode).toBe(200);
    expect((await sharp(variantRes.rawPayload).metadata()).exif).toBeUndefined();
    expect(variantRes.rawPayload.includes(Buffer.from("TestPhone"))).toBe(false);
  });
});
