import { describe, expect, it } from "vitest";
import { createMemoryOutboxStore, createOutboxProvider } from "./outbox";
import type { OutgoingEmail } from "./types";

const message: OutgoingEmail = {
  from: { email: "shop@example.jp", name: "Sakura Bakery" },
  to: { email: "hanako@example.com" },
  subject: "Spring menu",
  html: "<p>Spring</p>",
  text: "Spring",
  headers: { "List-Unsubscribe": "<https://app.example.jp/u/abc>" },
};

describe("outbox provider", () => {
  it("stores the message with the time and returns the stored id", async () => {
    const store = createMemoryOutboxStore();
    const at = new Date("2026-04-01T09:00:00Z");
    const provider = createOutboxProvider(store, () => at);

    const result = await provider.send(message);

    expect(provider.name).toBe("outbox");
    expect(store.messages).toEqual([{ id: result.providerMessageId, message, meta: { storedAt: at } }]);
  });

  it("keeps one copy per idempotency key", async () => {
    const store = createMemoryOutboxStore();
    const provider = createOutboxProvider(store);
    const a = await provider.send({ ...message, idempotencyKey: "c1/contact-1" });
    const b = await provider.send({ ...message, idempotencyKey: "c1/contact-1" });
    const c = await provider.send({ ...message, idempotencyKey: "c1/contact-2" });
    expect(a.providerMessageId).toBe(b.providerMessageId);
    expect(c.providerMessageId).not.toBe(a.providerMessageId);
    expect(store.messages).toHaveLength(2);
  });

  it("refuses what a real provider would refuse, so the outbox is an honest rehearsal", async () => {
    const store = createMemoryOutboxStore();
    const provider = createOutboxProvider(store);
    await expect(provider.send({ ...message, to: { email: "not-an-address" } })).rejects.toMatchObject({
      kind: "rejected",
      provider: "outbox",
      message: 'The to address "not-an-address" is not valid',
    });
    expect(store.messages).toEqual([]);
  });
});
