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
  websiteLimit: "website_limit",
  importFailed: "import_failed",
  generationFailed: "generation_failed",
  senderUnverified: "sender_unverified",
  emailFailed: "email_failed",
  internal: "internal_error",
} as const;
export type TErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
