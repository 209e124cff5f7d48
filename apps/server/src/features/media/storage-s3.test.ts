import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { plainPhoto } from "../../testing/photos";
import { createTestApp, signedInClient } from "../../testing/test-app";
import { s3Storage } from "./storage";

/**
 * A small S3-compatible peer on 127.0.0.1 (path-style PutObject, GetObject, ListObjectsV2 and
 * DeleteObjects, as MinIO answers them): objects in memory, every request must be SigV4-signed
 * with our key.
 */
const objects = new Map<string, { body: Buffer; type: string }>();
const seen: string[] = [];
let server: http.Server;
let endpoint = "";

const xml = (res: http.ServerResponse, status: number, body: string) =>
  res
    .writeHead(status, { "content-type": "application/xml" })
    .end(`<?xml version="1.0" encoding="UTF-8"?>${body}`);

beforeAll(async () => {
  server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? "/", "http://x");
    const [, bucket, ...rest] = url.pathname.split("/");
    const key = decodeURIComponent(rest.join("/"));
    seen.push(`${req.method} ${url.pathname}${url.search}`);
    if (!String(req.headers.authorization).startsWith("AWS4-HMAC-SHA256 Credential=test-key/"))
      return xml(res, 403, "<Error><Code>AccessDenied</Code></Error>");
    if (bucket !== "photos") return xml(res, 404, "<Error><Code>NoSuchBucket</Code></Error>");
    if (req.method === "PUT" && key) {
      objects.set(key, { body, type: String(req.headers["content-type"] ?? "") });
      return res.writeHead(200, { etag: '"x"' }).end();
    }
    if (req.method === "GET" && key) {
      const object = objects.get(key);
      if (!object) return xml(res, 404, "<Error><Code>NoSuchKey</Code><Message>none</Message></Error>");
      return res
        .writeHead(200, { "content-type": object.type, "content-length": object.body.length })
        .end(object.body);
    }
    if (req.method === "GET" && url.searchParams.get("list-type") === "2") {
      const prefix = url.searchParams.get("prefix") ?? "";
      const keys = [...objects.keys()].filter((k) => k.startsWith(prefix));
      return xml(
        res,
        200,
        `<ListBucketResult><Name>photos</Name><Prefix>${prefix}</Prefix><KeyCount>${keys.length}</KeyCount><IsTruncated>false</IsTruncated>${keys.map((k) => `<Contents><Key>${k}</Key></Contents>`).join("")}</ListBucketResult>`,
      );
    }
    if (req.method === "POST" && url.searchParams.has("delete")) {
      for (const match of body.toString().matchAll(/<Key>([^<]+)<\/Key>/g)) objects.delete(match[1] ?? "");
      return xml(res, 200, "<DeleteResult></DeleteResult>");
    }
    return xml(res, 400, "<Error><Code>NotImplemented</Code></Error>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("S3-compatible media storage", () => {
  it("puts, gets, deletes files and every file of a website, signed with the configured key", async () => {
    const storage = s3Storage({
      endpoint,
      bucket: "photos",
      accessKeyId: "test-key",
      secretAccessKey: "test-secret",
      region: "ap-northeast-1",
    });
    const site = "0b9f3c1e-aaaa-4bbb-8ccc-123456789abc";
    await storage.put(site, "abc-480.avif", Buffer.from("avif bytes"), "image/avif");
    await storage.put(site, "abc-480.webp", Buffer.from("webp bytes"), "image/webp");
    await storage.put("other-site", "abc-480.webp", Buffer.from("other"), "image/webp");
    expect(objects.get(`${site}/abc-480.avif`)?.type).toBe("image/avif");

    const got = await storage.get(site, "abc-480.webp");
    expect(got?.bytes.toString()).toBe("webp bytes");
    expect(got?.contentType).toBe("image/webp");
    expect(await storage.get(site, "missing-480.webp")).toBeNull();

    await storage.remove(site, ["abc-480.avif"]);
    expect(objects.has(`${site}/abc-480.avif`)).toBe(false);
    await storage.removeSite(site);
    expect([...objects.keys()]).toEqual(["other-site/abc-480.webp"]);
    expect(seen.some((s) => s.startsWith("GET /photos?list-type=2") || s.includes("list-type=2"))).toBe(true);
    await expect(storage.put("../etc", "passwd", Buffer.from("x"), "text/plain")).rejects.toThrow();
  });

  it("keeps an app's uploads there when S3 is configured", async () => {
    const ctx = await createTestApp({
      media: {
        s3: {
          endpoint,
          bucket: "photos",
          accessKeyId: "test-key",
          secretAccessKey: "s",
          region: "us-east-1",
        },
      },
    });
    try {
      const owner = await signedInClient(ctx.app);
      const site = (
        await owner.client.post("/api/websites/generate", {
          businessDescription: "「Blue」は渋谷のカフェです。",
        })
      ).json() as { id: string };
      const res = await owner.client.request({
        method: "POST",
        url: `/api/websites/${site.id}/media?name=cafe.jpg`,
        headers: { "content-type": "image/jpeg" },
        payload: await plainPhoto(1000, 700),
      });
      expect(res.statusCode).toBe(201);
      const { hash } = res.json() as { hash: string };
      expect([...objects.keys()].filter((k) => k.startsWith(`${site.id}/`)).sort()).toEqual(
        [
          `${hash}-1000.avif`,
          `${hash}-1000.jpg`,
          `${hash}-1000.webp`,
          `${hash}-480.avif`,
          `${hash}-480.jpg`,
          `${hash}-480.webp`,
          `${hash}-960.avif`,
          `${hash}-960.jpg`,
          `${hash}-960.webp`,
          `${hash}.orig`,
        ].map((f) => `${site.id}/${f}`),
      );
      const served = await ctx.app.inject({ method: "GET", url: `/media/${site.id}/${hash}-960.webp` });
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe("image/webp");
      expect((await owner.client.delete(`/api/websites/${site.id}`)).statusCode).toBe(204);
      expect([...objects.keys()].some((k) => k.startsWith(`${site.id}/`))).toBe(false);
    } finally {
      await ctx.close();
    }
  });
});
