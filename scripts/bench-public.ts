// The public site as a first-time visitor on a phone gets it: the landing page's JavaScript, and
// Lighthouse (mobile) on the prerendered public pages. Used by scripts/bench.ts.

import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";

import type { BenchRow } from "./bench-analytics";
import { CHROMIUM_ARGS } from "./chromium";

/**
 * JavaScript a new visitor's phone fetches for the landing page until it has loaded (plus a
 * moment for hydration), gzipped. Chunks fetched later (the lower sections once scrolled to, other
 * screens' texts when the page is idle) are not part of the first load.
 */
export async function landingScriptWeight(
  base: string,
  chromiumPath: string,
  rows: BenchRow[],
): Promise<void> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, locale: "ja-JP" });
    const page = await context.newPage();
    let settled = false;
    const pending: Promise<number>[] = [];
    page.on("response", (response) => {
      if (settled || !response.url().endsWith(".js")) return;
      pending.push(
        response.body().then(
          (body) => gzipSync(body).length,
          () => 0,
        ),
      );
    });
    await page.goto(`${base}/`, { waitUntil: "load" });
    await page.waitForTimeout(300);
    settled = true;
    const sizes = await Promise.all(pending);
    rows.push({
      name: "landing initial JS (gzip)",
      value: sizes.reduce((sum, size) => sum + size, 0) / 1024,
      unit: "KiB",
      budget: 120,
    });
    await context.close();
  } finally {
    await browser.close();
  }
}

export const PUBLIC_BENCH_PAGES = ["/", "/pricing", "/features", "/faq", "/terms"] as const;
