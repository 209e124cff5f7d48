import { z } from "zod";

/** Every error answer of the API: `{ message, code? }` with the matching HTTP status. */
export const ZApiError = z.object({
  message: z.string(),
  code: z.string().optional(),
});
export type TApiError = z.infer<typeof ZApiError>;

/** Stable machine-readable codes; the message is for people, the code for programs. */
export const ERROR_CODES = {
  validation: "validation_error",
  unauthorized: "unauthorized",
  forbidden: "forbidden",
  crossOrigin: "cross_origin_refused",
  notFound: "not_found",
  conflict: "conflict",
  emailTaken: "email_taken",
  invalidCredentials: "invalid_credentials",
  invalidPassword: "invalid_password",
  rateLimited: "rate_limited",
  notConfigured: "not_configured",
  planLimit: "plan_limit",
  internal: "internal_error",
} as const;
export type TErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
