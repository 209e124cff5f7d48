/// <reference lib="dom" />
// Site editor figures for `npm run bench` (issue 18): the JavaScript the editor route adds, the time
// from opening the editor to an editable preview, and keystroke-to-preview latency, in Chromium
// against the real app (built SPA + API, PGlite). Run alone: `npx tsx scripts/bench-editor.ts`
// (after `npm run build`).

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { buildApp } from "../apps/server/src/app";
import { openDatabase } from "../apps/server/src/db/client";
import { runMigrations } from "../apps/server/src/db/migrate";
import type { BenchRow } from "./bench-analytics";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = path.join(root, "apps/web/dist");
const OPENS = 5;
const KEYSTROKES = 60;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export async function editorFigures(rows: BenchRow[]): Promise<void> {
  if (!fs.existsSync(path.join(dist, "index.html")) || !fs.existsSync(CHROMIUM_PATH)) {
    console.log("(editor figures skipped: web app not built or no Chromium)");
    return;
  }
  const database = await openDatabase({ kind: "pglite", dir: null });
  await runMigrations(database);
  const app = await buildApp({
    database,
    authSecret: "e".repeat(40),
    webDistDir: dist,
    authRateLimit: { max: 100_000, windowSeconds: 60 },
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const base = `http://localhost:${port}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "ja-JP" });
    const page = await context.newPage();
    const json = { "content-type": "application/json" };
    const reg = await page.request.post(`${base}/api/auth/register`, {
      headers: json,
      data: { email: "editor-bench@example.jp", password: "bench-password", firstName: "B" },
    });
    if (reg.status() !== 201) throw new Error(`register: HTTP ${reg.status()}`);
    const generated = await page.request.post(`${base}/api/websites/generate`, {
      headers: json,
      data: {
        businessDescription:
          "「京菓子 つるや」は京都市上京区の和菓子店です。上生菓子 450円、わらび餅 600円、どら焼き 280円。営業は9時〜18時、水曜定休。",
        languages: ["ja", "en", "pl", "ro", "ms", "id"],
      },
    });
    if (generated.status() !== 201) throw new Error(`generate: HTTP ${generated.status()}`);
    const { id } = (await generated.json()) as { id: string };

    // The editor route's own JavaScript: what moving from the websites list to the editor fetches.
    await page.goto(`${base}/websites`, { waitUntil: "networkidle" });
    await page.getByTestId("cookie-accept-all").click();
    const sizes: Promise<number>[] = [];
    const onResponse = (response: import("@playwright/test").Response) => {
      if (response.url().endsWith(".js"))
        sizes.push(
          response.body().then(
            (b) => gzipSync(b).length,
            () => 0,
          ),
        );
    };
    page.on("response", onResponse);
    await page
      .locator(`[data-testid="website-card"][data-website-id="${id}"]`)
      .getByTestId("website-edit")
      .click();
    const frame = page.frameLocator('[data-testid="editor-preview"]');
    await frame.locator(".hero h1[contenteditable]").waitFor();
    page.off("response", onResponse);
    const routeJs = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
    rows.push({ name: "editor route JS (gzip)", value: routeJs / 1024, unit: "KiB", budget: 200 });

    // Opening the editor (a fresh load of its URL, scripts cached as for a returning owner) until
    // its preview can be typed into.
    const opens: number[] = [];
    for (let i = 0; i < OPENS; i++) {
      const t0 = performance.now();
      await page.goto(`${base}/websites/${id}/edit`);
      await frame.locator(".hero h1[contenteditable]").waitFor();
      opens.push(performance.now() - t0);
    }
    opens.sort((a, b) => a - b);
    rows.push({
      name: "editor open to editable p50",
      value: percentile(opens, 50),
      unit: "ms",
      budget: 1500,
    });

    // Keystroke to preview: one character typed in the headline field until the preview shows it.
    const latencies = await page.evaluate(async (count) => {
      const input = document.querySelector<HTMLInputElement>('[data-testid="editor-headline"]');
      const iframe = document.querySelector<HTMLIFrameElement>('[data-testid="editor-preview"]');
      const h1 = iframe?.contentDocument?.querySelector(".hero h1");
      if (!input || !h1 || !iframe?.contentDocument) throw new Error("editor not ready");
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
      const times: number[] = [];
      let text = input.value.slice(0, 60);
      for (let i = 0; i < count; i++) {
        text = `${text.slice(0, 100)}${"あいうえお"[i % 5]}`;
        const shown = new Promise<number>((resolve) => {
          const doc = iframe.contentDocument as Document;
          const observer = new MutationObserver(() => {
            if (doc.querySelector(".hero h1")?.textContent === text) {
              observer.disconnect();
              resolve(performance.now());
            }
          });
          observer.observe(doc.documentElement, { subtree: true, childList: true, characterData: true });
        });
        const t0 = performance.now();
        setValue?.call(input, text);
        input.dispatchEvent(new Event("input", { bubbles: true }));
        times.push((await shown) - t0);
        await new Promise((r) => setTimeout(r, 20));
      }
      return times;
    }, KEYSTROKES);
    latencies.sort((a, b) => a - b);
    rows.push({
      name: "editor keystroke to preview p50",
      value: percentile(latencies, 50),
      unit: "ms",
      budget: 50,
    });
    rows.push({
      name: "editor keystroke to preview p95",
      value: percentile(latencies, 95),
      unit: "ms",
      budget: 50,
    });
    await context.close();
  } finally {
    await browser.close();
    await app.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const rows: BenchRow[] = [];
  await editorFigures(rows);
  for (const r of rows)
    console.log(`${r.name.padEnd(36)}${r.value.toFixed(1).padStart(8)} ${r.unit} (budget ${r.budget})`);
}
