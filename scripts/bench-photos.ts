/// <reference lib="dom" />
// Photo figures for `npm run bench` (issue 19): upload-to-variants time of a 12-megapixel phone
// photo through the real pipeline (sharp: decode, orient, 3 widths × AVIF/WebP/JPEG), and, with
// Chromium, Lighthouse (mobile) on a photo-heavy published page of each template with the bytes of
// the largest one. Run alone: `npx tsx scripts/bench-photos.ts [--no-lighthouse] [--templates=a,b]`.

import { execFile } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import { promisify } from "node:util";
import sharp from "sharp";
import { buildApp } from "../apps/server/src/app";
import { openDatabase } from "../apps/server/src/db/client";
import { runMigrations } from "../apps/server/src/db/migrate";
import { processImage } from "../apps/server/src/features/media/process-image";
import { BUSINESS_CATEGORIES } from "../packages/shared/src/constants/categories";
import { SAMPLES } from "../packages/sitegen/scripts/samples";
import type { BenchRow } from "./bench-analytics";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium";

const run = promisify(execFile);
const LIGHTHOUSE = "lighthouse@12.8.2";
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

/**
 * A photo-like 4000×3000 JPEG (12 MP): smooth gradients with fine noise, so the encoders work as on
 * a real photo (a flat colour would encode in no time).
 */
export async function twelveMegapixelPhoto(seed = 1): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const raw = Buffer.alloc(width * height * 3);
  let state = seed * 2654435761;
  const noise = () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return (state >> 16) % 24;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      const dx = x / width - 0.6;
      const dy = y / height - 0.45;
      const disc = dx * dx + dy * dy < 0.06 ? 60 : 0;
      raw[at] = Math.min(255, 120 + (x * 90) / width + disc + noise());
      raw[at + 1] = Math.min(255, 60 + (y * 80) / height + disc / 2 + noise());
      raw[at + 2] = Math.min(255, 30 + ((x + y) * 40) / (width + height) + noise());
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 88 })
    .toBuffer();
}

export async function uploadFigures(rows: BenchRow[]): Promise<void> {
  const photo = await twelveMegapixelPhoto();
  await processImage(
    await sharp({ create: { width: 64, height: 64, channels: 3, background: "#888" } })
      .jpeg()
      .toBuffer(),
  );
  const times: number[] = [];
  let variantBytes = 0;
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    const processed = await processImage(photo);
    times.push(performance.now() - t0);
    variantBytes = processed.variants.reduce((sum, v) => sum + v.bytes.length, 0);
  }
  times.sort((a, b) => a - b);
  console.log(
    `(12 MP photo: ${(photo.length / 1048576).toFixed(1)} MB in, ${(variantBytes / 1024).toFixed(0)} KiB of variants out; runs ${times.map((t) => t.toFixed(0)).join(", ")} ms)`,
  );
  rows.push({
    name: "12 MP photo upload → 9 variants (median of 3)",
    value: times[1] ?? 0,
    unit: "ms",
    budget: 6000,
  });
}

async function lighthouse(
  url: string,
): Promise<{ scores: Record<string, number>; bytes: number; metrics: string }> {
  const { stdout } = await run(
    "npx",
    [
      "-y",
      LIGHTHOUSE,
      url,
      "--quiet",
      "--output=json",
      "--output-path=stdout",
      `--only-categories=${CATEGORIES.join(",")}`,
      `--chrome-flags=--headless ${CHROMIUM_ARGS.join(" ")}`,
    ],
    { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, maxBuffer: 64 * 1024 * 1024, timeout: 180_000 },
  );
  const report = JSON.parse(stdout) as {
    categories: Record<string, { score: number | null }>;
    audits: Record<string, { numericValue?: number }>;
  };
  return {
    scores: Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round((report.categories[c]?.score ?? 0) * 100)]),
    ),
    bytes: report.audits["total-byte-weight"]?.numericValue ?? 0,
    metrics: [
      "first-contentful-paint",
      "largest-contentful-paint",
      "cumulative-layout-shift",
      "total-blocking-time",
    ]
      .map((a) => `${a} ${(report.audits[a]?.numericValue ?? 0).toFixed(a.includes("shift") ? 3 : 0)}`)
      .join(", "),
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** A published site per template with a hero, an about photo, three item photos and a gallery of four. */
export async function photoPageFigures(
  rows: BenchRow[],
  templates = BUSINESS_CATEGORIES as readonly string[],
) {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    console.log("(photo page figures skipped: no Chromium)");
    return;
  }
  const database = await openDatabase({ kind: "pglite", dir: null });
  await runMigrations(database);
  // The pages link their photos absolutely on the site's canonical origin, which names the app's
  // port: the app must know the port it listens on.
  const port = await freePort();
  const app = await buildApp({
    database,
    authSecret: "p".repeat(40),
    webDistDir: null,
    port,
    authRateLimit: { max: 100_000, windowSeconds: 60 },
  });
  await app.listen({ port, host: "127.0.0.1" });
  const base = `http://127.0.0.1:${port}`;
  try {
    const reg = await fetch(`${base}/api/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "photos@example.jp", password: "bench-password-photos", firstName: "P" }),
    });
    const cookie = (reg.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const photos = await Promise.all(
      [0, 1, 2, 3, 4, 5].map(async (n) =>
        sharp(await twelveMegapixelPhoto(n + 2))
          .resize({ width: 2400 })
          .jpeg({ quality: 85 })
          .toBuffer(),
      ),
    );
    const lowest = Object.fromEntries(CATEGORIES.map((c) => [c, { score: 100, label: "" }]));
    let largest = { bytes: 0, label: "" };
    for (const category of templates) {
      await database.db.execute("update users set plan = 'white_label'");
      const res = await fetch(`${base}/api/websites/generate`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify({
          ...SAMPLES[category as keyof typeof SAMPLES],
          businessType: category,
          languages: ["ja"],
        }),
      });
      if (res.status !== 201) throw new Error(`generate ${category}: HTTP ${res.status}`);
      const site = (await res.json()) as { id: string; slug: string };
      const items = [];
      for (const [i, bytes] of photos.entries()) {
        const up = await fetch(`${base}/api/websites/${site.id}/media?name=photo-${i}.jpg`, {
          method: "POST",
          headers: { cookie, "content-type": "application/octet-stream" },
          body: bytes,
        });
        if (up.status !== 201) throw new Error(`upload: HTTP ${up.status} ${await up.text()}`);
        const item = (await up.json()) as Record<string, unknown>;
        items.push({
          id: item.id,
          hash: item.hash,
          width: item.width,
          height: item.height,
          widths: item.widths,
          alt: { ja: `写真${i + 1}` },
          decorative: false,
        });
      }
      const draft = (await (
        await fetch(`${base}/api/websites/${site.id}/draft`, { headers: { cookie } })
      ).json()) as {
        revision: number;
        content: Record<string, unknown>;
      };
      // The owner's logo, testimonials and the form's phone field too (issue 18, 30): all on one page.
      const texts = draft.content.content as Record<string, Record<string, unknown>>;
      const content = {
        ...draft.content,
        photos: {
          logo: items[5],
          hero: items[0],
          about: items[1],
          items: [items[2], items[3], items[4]],
          gallery: items.slice(2, 6),
        },
        contactForm: { phone: true, required: "either" },
        content: {
          ...texts,
          ja: {
            ...texts.ja,
            testimonials: {
              title: "お客様の声",
              items: [
                {
                  quote: "季節ごとの品がいつも楽しみで、毎月うかがっています。",
                  name: "山田様",
                  detail: "常連のお客様",
                },
                { quote: "丁寧に相談にのっていただきました。", name: "佐藤様", detail: "" },
                {
                  quote: "友人への贈り物に選びました。とても喜ばれました。",
                  name: "鈴木様",
                  detail: "京都市",
                },
              ],
            },
          },
        },
        sections: [
          ...(
            [
              "offerings",
              "about",
              "gallery",
              "highlights",
              "faq",
              "access",
              "testimonials",
              "contact",
            ] as const
          ).map((id) => ({ id, hidden: false })),
        ],
      };
      const saved = await fetch(`${base}/api/websites/${site.id}/draft`, {
        method: "PUT",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify({ revision: draft.revision, content }),
      });
      if (saved.status !== 200) throw new Error(`draft: HTTP ${saved.status} ${await saved.text()}`);
      await fetch(`${base}/api/websites/${site.id}/publish`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify({ revision: draft.revision + 1 }),
      });
      const { scores, bytes, metrics } = await lighthouse(`http://${site.slug}.localhost:${port}/ja/`);
      console.log(
        `(Lighthouse photo page ${category}: ${CATEGORIES.map((c) => `${c} ${scores[c]}`).join(", ")}; ${(bytes / 1024).toFixed(0)} KiB transferred; ${metrics})`,
      );
      for (const c of CATEGORIES) {
        const entry = lowest[c];
        if (entry && (scores[c] ?? 0) < entry.score) lowest[c] = { score: scores[c] ?? 0, label: category };
      }
      if (bytes > largest.bytes) largest = { bytes, label: category };
      await fetch(`${base}/api/websites/${site.id}`, { method: "DELETE", headers: { cookie } });
    }
    for (const c of CATEGORIES) {
      const entry = lowest[c] ?? { score: 0, label: "" };
      rows.push({
        name: `Lighthouse photo page ${c} (min, ${entry.label || "all"})`,
        value: entry.score,
        unit: "pts",
        budget: 95,
        higherIsBetter: true,
      });
    }
    rows.push({
      name: `largest photo page, mobile transfer (${largest.label})`,
      value: largest.bytes / 1024,
      unit: "KiB",
      budget: 500,
    });
  } finally {
    await app.close();
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows: BenchRow[] = [];
  await uploadFigures(rows);
  if (!process.argv.includes("--no-lighthouse")) {
    const only = process.argv.find((a) => a.startsWith("--templates="))?.slice("--templates=".length);
    await photoPageFigures(rows, only ? only.split(",") : BUSINESS_CATEGORIES);
  }
  for (const r of rows)
    console.log(`${r.name.padEnd(56)}${r.value.toFixed(1).padStart(9)} ${r.unit}  (budget ${r.budget})`);
}
