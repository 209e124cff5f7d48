/** Text that comes back from an outside service (email, registrar), made safe to log or show. */

/** Removes every occurrence of the given secrets from a text that may reach a log or a screen. */
export function redact(text: string, secrets: (string | undefined)[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret && secret.length >= 4) out = out.split(secret).join("[redacted]");
  }
  return out;
}

/** True for the error fetch throws when its AbortSignal fires (a timeout or an abort). */
export function isTimeoutError(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return name === "TimeoutError" || name === "AbortError";
}

/** A duration in seconds to one decimal, as messages say it: 400 → "0.4 s", 20000 → "20 s". */
export const formatSeconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/** Keeps provider-supplied text short enough for a toast or a log line. */
export function shorten(text: string, max = 300): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
