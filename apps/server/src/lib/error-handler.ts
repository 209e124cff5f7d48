import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from "@fastify/type-provider-zod";
import { ERROR_CODES, type TApiError, type TApiIssue, type TErrorCode } from "@shobai/shared";
import type { FastifyError, FastifyInstance } from "fastify";
import { ZodError } from "zod";
import { AppError } from "./app-error";
import { isUnstorableText } from "./db-errors";

/** A zod issue as the type provider hands it over (`keyword` is the zod code) or as zod throws it. */
type RawIssue = {
  path?: readonly PropertyKey[];
  instancePath?: string;
  keyword?: string;
  code?: string;
  message?: string;
  params?: Record<string, unknown>;
};

/** Our own checks (`ctx.addIssue({ code: "custom", params: { code } })`) name a sharper code. */
function issueCode(raw: RawIssue): string {
  const code = raw.code ?? raw.keyword ?? "custom";
  const params = raw.params as { code?: unknown; params?: { code?: unknown } } | undefined;
  const own = params?.code ?? params?.params?.code;
  return code === "custom" && typeof own === "string" ? own : code;
}

/** Zod issues as the API answers them: `{ path: "a.b", code, message }`. */
export function toApiIssues(raw: readonly RawIssue[]): TApiIssue[] {
  return raw.map((issue) => ({
    path: issue.path
      ? issue.path.map(String).join(".")
      : (issue.instancePath ?? "").split("/").filter(Boolean).join("."),
    code: issueCode(issue),
    message: issue.message ?? "is invalid",
  }));
}

/** One readable sentence per problem, each naming its field. */
export function describeValidationIssues(issues: readonly TApiIssue[], context: string): string {
  const parts = issues.map(({ path, message }) => {
    if (!path) return context === "body" ? "Request body must be a JSON object" : `${context}: ${message}`;
    return message.startsWith(path) ? message : `${path}: ${message}`;
  });
  return [...new Set(parts)].join("; ");
}

const CLIENT_ERRORS: Record<string, { message: string; code: TErrorCode }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { message: "Request body is not valid JSON", code: ERROR_CODES.validation },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    message: "Request body must be a JSON object",
    code: ERROR_CODES.validation,
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { message: "Request body is too large", code: ERROR_CODES.payloadTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    message: "Unsupported content type: send JSON",
    code: ERROR_CODES.unsupportedMediaType,
  },
};

/** The answer when the database, not a schema, refused a text (the malformed-input sweep looks for it). */
export const UNSTORABLE_TEXT = "The request contains a character that cannot be stored, such as NUL";

/** The code of a 4xx that carries none of its own (Fastify's and plugins' errors). */
const CODE_BY_STATUS: Record<number, TErrorCode> = {
  400: ERROR_CODES.validation,
  401: ERROR_CODES.unauthorized,
  403: ERROR_CODES.forbidden,
  404: ERROR_CODES.notFound,
  409: ERROR_CODES.conflict,
  413: ERROR_CODES.payloadTooLarge,
  415: ERROR_CODES.unsupportedMediaType,
  429: ERROR_CODES.rateLimited,
};

/** Errors as the API conventions say: `{ message, code, issues? }`, never a stack trace. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError>((error, request, reply) => {
    let status: number;
    let body: TApiError;
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = toApiIssues(error.validation as RawIssue[]);
      status = 400;
      body = {
        message: describeValidationIssues(issues, error.validationContext ?? "body"),
        code: ERROR_CODES.validation,
        issues,
      };
    } else if ((error as unknown) instanceof ZodError) {
      // A service re-checking its input (callers other than routes): still the caller's mistake.
      const issues = toApiIssues((error as unknown as ZodError).issues);
      status = 400;
      body = { message: describeValidationIssues(issues, "body"), code: ERROR_CODES.validation, issues };
    } else if (error instanceof AppError) {
      status = error.status;
      body = { message: error.message, code: error.code };
    } else if (isUnstorableText(error)) {
      // The database refused the text (a NUL the schemas missed); its transaction wrote nothing.
      status = 400;
      body = { message: UNSTORABLE_TEXT, code: ERROR_CODES.validation };
      request.log.warn(
        { err: error, url: request.url },
        "text with a control character reached the database",
      );
    } else if (!isResponseSerializationError(error) && error.statusCode && error.statusCode < 500) {
      status = error.statusCode;
      const known = CLIENT_ERRORS[error.code];
      body = {
        message: known?.message ?? error.message,
        code: known?.code ?? CODE_BY_STATUS[status] ?? ERROR_CODES.badRequest,
      };
    } else {
      status = 500;
      body = { message: "Something went wrong on our side. Please try again.", code: ERROR_CODES.internal };
      request.log.error({ err: error }, "unhandled error");
    }
    if (status >= 400 && status < 500) request.log.info({ status, message: body.message }, "client error");
    return reply.status(status).type("application/json; charset=utf-8").send(body);
  });
}
