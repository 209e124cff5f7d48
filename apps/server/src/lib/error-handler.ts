import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from "@fastify/type-provider-zod";
import { ERROR_CODES, type TApiError } from "@shobai/shared";
import type { FastifyError, FastifyInstance } from "fastify";
import { ZodError } from "zod";
import { AppError } from "./app-error";

type Issue = { instancePath?: string; message?: string; params?: { issue?: { path?: PropertyKey[] } } };

/** One readable sentence per problem, each naming its field. */
export function describeValidationIssues(issues: readonly Issue[], context: string): string {
  const parts = issues.map((issue) => {
    const path =
      (issue.params?.issue?.path ?? []).map(String).join(".") || issue.instancePath?.slice(1) || "";
    const message = issue.message ?? "is invalid";
    if (!path) return context === "body" ? "Request body must be a JSON object" : `${context}: ${message}`;
    return message.startsWith(path) ? message : `${path}: ${message}`;
  });
  return [...new Set(parts)].join("; ");
}

const CLIENT_ERROR_TEXTS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "Request body is not valid JSON",
  FST_ERR_CTP_EMPTY_JSON_BODY: "Request body must be a JSON object",
  FST_ERR_CTP_BODY_TOO_LARGE: "Request body is too large",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "Unsupported content type: send JSON",
};

/** Errors as the API conventions say: `{ message, code? }`, never a stack trace. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError>((error, request, reply) => {
    let status: number;
    let body: TApiError;
    if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400;
      body = {
        message: describeValidationIssues(error.validation as Issue[], error.validationContext ?? "body"),
        code: ERROR_CODES.validation,
      };
    } else if ((error as unknown) instanceof ZodError) {
      // A service re-checking its input (callers other than routes): still the caller's mistake.
      const issues = (error as unknown as ZodError).issues;
      status = 400;
      body = {
        message: describeValidationIssues(
          issues.map((i) => ({ message: i.message, params: { issue: { path: i.path } } })),
          "body",
        ),
        code: ERROR_CODES.validation,
      };
    } else if (error instanceof AppError) {
      status = error.status;
      body = { message: error.message, code: error.code };
    } else if (!isResponseSerializationError(error) && error.statusCode && error.statusCode < 500) {
      status = error.statusCode;
      body = {
        message: CLIENT_ERROR_TEXTS[error.code] ?? error.message,
        ...(status === 429
          ? { code: ERROR_CODES.rateLimited }
          : status === 400
            ? { code: ERROR_CODES.validation }
            : {}),
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
