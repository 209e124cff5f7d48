import http from "node:http";
import type { AddressInfo } from "node:net";
import { composeSite } from "@shobai/sitegen";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOpenAiCompatibleClient } from "./openai-compatible";
import { createAiSiteWriter, unconfirmedFacts } from "./site-writer";

// A local chat-completions peer that rewrites the FAQ title and the headline of every language it
// is sent, so a test can see which parts of the answer the writer keeps.
let server: http.Server;
let baseUrl = "";
beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c: Buffer) => {
      raw += c.toString();
    });
    req.on("end", () => {
      const prompt: string = JSON.parse(raw).messages[1].content;
      const marker = "Draft (JSON, one object per language):\n";
      const start = prompt.indexOf(marker) + marker.length;
      const draft = JSON.parse(prompt.slice(start, prompt.indexOf("\n\n", start)));
      for (const copy of Object.values(draft) as { hero: { headline: string }; faq: { title: string } }[]) {
        copy.hero.headline = "A new headline";
        copy.faq.title = "New questions";
      }
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ choices: [{ message: { content: JSON.stringify(draft) } }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const DESCRIPTION =
  "Kopi Lane Café – George Town, Penang. Kaya toast and nasi lemak. Open 8am–6pm. Tel +60 4-261 2345";

describe("AI site writer", () => {
  it("writes one section again and keeps every other section as it was", async () => {
    const writer = createAiSiteWriter(
      createOpenAiCompatibleClient({ baseUrl, apiKey: undefined, model: "m" }),
    );
    const site = composeSite({ businessDescription: DESCRIPTION, languages: ["en", "ms"] });
    const next = await writer.writeSection(site, "en", "faq", DESCRIPTION);
    expect(next.content.en?.faq.title).toBe("New questions");
    expect(next.content.en?.hero).toEqual(site.content.en?.hero);
    expect(next.content.ms).toEqual(site.content.ms);
    expect(next.facts).toEqual(site.facts);
  });

  it("names the facts a text states that the owner did not confirm", () => {
    const { facts } = composeSite({ businessDescription: DESCRIPTION, languages: ["en"] });
    expect(unconfirmedFacts("Call +60 4-261 2345, open 8:00–18:00.", facts, DESCRIPTION)).toEqual([]);
    expect(
      unconfirmedFacts("Call 03-9999-0000. Since 1990. Set RM25. Open till 22:00.", facts, DESCRIPTION),
    ).toEqual([
      'phone number "03-9999-0000" is not the business\'s (+60 4-261 2345)',
      'price "RM25" is not one the owner gave',
      "year 1990 is not one the owner gave",
      "time 22:00 is not in the business's hours",
    ]);
  });
});
