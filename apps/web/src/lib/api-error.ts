import type { TApiError } from "@shobai/shared";
import { ERROR_CODES } from "@shobai/shared/constants";
import { i18n } from "./i18n";

/**
 * Codes whose meaning is fixed, so the screen can say them in the reader's language. Other
 * answers (a validation message naming a field, say) are shown as the server wrote them.
 */
const TRANSLATED_CODES = new Set([
  "invalid_credentials",
  "email_taken",
  "rate_limited",
  "internal_error",
  "cross_origin_refused",
  "unauthorized",
]);

/**
 * A non-ok HTTP answer. Its message is `${status}: ${bodyText || statusText}` (spec §7);
 * the status and body stay available so screens can show the server's own message.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;

  constructor(status: number, body: string, statusText: string) {
    super(`${status}: ${body || statusText}`);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
  }
}

/** Reads `{ message, code }` from an error's text `status: body`, whether or not it is an ApiError. */
function parseErrorBody(error: unknown): Partial<TApiError> {
  if (!(error instanceof Error)) return {};
  const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
  if (!match) return {};
  try {
    const body: unknown = JSON.parse(match[1] ?? "");
    if (typeof body !== "object" || body === null) return {};
    const { message, code } = body as Record<string, unknown>;
    return {
      message: typeof message === "string" ? message : undefined,
      code: typeof code === "string" ? code : undefined,
    };
  } catch {
    return {};
  }
}

/** The server's `message` for a toast (in the UI language where its code allows), or the fallback. */
export function getErrorMessage(error: unknown, fallback: string): string {
  const { message, code } = parseErrorBody(error);
  if (code && TRANSLATED_CODES.has(code)) return i18n.t(`common:serverErrors.${code}`);
  return message?.trim() ? message.trim() : fallback;
}

/** The server's machine-readable `code` (see ERROR_CODES), if it sent one. */
export function getErrorCode(error: unknown): string | undefined {
  return parseErrorBody(error).code;
}

export function getErrorStatus(error: unknown): number | undefined {
  if (error instanceof ApiError) return error.status;
  if (!(error instanceof Error)) return undefined;
  const match = /^(\d{3}): /.exec(error.message);
  return match ? Number(match[1]) : undefined;
}

export function isUnauthorizedError(error: unknown): boolean {
  return getErrorStatus(error) === 401;
}

/** A 403 plan_required: the plan (or a trial that ended) does not allow this; a plan change does. */
export function isPlanRequiredError(error: unknown): boolean {
  return getErrorCode(error) === ERROR_CODES.planRequired;
}
