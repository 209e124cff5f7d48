import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { recordingSleep, startHttpPeer } from "./http-peer.testing";
import { sendWithRetry } from "./retry";
import { createSendGridProvider } from "./sendgrid";
import { EmailProviderError, type OutgoingEmail } from "./types";

let peer: Awaited<ReturnType<typeof startHttpPeer>>;
beforeAll(async () => {
  peer = await startHttpPeer();
});
afterAll(() => peer.close());
beforeEach(() => peer.reset());

const API_KEY = "SG.test-5ecret.KEY-abcdef";
const sendgrid = (timeoutMs = 2000) =>
  createSendGridProvider({ apiKey: API_KEY, baseUrl: `${peer.baseUrl}/`, timeoutMs });

const message: OutgoingEmail = {
  from: { email: "shop@example.jp", name: "Sakura Bakery" },
  to: { email: "hanako@example.com", name: "Hanako Yamada" },
  replyTo: { email: "owner@example.jp" },
  subject: "春のメニュー",
  html: "<p>Our spring menu is here.</p>",
  text: "Our spring menu is here.",
  headers: {
    "List-Unsubscribe": "<https://app.example.jp/u/abc123>",
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  },
  tags: { campaign: "42" },
  idempotencyKey: "campaign-42/contact-7",
};

const accepted = { status: 202, headers: { "x-message-id": "W86EgYT6SQKk0lRflfLRsA" } };

describe("SendGrid provider", () => {
  it("posts to /v3/mail/send with the key and SendGrid's personalizations body, reading X-Message-Id", async () => {
    peer.answer(accepted);
    const result = await sendgrid().send(message);

    expect(result).toEqual({ providerMessageId: "W86EgYT6SQKk0lRflfLRsA" });
    const request = peer.seen[0]!;
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/v3/mail/send");
    expect(request.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.body).toEqual({
      personalizations: [{ to: [{ email: "hanako@example.com", name: "Hanako Yamada" }] }],
      from: { email: "shop@example.jp", name: "Sakura Bakery" },
      reply_to: { email: "owner@example.jp" },
      subject: "春のメニュー",
      content: [
        { type: "text/plain", value: "Our spring menu is here." },
        { type: "text/html", value: "<p>Our spring menu is here.</p>" },
      ],
      headers: {
        "List-Unsubscribe": "<https://app.example.jp/u/abc123>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
      custom_args: { campaign: "42", idempotency_key: "campaign-42/contact-7" },
    });
  });

  it("leaves out empty parts and optional fields", async () => {
    peer.answer(accepted);
    await sendgrid().send({
      from: { email: "shop@example.jp" },
      to: { email: "hanako@example.com" },
      subject: "Hello",
      html: "<p>Hi</p>",
      text: "",
    });
    expect(peer.seen[0]!.body).toEqual({
      personalizations: [{ to: [{ email: "hanako@example.com" }] }],
      from: { email: "shop@example.jp" },
      subject: "Hello",
      content: [{ type: "text/html", value: "<p>Hi</p>" }],
    });
  });

  it("reports a refused key (401) as misconfigured without the key", async () => {
    peer.answer({
      status: 401,
      body: { errors: [{ field: null, message: `The provided authorization grant ${API_KEY} is invalid` }] },
    });
    const error = await sendgrid()
      .send(message)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmailProviderError);
    expect(error).toMatchObject({ kind: "misconfigured", provider: "sendgrid", status: 401 });
    expect((error as Error).message).toBe("SendGrid rejected the API key (check SENDGRID_API_KEY)");
    expect(String((error as Error).stack)).not.toContain(API_KEY);
  });

  it("reports an unverified sender (403) as rejected with SendGrid's explanation", async () => {
    peer.answer({
      status: 403,
      body: {
        errors: [
          {
            field: "from",
            message: "The from address does not match a verified Sender Identity.",
          },
        ],
      },
    });
    await expect(sendgrid().send(message)).rejects.toMatchObject({
      kind: "rejected",
      message:
        "SendGrid rejected the email: from: The from address does not match a verified Sender Identity.",
    });
  });

  it("honours Retry-After on 429 and succeeds on the next try", async () => {
    peer.answer(
      { status: 429, headers: { "retry-after": "1" }, body: { errors: [{ message: "too many requests" }] } },
      accepted,
    );
    const { waits, sleep } = recordingSleep();
    const result = await sendWithRetry(sendgrid(), message, { baseDelayMs: 10, sleep });
    expect(result).toMatchObject({ providerMessageId: "W86EgYT6SQKk0lRflfLRsA", attempts: 2 });
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(1000);
  });

  it("falls back to X-RateLimit-Reset on 429 when there is no Retry-After", async () => {
    const reset = Math.ceil(Date.now() / 1000) + 3;
    peer.answer({ status: 429, headers: { "x-ratelimit-reset": String(reset) } });
    const error = await sendgrid()
      .send(message)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "rate_limited", status: 429 });
    expect((error as EmailProviderError).retryAfterMs).toBeGreaterThan(1000);
    expect((error as EmailProviderError).retryAfterMs).toBeLessThanOrEqual(4000);
  });

  it("retries a 500 and succeeds", async () => {
    peer.answer({ status: 500 }, accepted);
    const { waits, sleep } = recordingSleep();
    const result = await sendWithRetry(sendgrid(), message, { baseDelayMs: 100, random: () => 0.5, sleep });
    expect(result.attempts).toBe(2);
    expect(waits).toEqual([75]);
    expect(peer.seen).toHaveLength(2);
  });

  it("fails a 400/422 at once with the field errors", async () => {
    peer.answer({
      status: 422,
      body: {
        errors: [{ field: "personalizations.0.to.0.email", message: "Does not contain a valid address." }],
      },
    });
    const { waits, sleep } = recordingSleep();
    const error = await sendWithRetry(sendgrid(), message, { sleep }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "rejected", status: 422, retryable: false });
    expect((error as Error).message).toBe(
      "SendGrid rejected the email: personalizations.0.to.0.email: Does not contain a valid address.",
    );
    expect(waits).toEqual([]);
    expect(peer.seen).toHaveLength(1);
  });

  it("reports a timeout as unavailable", async () => {
    peer.answer({ ...accepted, delayMs: 2000 });
    const error = await sendgrid(100)
      .send(message)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "unavailable", retryable: true });
    expect((error as Error).message).toBe("SendGrid did not answer within 100 ms");
  });
});
