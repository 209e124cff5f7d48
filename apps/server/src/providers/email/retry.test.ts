import { describe, expect, it } from "vitest";
import { backoffDelay, parseRetryAfter, sendWithRetry } from "./retry";
import {
  type EmailProvider,
  EmailProviderError,
  type EmailProviderErrorKind,
  type OutgoingEmail,
} from "./types";

const message: OutgoingEmail = {
  from: { email: "shop@example.jp" },
  to: { email: "hanako@example.com" },
  subject: "Hi",
  html: "<p>Hi</p>",
  text: "Hi",
};

/** A provider that fails with the given kinds in turn, then succeeds. */
function scripted(
  failures: (EmailProviderErrorKind | Error | { kind: EmailProviderErrorKind; retryAfterMs: number })[],
) {
  let calls = 0;
  const provider: EmailProvider = {
    name: "outbox",
    async send() {
      const next = failures[calls++];
      if (next === undefined) return { providerMessageId: `ok-${calls}` };
      if (next instanceof Error) throw next;
      if (typeof next === "string") throw new EmailProviderError("outbox", next, next);
      throw new EmailProviderError("outbox", next.kind, next.kind, { retryAfterMs: next.retryAfterMs });
    },
  };
  return { provider, calls: () => calls };
}

const record = () => {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
};

describe("sendWithRetry", () => {
  it("retries unavailable and rate_limited with exponential backoff", async () => {
    const { provider, calls } = scripted(["unavailable", "rate_limited", "unavailable"]);
    const { waits, sleep } = record();
    const result = await sendWithRetry(provider, message, { baseDelayMs: 100, random: () => 1, sleep });
    expect(result).toEqual({ providerMessageId: "ok-4", attempts: 4 });
    expect(waits).toEqual([100, 200, 400]);
    expect(calls()).toBe(4);
  });

  it("adds jitter between half and all of the exponential delay", async () => {
    const { waits, sleep } = record();
    await sendWithRetry(scripted(["unavailable", "unavailable"]).provider, message, {
      baseDelayMs: 1000,
      random: () => 0,
      sleep,
    });
    expect(waits).toEqual([500, 1000]);
  });

  it("stops after the given attempts and throws the last error", async () => {
    const { provider, calls } = scripted([
      "unavailable",
      "unavailable",
      "unavailable",
      "unavailable",
      "unavailable",
    ]);
    const { waits, sleep } = record();
    await expect(sendWithRetry(provider, message, { attempts: 4, sleep })).rejects.toMatchObject({
      kind: "unavailable",
    });
    expect(calls()).toBe(4);
    expect(waits).toHaveLength(3);
  });

  it.each(["rejected", "misconfigured"] as const)("does not retry %s errors", async (kind) => {
    const { provider, calls } = scripted([kind]);
    const { waits, sleep } = record();
    await expect(sendWithRetry(provider, message, { sleep })).rejects.toMatchObject({ kind });
    expect(calls()).toBe(1);
    expect(waits).toEqual([]);
  });

  it("does not retry errors that are not provider errors", async () => {
    const { provider, calls } = scripted([new TypeError("bug")]);
    await expect(sendWithRetry(provider, message, { sleep: async () => {} })).rejects.toThrow("bug");
    expect(calls()).toBe(1);
  });

  it("waits at least Retry-After, and caps the exponential delay at maxDelayMs", async () => {
    const { waits, sleep } = record();
    await sendWithRetry(
      scripted([{ kind: "rate_limited", retryAfterMs: 3000 }, "unavailable", "unavailable"]).provider,
      message,
      { baseDelayMs: 1000, maxDelayMs: 5000, random: () => 1, sleep },
    );
    expect(waits).toEqual([3000, 2000, 4000]);

    const capped = record();
    await sendWithRetry(scripted(["unavailable", "unavailable", "unavailable"]).provider, message, {
      baseDelayMs: 4000,
      maxDelayMs: 5000,
      random: () => 1,
      sleep: capped.sleep,
    });
    expect(capped.waits).toEqual([4000, 5000, 5000]);
  });

  it("hands back a Retry-After longer than maxDelayMs at once, for a job queue to reschedule", async () => {
    const { provider, calls } = scripted([{ kind: "rate_limited", retryAfterMs: 3_600_000 }]);
    const { waits, sleep } = record();
    await expect(sendWithRetry(provider, message, { maxDelayMs: 30_000, sleep })).rejects.toMatchObject({
      kind: "rate_limited",
      retryAfterMs: 3_600_000,
    });
    expect(calls()).toBe(1);
    expect(waits).toEqual([]);
  });

  it("reports each retry through onRetry", async () => {
    const seen: { attempt: number; delayMs: number; kind: string }[] = [];
    await sendWithRetry(scripted(["unavailable"]).provider, message, {
      baseDelayMs: 10,
      random: () => 1,
      sleep: async () => {},
      onRetry: ({ attempt, delayMs, error }) => seen.push({ attempt, delayMs, kind: error.kind }),
    });
    expect(seen).toEqual([{ attempt: 1, delayMs: 10, kind: "unavailable" }]);
  });
});

describe("backoffDelay", () => {
  it("never exceeds maxDelayMs, even for many attempts", () => {
    for (let attempt = 1; attempt <= 60; attempt++) {
      const delay = backoffDelay(attempt, { baseDelayMs: 500, maxDelayMs: 30_000, random: () => 0.999 });
      expect(delay).toBeLessThanOrEqual(30_000);
      expect(delay).toBeGreaterThan(0);
    }
  });
});

describe("parseRetryAfter", () => {
  const now = Date.parse("2026-04-01T00:00:00Z");
  it("reads seconds", () => {
    expect(parseRetryAfter("1", now)).toBe(1000);
    expect(parseRetryAfter(" 120 ", now)).toBe(120_000);
    expect(parseRetryAfter("0.5", now)).toBe(500);
  });
  it("reads an HTTP date, never negative", () => {
    expect(parseRetryAfter("Wed, 01 Apr 2026 00:00:30 GMT", now)).toBe(30_000);
    expect(parseRetryAfter("Tue, 31 Mar 2026 23:00:00 GMT", now)).toBe(0);
  });
  it("ignores absent or unreadable values", () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter("", now)).toBeUndefined();
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter("-5", now)).toBeUndefined();
  });
});
