import {
  DEFAULT_HTTP_TIMEOUT_MS,
  type HttpProviderOptions,
  joinUrl,
  postJson,
  providerDetail,
  readErrorBody,
} from "./http";
import { assertSendable, formatAddress } from "./message";
import { parseRetryAfter } from "./retry";
import { type EmailProvider, EmailProviderError, type OutgoingEmail } from "./types";

export const RESEND_DEFAULT_BASE = "https://api.resend.com";

type ResendErrorBody = { name?: string; message?: string; statusCode?: number };

/** Resend's POST /emails: one message, Bearer key, Idempotency-Key for safe retries. */
export function createResendProvider(options: HttpProviderOptions): EmailProvider {
  const url = joinUrl(options.baseUrl ?? RESEND_DEFAULT_BASE, "/emails");
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_HTTP_TIMEOUT_MS;

  return {
    name: "resend",
    async send(message) {
      assertSendable("resend", message);
      const headers: Record<string, string> = { authorization: `Bearer ${options.apiKey}` };
      if (message.idempotencyKey !== undefined) headers["idempotency-key"] = message.idempotencyKey;
      const response = await postJson("resend", "Resend", url, {
        headers,
        body: resendBody(message),
        timeoutMs,
        fetch: doFetch,
      });
      if (response.ok) {
        const body = (await response.json().catch(() => null)) as { id?: unknown } | null;
        return { providerMessageId: typeof body?.id === "string" ? body.id : null };
      }
      throw await resendError(response, options.apiKey);
    },
  };
}

export function resendBody(message: OutgoingEmail) {
  return {
    from: formatAddress(message.from),
    to: [formatAddress(message.to)],
    subject: message.subject,
    html: message.html,
    text: message.text,
    ...(message.replyTo ? { reply_to: formatAddress(message.replyTo) } : {}),
    ...(message.headers && Object.keys(message.headers).length > 0 ? { headers: message.headers } : {}),
    ...(message.tags && Object.keys(message.tags).length > 0
      ? {
          // Resend accepts only ASCII letters, digits, "_" and "-" in tag names and values.
          tags: Object.entries(message.tags).map(([name, value]) => ({
            name: tagSafe(name),
            value: tagSafe(value),
          })),
        }
      : {}),
  };
}

const tagSafe = (s: string) => s.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 256);

async function resendError(response: Response, apiKey: string): Promise<EmailProviderError> {
  const { json } = await readErrorBody(response, apiKey);
  const body = (json && typeof json === "object" ? json : {}) as ResendErrorBody;
  const detail = providerDetail(body.message, apiKey);
  const status = response.status;
  const because = detail ? `: ${detail}` : "";

  if (status === 401 || (status === 403 && body.name === "invalid_api_key")) {
    return new EmailProviderError(
      "resend",
      "misconfigured",
      "Resend rejected the API key (check RESEND_API_KEY)",
      {
        status,
      },
    );
  }
  if (status === 429) {
    const quota = /quota/i.test(body.name ?? "");
    const retryAfterMs = parseRetryAfter(response.headers.get("retry-after"));
    return new EmailProviderError(
      "resend",
      "rate_limited",
      quota ? `Resend's sending quota is used up${because}` : `Resend asked us to slow down${because}`,
      { status, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) },
    );
  }
  if (status === 409 && body.name === "concurrent_idempotent_requests") {
    return new EmailProviderError(
      "resend",
      "unavailable",
      `Resend is still handling this message${because}`,
      {
        status,
      },
    );
  }
  if (status >= 500) {
    return new EmailProviderError(
      "resend",
      "unavailable",
      `Resend is unavailable (HTTP ${status})${because}`,
      {
        status,
      },
    );
  }
  if (status === 404 || status === 405) {
    return new EmailProviderError(
      "resend",
      "misconfigured",
      `Resend answered HTTP ${status}: check RESEND_API_BASE`,
      { status },
    );
  }
  return new EmailProviderError(
    "resend",
    "rejected",
    `Resend rejected the email${because || ` (HTTP ${status})`}`,
    {
      status,
    },
  );
}
