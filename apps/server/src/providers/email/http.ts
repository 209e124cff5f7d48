import { formatSeconds, isTimeoutError, redact, shorten } from "../provider-text";
import { EmailProviderError, type EmailProviderName } from "./types";

export type HttpProviderOptions = {
  apiKey: string;
  /** Defaults to the provider's public API; tests point it at a local server. */
  baseUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
};

export const DEFAULT_HTTP_TIMEOUT_MS = 15_000;

export const joinUrl = (base: string, path: string) => `${base.replace(/\/+$/, "")}${path}`;

/** POSTs JSON; network failures and timeouts become `unavailable` errors naming the provider. */
export async function postJson(
  provider: EmailProviderName,
  label: string,
  url: string,
  init: { headers: Record<string, string>; body: unknown; timeoutMs: number; fetch: typeof fetch },
): Promise<Response> {
  try {
    return await init.fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", ...init.headers },
      body: JSON.stringify(init.body),
      signal: AbortSignal.timeout(init.timeoutMs),
    });
  } catch (error) {
    if (isTimeoutError(error)) {
      throw new EmailProviderError(
        provider,
        "unavailable",
        `${label} did not answer within ${formatTimeout(init.timeoutMs)}`,
        { cause: error },
      );
    }
    throw new EmailProviderError(provider, "unavailable", `${label} could not be reached`, { cause: error });
  }
}

/** Under a second in milliseconds ("100 ms"), else in seconds ("1.5 s"). */
const formatTimeout = (ms: number) => (ms >= 1000 ? formatSeconds(ms) : `${ms} ms`);

/** Reads an error body as JSON if it is JSON, with the key removed from any text it contains. */
export async function readErrorBody(
  response: Response,
  apiKey: string,
): Promise<{ json: unknown; text: string }> {
  const raw = redact(await response.text().catch(() => ""), [apiKey]);
  try {
    return { json: JSON.parse(raw), text: raw };
  } catch {
    return { json: null, text: raw };
  }
}

/** The provider's own explanation, shortened and with the key removed, or "" when it gave none. */
export const providerDetail = (text: string | undefined, apiKey: string) =>
  text ? shorten(redact(text, [apiKey])) : "";
