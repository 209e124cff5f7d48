import type { TApiIssue } from "@shobai/shared";
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
  "email_unverified",
  "password_too_common",
  "password_like_identity",
  "invalid_token",
  "account_locked",
]);

/** One field the server refused: `path` is the dot-joined field path ("ownerContact.email"). */
export type ApiIssue = TApiIssue;

/** `{ message, code, issues }` out of an error body, checked by hand (zod stays out of this file). */
function readErrorBody(body: string): { message?: string; code?: string; issues: ApiIssue[] } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { issues: [] };
  }
  if (typeof parsed !== "object" || parsed === null) return { issues: [] };
  const { message, code, issues } = parsed as Record<string, unknown>;
  const isIssue = (value: unknown): value is ApiIssue =>
    typeof value === "object" &&
    value !== null &&
    typeof (value as ApiIssue).path === "string" &&
    typeof (value as ApiIssue).code === "string" &&
    typeof (value as ApiIssue).message === "string";
  return {
    message: typeof message === "string" ? message : undefined,
    code: typeof code === "string" ? code : undefined,
    issues: Array.isArray(issues) ? issues.filter(isIssue) : [],
  };
}

/**
 * A non-ok HTTP answer with the server's error code and field issues. Its message is
 * `${status}: ${bodyText || statusText}` (spec §7).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;
  /** One of ERROR_CODES, when the body was our JSON error. */
  readonly code: string | undefined;
  /** The fields a 400 refused, each with its dot-joined path. */
  readonly issues: readonly ApiIssue[];
  /** The server's own (English) text: for logs, never for the screen. */
  readonly serverMessage: string | undefined;

  constructor(status: number, body: string, statusText: string) {
    super(`${status}: ${body || statusText}`);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
    const parsed = readErrorBody(body);
    this.code = parsed.code;
    this.issues = parsed.issues;
    this.serverMessage = parsed.message;
  }
}

/** Reads `{ message, code }` from an error's text `status: body`, whether or not it is an ApiError. */
function parseErrorBody(error: unknown): { message?: string | undefined; code?: string | undefined } {
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

const KNOWN_CODES: ReadonlySet<string> = new Set(Object.values(ERROR_CODES));

/** The field issues of a refused call (a 400 validation_error), or none. */
export function getErrorIssues(error: unknown): readonly ApiIssue[] {
  return error instanceof ApiError ? error.issues : [];
}

/**
 * What a failed call means, in the interface language, chosen by its error code; `fallback` when
 * it has none we know (a proxy's HTML page, a network failure). Never the server's English text.
 */
export function errorText(error: unknown, fallback: string): string {
  const code = error instanceof ApiError ? error.code : undefined;
  if (code && KNOWN_CODES.has(code)) return i18n.t(`common:serverErrors.${code}`);
  return fallback;
}

/** One refused field's text in the interface language, chosen by the zod issue code. */
export function issueText(issue: Pick<ApiIssue, "code">): string {
  return i18n.t(`common:fieldIssues.${issue.code}`, { defaultValue: i18n.t("common:fieldIssues.custom") });
}

/**
 * The server's field errors for a form: `fieldOf` names the form field an issue path belongs to
 * (undefined for a path the form does not show); `text` may say a field's issue more exactly.
 * The first issue of each field wins, in the order the server listed them.
 */
export function fieldErrors<F extends string>(
  error: unknown,
  fieldOf: (path: string) => F | undefined,
  text: (field: F, issue: ApiIssue) => string | undefined = () => undefined,
): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  for (const issue of getErrorIssues(error)) {
    const field = fieldOf(issue.path);
    if (field === undefined || errors[field] !== undefined) continue;
    errors[field] = text(field, issue) ?? issueText(issue);
  }
  return errors;
}

/** A `fieldOf` for forms whose fields are the request's keys ("ownerContact.email" → "ownerContact"). */
export function topLevelField<F extends string>(fields: readonly F[]): (path: string) => F | undefined {
  return (path) => fields.find((field) => path === field || path.startsWith(`${field}.`));
}
