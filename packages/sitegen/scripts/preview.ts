/**
 * Writes a sample site for every template to /tmp/sitegen-preview/<template>/, serves the folder on
 * a local port and takes Chromium screenshots at 375 and 1440 px into /tmp/shots-sitegen/.
 * Run: npx tsx packages/sitegen/scripts/preview.ts [--no-shots]
 */
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, extname, join, normalize } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { BUSINESS_CATEGORIES } from "@shobai/shared";
import { generateSite } from "../src/index.ts";
import { SAMPLES } from "./samples.ts";

const OUT = "/tmp/sitegen-preview";
const SHOTS = "/tmp/shots-sitegen";
rmSync(OUT, { recursive: true, force: true });
mkdirSync(SHOTS, { recursive: true });

for (const category of BUSINESS_CATEGORIES) {
  const { site } = generateSite(
    { ...SAMPLES[category], businessType: category },
    { baseUrl: `/${category}`, formAction: `/${category}/ja/thanks/` },
  );
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

if (process.argv.includes("--no-shots")) process.exit(0);

const server = createServer((req, res) => {
  let path = normalize(decodeURIComponent((req.url ?? "/").split("?")[0]!));
  if (path.endsWith("/")) path += "index.html";
  const file = join(OUT, path);
  try {
    if (!file.startsWith(OUT) || !statSync(file).isFile()) throw new Error("not found");
    res.writeHead(200, {
      "content-type": extname(file) === ".html" ? "text/html; charset=utf-8" : "text/plain",
    });
    res.end(readFileSync(file));
  } catch {
    res.writeHead(req.method === "POST" ? 303 : 404, { location: "/" });
    res.end();
  }
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const port = (server.address() as AddressInfo).port;

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  headless: true,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
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
      await page.screenshot({ path: join(SHOTS, `${category}-${label}.png`), fullPage: true });
      // The first screen on its own, at full resolution, to judge the hero closely.
      await page.screenshot({ path: join(SHOTS, `${category}-${label}-top.png`) });
      await page.close();
    }
    const second = SAMPLES[category].languages[1];
    if (second) {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      await page.goto(`http://127.0.0.1:${port}/${category}/${second}/`);
      await page.screenshot({ path: join(SHOTS, `${category}-${second}-1440.png`), fullPage: true });
      await page.close();
    }
  }
} finally {
  await browser.close();
  server.close();
}
console.log(`screenshots in ${SHOTS}`);
