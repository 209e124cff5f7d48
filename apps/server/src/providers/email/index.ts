export {
  EMAIL_PROVIDER_PREFERENCE,
  EmailConfigError,
  type EmailEnv,
  type EmailServiceStatus,
  type ResolvedEmailProviders,
  resolveEmailProviders,
  serviceStatus,
} from "./config";
export { createEmailProvider, type EmailProviderDeps } from "./create-email-provider";
export type { HttpProviderOptions } from "./http";
export { formatAddress } from "./message";
export {
  createMemoryOutboxStore,
  createOutboxProvider,
  type OutboxMeta,
  type OutboxStore,
  type StoredOutboxEmail,
} from "./outbox";
export { createResendProvider, RESEND_DEFAULT_BASE } from "./resend";
export { backoffDelay, parseRetryAfter, type RetryOptions, sendWithRetry } from "./retry";
export { createSendGridProvider, SENDGRID_DEFAULT_BASE } from "./sendgrid";
export { createSmtpProvider, parseSmtpUrl, type SmtpProviderOptions, type SmtpSettings } from "./smtp";
export {
  EMAIL_PROVIDER_NAMES,
  type EmailAddress,
  type EmailProvider,
  EmailProviderError,
  type EmailProviderErrorKind,
  type EmailProviderName,
  isEmailProviderError,
  type OutgoingEmail,
  type SendResult,
} from "./types";
