import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { recordingSleep, startHttpPeer } from "./http-peer.testing";
import { createResendProvider } from "./resend";
import { sendWithRetry } from "./retry";
import { EmailProviderError, type OutgoingEmail } from "./types";

let peer: Awaited<ReturnType<typeof startHttpPeer>>;
beforeAll(async () => {
  peer = await startHttpPeer();
});
afterAll(() => peer.close());
beforeEach(() => peer.reset());

const API_KEY = "re_test_5ecret_KEY_123";
const resend = (timeoutMs = 2000) =>
  createResendProvider({ apiKey: API_KEY, baseUrl: peer.baseUrl, timeoutMs });

const message: OutgoingEmail = {
  from: { email: "shop@example.jp", name: "Sakura Bakery" },
  to: { email: "hanako@example.com", name: "Hanako Yamada" },
  replyTo: { email: "owner@example.jp", name: "Owner, Sakura" },
  subject: "春のメニュー",
  html: "<p>Our spring menu is here.</p>",
  text: "Our spring menu is here.",
  headers: {
    "List-Unsubscribe": "<https://app.example.jp/u/abc123>",
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  },
  tags: { campaign: "42", kind: "newsletter" },
  idempotencyKey: "campaign-42/contact-7",
};

const ok = { status: 200, body: { id: "4ef9a417-02e9-4d39-ad75-9611e0fcc33c" } };

describe("Resend provider", () => {
  it("posts the message to /emails with the key, idempotency key and Resend's JSON shape", async () => {
    peer.answer(ok);
    const result = await resend().send(message);

    expect(result).toEqual({ providerMessageId: "4ef9a417-02e9-4d39-ad75-9611e0fcc33c" });
    expect(peer.seen).toHaveLength(1);
    const request = peer.seen[0]!;
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/emails");
    expect(request.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request.headers["idempotency-key"]).toBe("campaign-42/contact-7");
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.body).toEqual({
      from: "Sakura Bakery <shop@example.jp>",
      to: ["Hanako Yamada <hanako@example.com>"],
      subject: "春のメニュー",
      html: "<p>Our spring menu is here.</p>",
      text: "Our spring menu is here.",
      reply_to: '"Owner, Sakura" <owner@example.jp>',
      headers: {
        "List-Unsubscribe": "<https://app.example.jp/u/abc123>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
      tags: [
        { name: "campaign", value: "42" },
        { name: "kind", value: "newsletter" },
      ],
    });
  });

  it("leaves out optional fields and the idempotency header when not given", async () => {
    peer.answer(ok);
    await resend().send({
      from: { email: "shop@example.jp" },
      to: { email: "hanako@example.com" },
      subject: "Hello",
      html: "<p>Hi</p>",
      text: "Hi",
    });
    expect(peer.seen[0]!.headers["idempotency-key"]).toBeUndefined();
    expect(peer.seen[0]!.body).toEqual({
      from: "shop@example.jp",
      to: ["hanako@example.com"],
      subject: "Hello",
      html: "<p>Hi</p>",
      text: "Hi",
    });
  });

  it("reports a refused key (401) as misconfigured without the key", async () => {
    peer.answer({
      status: 401,
      body: { statusCode: 401, name: "missing_api_key", message: `API key ${API_KEY} is invalid` },
    });
    const error = await resend()
      .send(message)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmailProviderError);
    expect(error).toMatchObject({ kind: "misconfigured", provider: "resend", status: 401 });
    expect((error as Error).message).toBe("Resend rejected the API key (check RESEND_API_KEY)");
    expect(JSON.stringify(error)).not.toContain(API_KEY);
    expect(String((error as Error).stack)).not.toContain(API_KEY);
  });

  it("reports an invalid key answered with 403 as misconfigured", async () => {
    peer.answer({
      status: 403,
      body: { statusCode: 403, name: "invalid_api_key", message: "API key is invalid" },
    });
    await expect(resend().send(message)).rejects.toMatchObject({ kind: "misconfigured" });
  });

  it("honours Retry-After on 429 and succeeds on the next try", async () => {
    peer.answer(
      {
        status: 429,
        headers: { "retry-after": "1" },
        body: { name: "rate_limit_exceeded", message: "Too many requests" },
      },
      ok,
    );
    const { waits, sleep } = recordingSleep();
    const result = await sendWithRetry(resend(), message, { baseDelayMs: 10, sleep });
    expect(result.attempts).toBe(2);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(1000);
    expect(peer.seen).toHaveLength(2);
    // The retry carries the same idempotency key, so Resend sends the email at most once.
    expect(peer.seen.map((r) => r.headers["idempotency-key"])).toEqual([
      "campaign-42/contact-7",
      "campaign-42/contact-7",
    ]);
  });

  it("retries a 500 and succeeds", async () => {
    peer.answer({ status: 500, body: { name: "internal_server_error", message: "Unexpected error" } }, ok);
    const { waits, sleep } = recordingSleep();
    const result = await sendWithRetry(resend(), message, { baseDelayMs: 200, random: () => 1, sleep });
    expect(result).toMatchObject({ providerMessageId: ok.body.id, attempts: 2 });
    expect(waits).toEqual([200]);
  });

  it("fails a 422 at once with Resend's explanation", async () => {
    peer.answer({
      status: 422,
      body: { statusCode: 422, name: "validation_error", message: "Invalid `to` field." },
    });
    const { waits, sleep } = recordingSleep();
    const error = await sendWithRetry(resend(), message, { sleep }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "rejected", status: 422, retryable: false });
    expect((error as Error).message).toBe("Resend rejected the email: Invalid `to` field.");
    expect(waits).toEqual([]);
    expect(peer.seen).toHaveLength(1);
  });

  it("gives up after the configured attempts when Resend stays down", async () => {
    peer.answer({ status: 503 }, { status: 502 }, { status: 500 });
    const { waits, sleep } = recordingSleep();
    const error = await sendWithRetry(resend(), message, {
      attempts: 3,
      baseDelayMs: 100,
      random: () => 0,
      sleep,
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "unavailable", status: 500 });
    expect((error as Error).message).toBe("Resend is unavailable (HTTP 500)");
    expect(waits).toEqual([50, 100]);
    expect(peer.seen).toHaveLength(3);
  });

  it("reports a timeout as unavailable", async () => {
    peer.answer({ ...ok, delayMs: 2000 });
    const error = await resend(100)
      .send(message)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "unavailable", retryable: true });
    expect((error as Error).message).toBe("Resend did not answer within 100 ms");
  });

  it("reports an unreachable API as unavailable", async () => {
    const down = await startHttpPeer();
    await down.close();
    const error = await createResendProvider({ apiKey: API_KEY, baseUrl: down.baseUrl })
      .send(message)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "unavailable" });
    expect((error as Error).message).toBe("Resend could not be reached");
  });
});
