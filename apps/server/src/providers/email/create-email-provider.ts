import type { ResolvedEmailProviders } from "./config";
import { EmailConfigError } from "./config";
import { createOutboxProvider, type OutboxStore } from "./outbox";
import { createResendProvider } from "./resend";
import { createSendGridProvider } from "./sendgrid";
import { createSmtpProvider, type SmtpProviderOptions } from "./smtp";
import type { EmailProvider, EmailProviderName } from "./types";

export type EmailProviderDeps = {
  /** Where the outbox provider keeps messages (a database table in the app). */
  outboxStore: OutboxStore;
  fetch?: typeof fetch;
  /** HTTP providers' timeout; 15 s by default. */
  httpTimeoutMs?: number;
  /** Timeouts and TLS options for SMTP; the URL always comes from SMTP_URL. */
  smtp?: Omit<SmtpProviderOptions, "url">;
};

/**
 * Builds the active provider (or `which`, when given and configured, e.g. for a test send through a
 * specific one). Call once at boot and reuse: the SMTP provider holds a connection pool; close() it
 * on shutdown.
 */
export function createEmailProvider(
  resolved: ResolvedEmailProviders,
  deps: EmailProviderDeps,
  which: EmailProviderName = resolved.active,
): EmailProvider {
  const http = {
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
    ...(deps.httpTimeoutMs !== undefined ? { timeoutMs: deps.httpTimeoutMs } : {}),
  };
  switch (which) {
    case "outbox":
      return createOutboxProvider(deps.outboxStore);
    case "smtp":
      if (!resolved.smtp) throw new EmailConfigError("SMTP is not configured: set SMTP_URL");
      return createSmtpProvider({ ...deps.smtp, ...resolved.smtp });
    case "resend":
      if (!resolved.resend) throw new EmailConfigError("Resend is not configured: set RESEND_API_KEY");
      return createResendProvider({ ...resolved.resend, ...http });
    case "sendgrid":
      if (!resolved.sendgrid) throw new EmailConfigError("SendGrid is not configured: set SENDGRID_API_KEY");
      return createSendGridProvider({ ...resolved.sendgrid, ...http });
  }
}
