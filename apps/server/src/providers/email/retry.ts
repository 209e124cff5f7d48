import { type EmailProvider, EmailProviderError, type OutgoingEmail, type SendResult } from "./types";

export type RetryOptions = {
  /** Total tries, the first one included. */
  attempts?: number;
  baseDelayMs?: number;
  /** Longest wait between two tries; a Retry-After longer than this ends the retries at once. */
  maxDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /** Returns a number in [0, 1); injected by tests for exact delays. */
  random?: () => number;
  /** Called before each wait, e.g. to log the failure that will be retried. */
  onRetry?: (info: { attempt: number; delayMs: number; error: EmailProviderError }) => void;
};

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sends through `provider`, retrying only what may succeed later (rate_limited, unavailable) with
 * exponential backoff and jitter, never sooner than the provider's Retry-After. A rejected or
 * misconfigured error, or any other error, is thrown at once. When the provider asks for a longer
 * pause than maxDelayMs the error is thrown with its retryAfterMs, so a job queue can reschedule
 * instead of holding a worker asleep.
 */
export async function sendWithRetry(
  provider: EmailProvider,
  message: OutgoingEmail,
  options: RetryOptions = {},
): Promise<SendResult & { attempts: number }> {
  const attempts = Math.max(1, Math.floor(options.attempts ?? 4));
  const baseDelayMs = options.baseDelayMs ?? 500;
  const maxDelayMs = options.maxDelayMs ?? 30_000;
  const sleep = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;

  for (let attempt = 1; ; attempt++) {
    try {
      const result = await provider.send(message);
      return { ...result, attempts: attempt };
    } catch (error) {
      if (!(error instanceof EmailProviderError) || !error.retryable || attempt >= attempts) throw error;
      if (error.retryAfterMs !== undefined && error.retryAfterMs > maxDelayMs) throw error;
      const delayMs = backoffDelay(attempt, {
        baseDelayMs,
        maxDelayMs,
        random,
        retryAfterMs: error.retryAfterMs,
      });
      options.onRetry?.({ attempt, delayMs, error });
      await sleep(delayMs);
    }
  }
}

/**
 * Wait before try `attempt + 1`: base · 2^(attempt-1), capped, with "equal jitter" (half fixed,
 * half random) so many senders do not retry in lockstep; at least the provider's Retry-After.
 */
export function backoffDelay(
  attempt: number,
  o: { baseDelayMs: number; maxDelayMs: number; random: () => number; retryAfterMs?: number | undefined },
): number {
  const exponential = Math.min(o.maxDelayMs, o.baseDelayMs * 2 ** (attempt - 1));
  const jittered = Math.round(exponential / 2 + (exponential / 2) * o.random());
  return Math.min(o.maxDelayMs, Math.max(jittered, o.retryAfterMs ?? 0));
}

/**
 * Retry-After as milliseconds: delay-seconds ("120") or an HTTP date. Undefined when absent or
 * unreadable; never negative.
 */
export function parseRetryAfter(
  value: string | null | undefined,
  now: number = Date.now(),
): number | undefined {
  if (value == null) return undefined;
  const trimmed = value.trim();
  if (trimmed === "") return undefined;
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  // An HTTP date always names the weekday and month; this keeps "-5" from parsing as a year.
  if (!/[a-z]{3}/i.test(trimmed)) return undefined;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}
