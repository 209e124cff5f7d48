import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { aiGenerations } from "../../db/schema";
import { siteRequest } from "../../testing/site-requests";
import { createTestApp, signedInClient, type TestContext } from "../../testing/test-app";

// A local server speaking the OpenAI chat-completions protocol. It reads the draft from the prompt
// and answers with copy in the asked shape; each test says how (rewrite, invent a phone, garbage,
// refuse JSON schemas as llama.cpp's older servers do).
type Mode = "rewrite" | "invent-then-fix" | "invent-always" | "garbage" | "no-json-schema";
let mode: Mode = "rewrite";
const seen: {
  responseFormat: { type: string; json_schema?: { schema: unknown } };
  messages: { content: string }[];
}[] = [];
let server: http.Server;
let ctx: TestContext;

function draftFrom(prompt: string): Record<string, Record<string, unknown>> {
  const start =
    prompt.indexOf("Draft (JSON, one object per language):\n") +
    "Draft (JSON, one object per language):\n".length;
  return JSON.parse(prompt.slice(start, prompt.indexOf("\n\n", start)));
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c: Buffer) => {
      raw += c.toString();
    });
    req.on("end", () => {
      const body = JSON.parse(raw);
      seen.push({ responseFormat: body.response_format, messages: body.messages });
      if (mode === "no-json-schema" && body.response_format?.type === "json_schema") {
        return res.writeHead(400, { "content-type": "application/json" }).end('{"error":"response_format"}');
      }
      let content = "Sorry, I cannot do that.";
      if (mode !== "garbage") {
        const draft = draftFrom(body.messages[1]?.content ?? "");
        const ja = draft.ja as { hero: { headline: string; subline: string } };
        ja.hero.headline = "京都で四代、季節の和菓子を。";
        const inventing = mode === "invent-always" || (mode === "invent-then-fix" && seen.length % 2 === 1);
        if (inventing) ja.hero.subline = "ご予約はお電話 075-000-9999 まで。おすすめは 2,000円のセットです。";
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
beforeEach(() => {
  seen.length = 0;
  mode = "rewrite";
});

const input = {
  businessDescription:
    "『京菓子司 松風堂』京都市上京区の和菓子店。季節の上生菓子、わらび餅、栗羊羹。上生菓子 1個 380円（税込）。営業 9:00〜18:00、水曜定休。TEL 075-123-4567",
  languages: ["ja"],
};

describe("generation with an OpenAI-compatible API", () => {
  it("asks for structured output and publishes the model's copy with the confirmed facts", async () => {
    const { client } = await signedInClient(ctx.app);
    const res = await client.post("/api/websites/generate", { ...input, facts: { phone: "075-123-0000" } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ template: "retail", writer: "ai", aiLimitReached: false });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.responseFormat.type).toBe("json_schema");
    expect(JSON.stringify(seen[0]?.responseFormat.json_schema?.schema)).toContain('"hero"');
    // The model is given the confirmed facts, not only the description.
    expect(seen[0]?.messages[1]?.content).toContain("075-123-0000");
    const page = await siteRequest(ctx.app, res.json().slug, { url: "/ja/" });
    expect(page.body).toContain("季節の和菓子を。");
    expect(page.body).toContain("京都で四代、");
    expect(page.body).toContain("わらび餅");
    expect(page.body).toContain("380円（税込）");
  });

  it("refuses a phone number or price the owner did not confirm, then takes the repaired answer", async () => {
    mode = "invent-then-fix";
    const { client } = await signedInClient(ctx.app);
    const res = await client.post("/api/websites/generate", input);
    expect(res.statusCode).toBe(201);
    expect(seen).toHaveLength(2);
    const repair = seen[1]?.messages.at(-1)?.content ?? "";
    expect(repair).toContain('phone number "075-000-9999" is not the business\'s (075-123-4567)');
    expect(repair).toContain('price "2,000円" is not one the owner gave');
    const page = await siteRequest(ctx.app, res.json().slug, { url: "/ja/" });
    expect(page.body).not.toContain("075-000-9999");
  });

  it("answers 502 generation_failed when the repair invents too, and stores nothing", async () => {
    mode = "invent-always";
    const { client } = await signedInClient(ctx.app);
    const res = await client.post("/api/websites/generate", input);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      code: "generation_failed",
      message: "Website generation failed: The AI service did not answer in the expected format",
    });
    expect((await client.get("/api/websites")).json()).toEqual([]);
  });

  it("answers 502 after one failed repair of an answer that is not JSON", async () => {
    mode = "garbage";
    const { client } = await signedInClient(ctx.app);
    const res = await client.post("/api/websites/generate", input);
    expect(res.statusCode).toBe(502);
    expect(seen).toHaveLength(2);
    expect((await client.get("/api/websites")).json()).toEqual([]);
  });

  it("asks for plain JSON when the server refuses JSON schemas", async () => {
    mode = "no-json-schema";
    const { client } = await signedInClient(ctx.app);
    const res = await client.post("/api/websites/generate", input);
    expect(res.statusCode).toBe(201);
    expect(seen.map((s) => s.responseFormat.type)).toEqual(["json_schema", "json_object"]);
  });

  it("uses the built-in writer once the plan's AI generations of the month are used up", async () => {
    const { client, user } = await signedInClient(ctx.app);
    // The trial's allowance is 10 a month: nine used earlier this month, one left.
    await ctx.db.db
      .insert(aiGenerations)
      .values(Array.from({ length: 9 }, () => ({ id: crypto.randomUUID(), ownerId: user.id as string })));
    const first = await client.post("/api/websites/generate", input);
    expect(first.json()).toMatchObject({ writer: "ai", aiLimitReached: false });
    await client.delete(`/api/websites/${first.json().id}`);
    const second = await client.post("/api/websites/generate", input);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({ writer: "composer", aiLimitReached: true });
    expect(seen).toHaveLength(1);
  });

  it("writes one section again for the editor through the provider, within the plan's AI generations", async () => {
    const { client, user } = await signedInClient(ctx.app);
    const site = (await client.post("/api/websites/generate", input)).json();
    seen.length = 0;
    const res = await client.post(`/api/websites/${site.id}/sections/hero/regenerate`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      section: "hero",
      writer: "ai",
      content: { ja: { headline: "京都で四代、季節の和菓子を。" } },
    });
    // The provider was asked for that section only; nothing was stored.
    expect(seen).toHaveLength(1);
    expect(seen[0]?.messages[1]?.content).toContain('Write again only the "hero" section');
    expect((await client.get(`/api/websites/${site.id}/draft`)).json().revision).toBe(0);
    // Used up: the built-in composer writes it.
    await ctx.db.db
      .insert(aiGenerations)
      .values(Array.from({ length: 10 }, () => ({ id: crypto.randomUUID(), ownerId: user.id as string })));
    const composed = await client.post(`/api/websites/${site.id}/sections/hero/regenerate`, {});
    expect(composed.json()).toMatchObject({ section: "hero", writer: "composer" });
    expect(seen).toHaveLength(1);
  });

  it("fills a language's section from another language's version (the editor's 'fill from')", async () => {
    const { client } = await signedInClient(ctx.app);
    const site = (await client.post("/api/websites/generate", { ...input, languages: ["ja", "en"] })).json();
    seen.length = 0;
    const res = await client.post(`/api/websites/${site.id}/sections/about/regenerate`, {
      languages: ["en"],
      from: "ja",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().writer).toBe("ai");
    // Only the asked language comes back; the model saw the source version to translate.
    expect(Object.keys(res.json().content)).toEqual(["en"]);
    const prompt = seen[0]?.messages[1]?.content ?? "";
    expect(prompt).toContain(
      'Write the "about" section in English as a faithful translation of its 日本語 version',
    );
    expect(Object.keys(draftFrom(prompt))).toEqual(["ja", "en"]);
    // Filling a language from itself, or from one the site lacks, is refused.
    const self = await client.post(`/api/websites/${site.id}/sections/about/regenerate`, {
      languages: ["ja"],
      from: "ja",
    });
    expect(self.statusCode).toBe(400);
    const absent = await client.post(`/api/websites/${site.id}/sections/about/regenerate`, {
      languages: ["en"],
      from: "pl",
    });
    expect(absent.statusCode).toBe(400);
    expect(absent.json().message).toContain("from:");
  });
});
