/**
 * Draws the app's icons from public/favicon.svg in Chromium (the logo's 商 needs a Japanese font):
 * favicon.ico (16, 32 and 48 px) and apple-touch-icon.png (180 px, square and opaque: iOS rounds
 * the corners itself). Run after changing the logo: `npx tsx scripts/make-icons.ts`.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium";

const publicDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "apps", "web", "public");
const svg = fs.readFileSync(path.join(publicDir, "favicon.svg"), "utf8");

/**
 * An ICO file whose images are PNGs (every browser since 2007 reads them): a 6-byte header, a
 * 16-byte entry per image, then the images. No library needed for a container this small.
 */
export function icoOf(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, png }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt8(0, 2);
    entry.writeUInt8(0, 3);
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((i) => i.png)]);
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage();
  const draw = async (size: number, square: boolean) => {
    const art = square ? svg.replace(/ rx="\d+"/, "") : svg;
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${art.replace("<svg ", `<svg width="${size}" height="${size}" `)}</body></html>`,
    );
    return page.locator("svg").screenshot({ omitBackground: !square });
  };
  const images: { size: number; png: Buffer }[] = [];
  for (const size of [16, 32, 48]) images.push({ size, png: await draw(size, false) });
  const ico = icoOf(images);
  fs.writeFileSync(path.join(publicDir, "favicon.ico"), ico);
  fs.writeFileSync(path.join(publicDir, "apple-touch-icon.png"), await draw(180, true));
} finally {
  await browser.close();
}
