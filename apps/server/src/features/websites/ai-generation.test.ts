import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { siteRequest } from "../../testing/site-requests";
import { createTestApp, signedInClient, type TestContext } from "../../testing/test-app";

// A local server speaking the OpenAI chat-completions protocol. Mode "rewrite" returns the draft
// with a new Japanese headline (and tries to change a fact); mode "garbage" never answers JSON.
let mode: "rewrite" | "garbage" = "rewrite";
let calls = 0;
let server: http.Server;
let ctx: TestContext;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c: Buffer) => {
      raw += c.toString();
    });
    req.on("end", () => {
      calls += 1;
      const body = JSON.parse(raw) as { model: string; messages: { content: string }[] };
      let content = "Sorry, I cannot do that.";
      if (mode === "rewrite") {
        const prompt = body.messages[1]?.content ?? "";
        const draft = JSON.parse(prompt.slice(prompt.indexOf("{")));
        draft.content.ja.hero.headline = "AIが書いた見出しです。";
        draft.industry = "finance";
        content = JSON.stringify(draft);
      }
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ choices: [{ message: { role: "assistant", content } }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  ctx = await createTestApp({
    ai: { baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: "sk-local", model: "local" },
  });
});
afterAll(async () => {
  await ctx?.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const input = { businessDescription: "「Sakura Ramen」は渋谷のラーメン店です。", languages: ["ja"] };

describe("generation with an OpenAI-compatible API", () => {
  it("publishes the model's text but keeps the draft's facts", async () => {
    const { client } = await signedInClient(ctx.app);
    const res = await client.post("/api/websites/generate", input);
    expect(res.statusCode).toBe(201);
    expect(res.json().template).toBe("restaurant");
    const page = await siteRequest(ctx.app, res.json().slug, { url: "/ja/" });
    expect(page.body).toContain("AIが書いた見出しです。");
  });

  it("answers 502 generation_failed after one failed repair, and stores nothing", async () => {
    mode = "garbage";
    calls = 0;
    const { client } = await signedInClient(ctx.app);
    const res = await client.post("/api/websites/generate", input);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      code: "generation_failed",
      message: "Website generation failed: The AI service did not answer in the expected format",
    });
    expect(calls).toBe(2);
    expect((await client.get("/api/websites")).json()).toEqual([]);
  });
});
