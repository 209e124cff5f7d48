import {
  DEFAULT_HTTP_TIMEOUT_MS,
  type HttpProviderOptions,
  joinUrl,
  postJson,
  providerDetail,
  readErrorBody,
} from "./http";
import { assertSendable } from "./message";
import { parseRetryAfter } from "./retry";
import { type EmailAddress, type EmailProvider, EmailProviderError, type OutgoingEmail } from "./types";

export const SENDGRID_DEFAULT_BASE = "https://api.sendgrid.com";

type SendGridErrorBody = { errors?: { message?: string; field?: string | null }[] };

/**
 * SendGrid's POST /v3/mail/send. It has no idempotency key; ours travels in custom_args so event
 * webhooks can be matched to the message.
 */
export function createSendGridProvider(options: HttpProviderOptions): EmailProvider {
  const url = joinUrl(options.baseUrl ?? SENDGRID_DEFAULT_BASE, "/v3/mail/send");
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_HTTP_TIMEOUT_MS;

  return {
    name: "sendgrid",
    async send(message) {
      assertSendable("sendgrid", message);
      const response = await postJson("sendgrid", "SendGrid", url, {
        headers: { authorization: `Bearer ${options.apiKey}` },
        body: sendGridBody(message),
        timeoutMs,
        fetch: doFetch,
      });
      if (response.ok) {
        await response.body?.cancel().catch(() => {});
        return { providerMessageId: response.headers.get("x-message-id") };
      }
      throw await sendGridError(response, options.apiKey);
    },
  };
}

const address = (a: EmailAddress) => (a.name ? { email: a.email, name: a.name } : { email: a.email });

export function sendGridBody(message: OutgoingEmail) {
  // SendGrid wants text/plain before text/html and refuses empty values.
  const content = [
    ...(message.text ? [{ type: "text/plain", value: message.text }] : []),
    ...(message.html ? [{ type: "text/html", value: message.html }] : []),
  ];
  const customArgs = {
    ...(message.tags ?? {}),
    ...(message.idempotencyKey !== undefined ? { idempotency_key: message.idempotencyKey } : {}),
  };
  return {
    personalizations: [{ to: [address(message.to)] }],
    from: address(message.from),
    ...(message.replyTo ? { reply_to: address(message.replyTo) } : {}),
    subject: message.subject,
    content,
    ...(message.headers && Object.keys(message.headers).length > 0 ? { headers: message.headers } : {}),
    ...(Object.keys(customArgs).length > 0 ? { custom_args: customArgs } : {}),
  };
}

async function sendGridError(response: Response, apiKey: string): Promise<EmailProviderError> {
  const { json } = await readErrorBody(response, apiKey);
  const body = (json && typeof json === "object" ? json : {}) as SendGridErrorBody;
  const detail = providerDetail(
    (body.errors ?? [])
      .map((e) => (e.field ? `${e.field}: ${e.message ?? ""}` : (e.message ?? "")))
      .filter(Boolean)
      .join("; "),
    apiKey,
  );
  const status = response.status;
  const because = detail ? `: ${detail}` : "";

  if (status === 401) {
    return new EmailProviderError(
      "sendgrid",
      "misconfigured",
      "SendGrid rejected the API key (check SENDGRID_API_KEY)",
      { status },
    );
  }
  if (status === 403 && /permission|scope|access/i.test(detail) && !/sender identity/i.test(detail)) {
    return new EmailProviderError(
      "sendgrid",
      "misconfigured",
      `SendGrid does not let this API key send mail (check SENDGRID_API_KEY)${because}`,
      { status },
    );
  }
  if (status === 429) {
    const retryAfterMs =
      parseRetryAfter(response.headers.get("retry-after")) ??
      resetHeaderMs(response.headers.get("x-ratelimit-reset"));
    return new EmailProviderError("sendgrid", "rate_limited", `SendGrid asked us to slow down${because}`, {
      status,
      ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
    });
  }
  if (status >= 500) {
    return new EmailProviderError(
      "sendgrid",
      "unavailable",
      `SendGrid is unavailable (HTTP ${status})${because}`,
      { status },
    );
  }
  if (status === 404 || status === 405) {
    return new EmailProviderError(
      "sendgrid",
      "misconfigured",
      `SendGrid answered HTTP ${status}: check SENDGRID_API_BASE`,
      { status },
    );
  }
  return new EmailProviderError(
    "sendgrid",
    "rejected",
    `SendGrid rejected the email${because || ` (HTTP ${status})`}`,
    { status },
  );
}

/** X-RateLimit-Reset is a Unix time in seconds. */
function resetHeaderMs(value: string | null, now: number = Date.now()): number | undefined {
  if (!value || !/^\d+$/.test(value.trim())) return undefined;
  return Math.max(0, Number(value) * 1000 - now);
}
