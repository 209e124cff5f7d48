import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { readPageFacts } from "./page-facts";
import { PageReadError, readPageFactsOffThread } from "./read-page";

const PAGE = `<!doctype html><html lang="ja"><head><title>さくら珈琲｜渋谷</title></head>
  <body><h1>さくら珈琲</h1><address>〒150-0001 東京都渋谷区神宮前1-2-3</address>
  <img src="/img/latte.jpg" alt="ラテ"><p>&#99999999;電話 03-1234-5678</p></body></html>`;

describe("readPageFactsOffThread", () => {
  it("reads on a worker thread exactly what the parser reads in-thread", async () => {
    expect(await readPageFactsOffThread(PAGE, "https://shop.example.jp/")).toEqual(
      readPageFacts(PAGE, "https://shop.example.jp/"),
    );
  });

  it("stops a page past its budget while the event loop keeps running, then reads the next page", async () => {
    // About 2.4 MB of nested formatting tags: seconds of parsing, far past a 200 ms budget.
    const heavy = `${"<b x=1><i y=2><u z=3>".repeat(100_000)}${"</p>".repeat(100_000)}`;
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 10);
    try {
      await expect(readPageFactsOffThread(heavy, "", 200)).rejects.toBeInstanceOf(PageReadError);
    } finally {
      clearInterval(ticker);
    }
    expect(ticks).toBeGreaterThan(0);
    expect((await readPageFactsOffThread(PAGE, "")).title).toBe("さくら珈琲｜渋谷");
  });
});

/** The server starts as `tsx src/main.ts` (npm start, npm run dev) and as `node --import tsx` (e2e). */
describe("the worker under each way the server is started", () => {
  const main = fileURLToPath(new URL("../../testing/read-page-main.ts", import.meta.url));
  const tsxCli = createRequire(import.meta.url).resolve("tsx/cli");
  const run = (args: string[]) =>
    new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
      const child = spawn(process.execPath, args, { stdio: ["pipe", "pipe", "pipe"] });
      let out = "";
      let err = "";
      child.stdout.on("data", (chunk) => {
        out += chunk;
      });
      child.stderr.on("data", (chunk) => {
        err += chunk;
      });
      child.on("close", (code) => resolve({ code, out, err }));
      child.stdin.end(PAGE);
    });

  for (const [name, args] of [
    ["the tsx command", [tsxCli, main]],
    ["node --import tsx", ["--import", "tsx", main]],
  ] as const) {
    it(`reads a page under ${name}`, async () => {
      const { code, out, err } = await run([...args]);
      expect(code, err).toBe(0);
      expect(JSON.parse(out)).toEqual(readPageFacts(PAGE, "https://shop.example.jp/"));
    });
  }
});
