import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import vnuJar from "vnu-jar";
import { expect, test } from "./fixtures";

const LANGUAGES = ["ja", "en", "pl", "ro", "ms", "id"];
const PUBLIC_PAGES = [
  "/",
  "/pricing",
  "/features",
  "/about",
  "/faq",
  "/contact",
  "/help",
  "/case-studies",
  "/tutorials",
  "/sitemap",
  "/terms",
  "/privacy",
  "/security",
  "/cookies",
  "/commercial-law",
];

type VnuMessage = { type: string; subType?: string; url: string; lastLine?: number; message: string };

/**
 * The prerendered public pages as the server sends them (its origin filled in), through the Nu Html
 * Checker (the W3C validator, run locally with Java): every page in every language with the cookie
 * banner (a first visit), 'Page Not Found', and the Japanese pages without the banner. One JVM for
 * all of them keeps it to seconds.
 */
test("the prerendered public pages pass the Nu Html Checker with no errors", async ({ request }) => {
  test.setTimeout(120_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shobai-vnu-"));
  try {
    const documents: { url: string; headers?: Record<string, string> }[] = [
      ...LANGUAGES.flatMap((language) =>
        [...PUBLIC_PAGES, "/no-such-page"].map((page) => ({ url: `${page}?lang=${language}` })),
      ),
      ...PUBLIC_PAGES.map((page) => ({ url: page, headers: { cookie: "cookie_consent=000" } })),
    ];
    const files: string[] = [];
    for (const [index, document] of documents.entries()) {
      const res = await request.get(document.url, { headers: document.headers ?? {} });
      expect([200, 404], document.url).toContain(res.status());
      const html = await res.text();
      expect(html, document.url).toContain('data-prerendered=""');
      const file = path.join(dir, `${String(index).padStart(3, "0")}.html`);
      fs.writeFileSync(file, html);
      files.push(file);
    }
    // vnu exits non-zero when it finds errors; its JSON report is on stderr either way.
    const { stderr } = await promisify(execFile)(
      "java",
      ["-jar", String(vnuJar), "--errors-only", "--format", "json", ...files],
      { maxBuffer: 64 * 1024 * 1024 },
    ).catch((error: { stderr?: string }) => ({ stderr: error.stderr ?? "" }));
    const { messages } = JSON.parse(stderr) as { messages: VnuMessage[] };
    const errors = messages
      .filter((m) => m.type === "error" || m.subType === "fatal")
      .map((m) => {
        const index = Number(path.basename(new URL(m.url).pathname, ".html"));
        return `${documents[index]?.url} line ${m.lastLine}: ${m.message}`;
      });
    expect(errors).toEqual([]);
    expect(files.length).toBe(LANGUAGES.length * (PUBLIC_PAGES.length + 1) + PUBLIC_PAGES.length);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
