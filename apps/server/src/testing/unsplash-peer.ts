import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";

/**
 * A local server on 127.0.0.1 that speaks the part of the Unsplash API the product uses, written
 * from unsplash.com/documentation (decision 0053): `GET /search/photos` (query, page, per_page ≤ 30,
 * total / total_pages / results), `GET /photos/:id`, `GET /photos/:id/download` (download
 * tracking: answers `{ url }` and counts), `Client-ID` authorisation, `X-Ratelimit-Limit` /
 * `X-Ratelimit-Remaining` on every answer and 403 "Rate Limit Exceeded" once used up, and
 * `{ "errors": [...] }` bodies. It also plays images.unsplash.com: `/images/{id}` answers a real
 * JPEG of the photo's colour at the asked width (`w`), so pages and the editor show something.
 */

export type PeerPhoto = {
  id: string;
  width: number;
  height: number;
  color: string;
  description: string;
  tags: string[];
  user: { name: string; username: string };
};

export type UnsplashPeerOptions = {
  accessKey: string;
  /** Requests allowed before 403 "Rate Limit Exceeded" (Unsplash: 50 an hour in demo mode). */
  rateLimit?: number;
  photos?: PeerPhoto[];
  port?: number;
};

export type UnsplashPeerRequest = { method: string; path: string; query: Record<string, string> };

const COLOURS = ["#c9a27e", "#6e8b74", "#a3573a", "#d8c3a5", "#4f6d7a", "#e0b15a", "#8c6a5d", "#b5c99a"];

/** A catalogue of photos for the trades the tests use (bakery, wagashi, ramen, salon…). */
export function defaultPeerPhotos(): PeerPhoto[] {
  const subjects: [string, string[], string][] = [
    ["fresh bread on a wooden counter", ["bakery", "bread", "パン"], "Aiko Tanaka"],
    ["croissants in a bakery window", ["bakery", "croissant", "パン"], "Marc Dubois"],
    ["baker kneading dough", ["bakery", "baker", "パン"], "Ken Sato"],
    ["japanese sweets on a plate", ["wagashi", "sweets", "和菓子", "food", "料理"], "Yuki Mori"],
    ["matcha and mochi", ["wagashi", "matcha", "和菓子"], "Hana Ito"],
    ["bowl of ramen", ["ramen", "noodles", "ラーメン", "food", "料理"], "Taro Suzuki"],
    ["hair salon chairs", ["salon", "hair", "美容室"], "Emma Novak"],
    ["cafe latte art", ["cafe", "coffee", "カフェ"], "Lina Park"],
  ];
  const photos: PeerPhoto[] = [];
  // Enough bakery photos for several pages of 12.
  for (let i = 0; i < 30; i++) {
    const [description, tags, name] = subjects[i % 3] as [string, string[], string];
    photos.push({
      id: `bake${String(i).padStart(3, "0")}`,
      width: 4000,
      height: 2667,
      color: COLOURS[i % COLOURS.length] as string,
      description: `${description} ${i + 1}`,
      tags,
      user: { name, username: name.toLowerCase().replace(/\s+/g, "") },
    });
  }
  for (const [i, [description, tags, name]] of subjects.slice(3).entries()) {
    photos.push({
      id: `misc${String(i).padStart(3, "0")}`,
      width: 3000,
      height: 2000,
      color: COLOURS[(i + 3) % COLOURS.length] as string,
      description,
      tags,
      user: { name, username: name.toLowerCase().replace(/\s+/g, "") },
    });
  }
  return photos;
}

export async function startUnsplashPeer(options: UnsplashPeerOptions) {
  const photos = options.photos ?? defaultPeerPhotos();
  const requests: UnsplashPeerRequest[] = [];
  const downloads = new Map<string, number>();
  let limit = options.rateLimit ?? 50;
  let used = 0;
  let failNext: { status: number; body: string } | null = null;
  const images = new Map<string, Buffer>();
  let origin = "";

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, {
      "content-type": "application/json",
      "x-ratelimit-limit": String(limit),
      "x-ratelimit-remaining": String(Math.max(0, limit - used)),
    });
    res.end(JSON.stringify(body));
  };

  const toApi = (p: PeerPhoto) => {
    const raw = `${origin}/images/${p.id}?ixid=peer-${p.id}&ixlib=rb-4.0.3`;
    return {
      id: p.id,
      created_at: "2024-04-01T09:00:00Z",
      width: p.width,
      height: p.height,
      color: p.color,
      blur_hash: "L~I64nofRjof%MQZWBS$Mxnhx]t6",
      description: p.description,
      alt_description: p.description,
      likes: 12,
      urls: {
        raw,
        full: `${raw}&q=85&fm=jpg`,
        regular: `${raw}&w=1080&q=80`,
        small: `${raw}&w=400&q=80`,
        thumb: `${raw}&w=200&q=80`,
      },
      links: {
        self: `${origin}/photos/${p.id}`,
        html: `https://unsplash.com/photos/${p.id}`,
        download: `https://unsplash.com/photos/${p.id}/download`,
        download_location: `${origin}/photos/${p.id}/download?ixid=peer-${p.id}`,
      },
      user: {
        id: `u-${p.user.username}`,
        username: p.user.username,
        name: p.user.name,
        links: { html: `https://unsplash.com/@${p.user.username}` },
      },
    };
  };

  async function image(p: PeerPhoto, width: number): Promise<Buffer> {
    const w = Math.max(16, Math.min(2000, width));
    const key = `${p.id}-${w}`;
    let bytes = images.get(key);
    if (!bytes) {
      bytes = await sharp({
        create: {
          width: w,
          height: Math.round((w * p.height) / p.width),
          channels: 3,
          background: p.color,
        },
      })
        .jpeg({ quality: 70 })
        .toBuffer();
      images.set(key, bytes);
    }
    return bytes;
  }

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const query = Object.fromEntries(url.searchParams);
      requests.push({ method: req.method ?? "GET", path: url.pathname, query });
      // images.unsplash.com: no key, no rate limit.
      const img = /^\/images\/([\w-]+)$/.exec(url.pathname);
      if (img) {
        const photo = photos.find((p) => p.id === img[1]);
        if (!photo) return res.writeHead(404).end();
        const bytes = await image(photo, Number(query.w ?? 1080) || 1080);
        res.writeHead(200, {
          "content-type": "image/jpeg",
          "cache-control": "public, max-age=31536000",
          "access-control-allow-origin": "*",
          "cross-origin-resource-policy": "cross-origin",
        });
        return res.end(bytes);
      }
      const auth = req.headers.authorization ?? "";
      const key = auth.startsWith("Client-ID ") ? auth.slice(10) : (query.client_id ?? "");
      if (key !== options.accessKey)
        return json(res, 401, { errors: ["OAuth error: The access token is invalid"] });
      if (used >= limit) {
        res.writeHead(403, {
          "content-type": "text/plain",
          "x-ratelimit-limit": String(limit),
          "x-ratelimit-remaining": "0",
        });
        return res.end("Rate Limit Exceeded");
      }
      used++;
      if (failNext) {
        const { status, body } = failNext;
        failNext = null;
        return json(res, status, { errors: [body] });
      }
      if (url.pathname === "/search/photos") {
        const q = (query.query ?? "").trim().toLowerCase();
        if (!q) return json(res, 400, { errors: ["query is missing"] });
        const page = Math.max(1, Number(query.page ?? 1) || 1);
        const perPage = Math.min(30, Math.max(1, Number(query.per_page ?? 10) || 10));
        const words = q.split(/\s+/);
        const found = photos.filter((p) =>
          words.every((w) => p.tags.some((t) => t.toLowerCase() === w) || p.description.includes(w)),
        );
        return json(res, 200, {
          total: found.length,
          total_pages: Math.ceil(found.length / perPage),
          results: found.slice((page - 1) * perPage, page * perPage).map(toApi),
        });
      }
      const download = /^\/photos\/([\w-]+)\/download$/.exec(url.pathname);
      if (download) {
        const photo = photos.find((p) => p.id === download[1]);
        if (!photo) return json(res, 404, { errors: ["Couldn't find Photo"] });
        downloads.set(photo.id, (downloads.get(photo.id) ?? 0) + 1);
        return json(res, 200, { url: `${origin}/images/${photo.id}?ixid=peer-${photo.id}&fm=jpg` });
      }
      const one = /^\/photos\/([\w-]+)$/.exec(url.pathname);
      if (one) {
        const photo = photos.find((p) => p.id === one[1]);
        if (!photo) return json(res, 404, { errors: ["Couldn't find Photo"] });
        return json(res, 200, toApi(photo));
      }
      return json(res, 404, { errors: ["Not found"] });
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    requests,
    /** How many times each photo's download location was requested. */
    downloads: (id: string) => downloads.get(id) ?? 0,
    /** Requests left before 403 "Rate Limit Exceeded". */
    setRemaining(remaining: number) {
      limit = used + remaining;
    },
    failNext(status: number, message: string) {
      failNext = { status, body: message };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type UnsplashPeer = Awaited<ReturnType<typeof startUnsplashPeer>>;
