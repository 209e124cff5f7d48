/**
 * Writes a sample site for every template to /tmp/sitegen-preview/<template>/, serves the folder on
 * a local port and takes Chromium screenshots at 375 and 1440 px into /tmp/shots-sitegen/.
 * Run: npx tsx packages/sitegen/scripts/preview.ts [--no-shots] [--images] [template…]
 * --images gives every site three photos (drawn by Chromium, as an import would copy them) so the
 * hero image and the gallery can be judged; screenshots then end in -img.
 */
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, extname, join, normalize } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { BUSINESS_CATEGORIES } from "@shobai/shared";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../../scripts/chromium.ts";
import { composeSite, renderSite, type TSiteImage } from "../src/index.ts";
import { SAMPLES } from "./samples.ts";

const OUT = "/tmp/sitegen-preview";
const SHOTS = "/tmp/shots-sitegen";
const withImages = process.argv.includes("--images");
const suffix = withImages ? "-img" : "";
rmSync(OUT, { recursive: true, force: true });
mkdirSync(SHOTS, { recursive: true });

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: CHROMIUM_ARGS,
});

/** Photo stand-ins: soft gradients and shapes rendered to JPEG, at typical imported sizes. */
const PHOTOS: { name: string; width: number; height: number; alt: string; css: string }[] = [
  {
    name: "hero.jpg",
    width: 1200,
    height: 800,
    alt: "店内の様子",
    css: "radial-gradient(circle at 30% 40%,#f6d365 0 12%,transparent 40%),radial-gradient(circle at 75% 65%,#c0392b 0 10%,transparent 35%),linear-gradient(135deg,#5d4037,#d7a86e)",
  },
  {
    name: "dish.jpg",
    width: 800,
    height: 600,
    alt: "看板メニュー",
    css: "radial-gradient(circle at 50% 50%,#fff8e1 0 25%,#e6b15c 26% 34%,transparent 35%),linear-gradient(160deg,#3e2723,#8d6e63)",
  },
  {
    name: "street.jpg",
    width: 900,
    height: 1200,
    alt: "外観",
    css: "linear-gradient(180deg,#90caf9 0 45%,#607d8b 45% 48%,#37474f 48%),radial-gradient(circle at 50% 70%,#ffcc80 0 8%,transparent 9%)",
  },
];
const images: TSiteImage[] = [];
if (withImages) {
  mkdirSync(join(OUT, "_photos"), { recursive: true });
  for (const photo of PHOTOS) {
    const page = await browser.newPage({ viewport: { width: photo.width, height: photo.height } });
    await page.setContent(`<body style="margin:0;height:100vh;background:${photo.css}"></body>`);
    await page.screenshot({ path: join(OUT, "_photos", photo.name), type: "jpeg", quality: 80 });
    await page.close();
    images.push({ src: `_assets/${photo.name}`, alt: photo.alt, width: photo.width, height: photo.height });
  }
}

for (const category of BUSINESS_CATEGORIES) {
  const content = composeSite({ ...SAMPLES[category], businessType: category }, { images });
  const site = renderSite(content, { baseUrl: `/${category}`, formAction: `/${category}/ja/thanks/` });
  if (withImages) {
    mkdirSync(join(OUT, category, "_assets"), { recursive: true });
    for (const photo of PHOTOS) {
      writeFileSync(
        join(OUT, category, "_assets", photo.name),
        readFileSync(join(OUT, "_photos", photo.name)),
      );
    }
  }
  for (const page of site.pages) {
    const file = join(OUT, category, page.path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, page.html);
  }
  const home = site.pages.find((p) => p.path.endsWith("/index.html") && !p.path.includes("thanks"))!;
  console.log(
    `${category.padEnd(12)} ${home.path} ${Buffer.byteLength(home.html)} B, ${gzipSync(home.html).length} B gzip`,
  );
}

if (process.argv.includes("--no-shots")) {
  await browser.close();
  process.exit(0);
}

const server = createServer((req, res) => {
  let path = normalize(decodeURIComponent((req.url ?? "/").split("?")[0]!));
  if (path.endsWith("/")) path += "index.html";
  const file = join(OUT, path);
  try {
    if (!file.startsWith(OUT) || !statSync(file).isFile()) throw new Error("not found");
    const ext = extname(file);
    res.writeHead(200, {
      "content-type":
        ext === ".html" ? "text/html; charset=utf-8" : ext === ".jpg" ? "image/jpeg" : "text/plain",
    });
    res.end(readFileSync(file));
  } catch {
    res.writeHead(req.method === "POST" ? 303 : 404, { location: "/" });
    res.end();
  }
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const port = (server.address() as AddressInfo).port;

/** A full-page shot does not scroll, so lazy images would stay empty: load them all first. */
async function loadAllImages(page: import("@playwright/test").Page) {
  await page.evaluate(async () => {
    for (const img of Array.from(document.images)) img.loading = "eager";
    await Promise.all(Array.from(document.images).map((img) => img.decode().catch(() => undefined)));
  });
}

const only = process.argv.slice(2).filter((a) => !a.startsWith("--"));
try {
  for (const category of BUSINESS_CATEGORIES) {
    if (only.length > 0 && !only.includes(category)) continue;
    const lang = SAMPLES[category].languages[0];
    for (const [label, width, height] of [
      ["375", 375, 812],
      ["1440", 1440, 900],
    ] as const) {
      const page = await browser.newPage({ viewport: { width, height } });
      await page.goto(`http://127.0.0.1:${port}/${category}/${lang}/`);
      await loadAllImages(page);
      await page.screenshot({ path: join(SHOTS, `${category}-${label}${suffix}.png`), fullPage: true });
      // The first screen on its own, at full resolution, to judge the hero closely.
      await page.screenshot({ path: join(SHOTS, `${category}-${label}${suffix}-top.png`) });
      await page.close();
    }
    const second = SAMPLES[category].languages[1];
    if (second) {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      await page.goto(`http://127.0.0.1:${port}/${category}/${second}/`);
      await loadAllImages(page);
      await page.screenshot({ path: join(SHOTS, `${category}-${second}-1440${suffix}.png`), fullPage: true });
      await page.close();
    }
  }
} finally {
  await browser.close();
  server.close();
}
console.log(`screenshots in ${SHOTS}`);
