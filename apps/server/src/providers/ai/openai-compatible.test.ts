import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { AiProviderError, createOpenAiCompatibleClient } from "./openai-compatible";

// A local server speaking the chat-completions protocol, answering from a script per test.
type Seen = {
  auth: string | undefined;
  body: { model: string; messages: { role: string; content: string }[] };
};
let answers: ((seen: Seen) => { status: number; body: unknown; delayMs?: number })[] = [];
const seen: Seen[] = [];
let server: http.Server;
let baseUrl = "";

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c: Buffer) => {
      raw += c.toString();
    });
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/v1/chat/completions") return res.writeHead(404).end();
      const s: Seen = { auth: req.headers.authorization, body: JSON.parse(raw) };
      seen.push(s);
      const next = answers.shift();
      if (!next) return res.writeHead(500).end();
      const { status, body, delayMs } = next(s);
      setTimeout(
        () => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body)),
        delayMs ?? 0,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  answers = [];
  seen.length = 0;
});

const reply = (content: string) => () => ({
  status: 200,
  body: { choices: [{ message: { role: "assistant", content } }] },
});
const ZTagline = z.object({ tagline: z.string().min(1), languages: z.array(z.string()).min(1) });
const client = () =>
  createOpenAiCompatibleClient({ baseUrl, apiKey: "sk-test", model: "test-model", timeoutMs: 2000 });
const ask = [{ role: "user" as const, content: "Write a tagline as JSON" }];

describe("OpenAI-compatible client", () => {
  it("sends the model, key and messages, and returns the validated JSON", async () => {
    answers.push(reply('{"tagline":"渋谷の小さなパン屋","languages":["ja"]}'));
    expect(await client().completeJson(ZTagline, ask)).toEqual({
      tagline: "渋谷の小さなパン屋",
      languages: ["ja"],
    });
    expect(seen[0]?.auth).toBe("Bearer sk-test");
    expect(seen[0]?.body.model).toBe("test-model");
    expect(seen[0]?.body.messages).toEqual(ask);
  });

  it("accepts JSON inside a Markdown fence", async () => {
    answers.push(reply('```json\n{"tagline":"ok","languages":["en"]}\n```'));
    expect((await client().completeJson(ZTagline, ask)).tagline).toBe("ok");
  });

  it("asks once more with the validation problems, then uses the repaired answer", async () => {
    answers.push(reply('{"tagline":""}'), reply('{"tagline":"fixed","languages":["ja"]}'));
    expect((await client().completeJson(ZTagline, ask)).tagline).toBe("fixed");
    const repair = seen[1]?.body.messages ?? [];
    expect(repair).toHaveLength(3);
    expect(repair[1]).toEqual({ role: "assistant", content: '{"tagline":""}' });
    expect(repair[2]?.content).toContain("tagline");
    expect(repair[2]?.content).toContain("languages");
  });

  it("gives a clear error when the repair fails too", async () => {
    answers.push(reply("not json"), reply('{"nope":1}'));
    const error = await client()
      .completeJson(ZTagline, ask)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiProviderError);
    expect((error as AiProviderError).reason).toBe("invalid_answer");
    expect(seen).toHaveLength(2);
  });

  it.each([
    [401, "auth"],
    [429, "rate_limited"],
    [503, "unavailable"],
  ])("maps HTTP %i to %s", async (status, reason) => {
    answers.push(() => ({ status, body: { error: { message: "x" } } }));
    const error = (await client()
      .completeJson(ZTagline, ask)
      .catch((e: unknown) => e)) as AiProviderError;
    expect(error.reason).toBe(reason);
  });

  it("times out", async () => {
    answers.push(() => ({ status: 200, body: {}, delayMs: 1500 }));
    const quick = createOpenAiCompatibleClient({ baseUrl, apiKey: undefined, model: "m", timeoutMs: 200 });
    const error = (await quick.completeJson(ZTagline, ask).catch((e: unknown) => e)) as AiProviderError;
    expect(error.reason).toBe("timeout");
  });
});
