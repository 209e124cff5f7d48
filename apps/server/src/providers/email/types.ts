export const EMAIL_PROVIDER_NAMES = ["outbox", "smtp", "resend", "sendgrid"] as const;
export type EmailProviderName = (typeof EMAIL_PROVIDER_NAMES)[number];

export type EmailAddress = { email: string; name?: string };

/** One message to one recipient, already rendered: the provider only delivers it. */
export type OutgoingEmail = {
  from: EmailAddress;
  to: EmailAddress;
  replyTo?: EmailAddress;
  subject: string;
  html: string;
  text: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
  /** Labels kept with the message by the provider (Resend tags, SendGrid custom_args). */
  tags?: Record<string, string>;
  /** Same key, same message: lets a provider that supports it drop a repeat (e.g. after a retry). */
  idempotencyKey?: string;
  /**
   * Sign with this DKIM key (SMTP; Resend and SendGrid sign with the domain authenticated in their
   * own dashboards). Without it, SMTP signs mail From the platform's domain with DKIM_PRIVATE_KEY_FILE.
   */
  dkim?: DkimSigningKey;
  /** The SMTP envelope sender (Return-Path), where bounces go: a VERP address on the bounce domain. */
  envelopeFrom?: string;
};

/** What a DKIM signature needs (RFC 6376): d=, s= and the private key in PEM. */
export type DkimSigningKey = { domainName: string; keySelector: string; privateKey: string };

export type SendResult = { providerMessageId: string | null };

export interface EmailProvider {
  readonly name: EmailProviderName;
  send(message: OutgoingEmail): Promise<SendResult>;
  /** Releases pooled connections (SMTP); a no-op elsewhere. */
  close?(): Promise<void>;
}

/**
 * - rejected: this message will never be accepted as it is (bad recipient, unverified sender, invalid
 *   payload); retrying is pointless.
 * - rate_limited: the provider asked us to slow down; retry later (see retryAfterMs).
 * - unavailable: the provider is down or unreachable, or answered a temporary failure; retry later.
 * - misconfigured: credentials or settings are wrong; nothing will be sent until an operator fixes them.
 */
export type EmailProviderErrorKind = "rejected" | "rate_limited" | "unavailable" | "misconfigured";

export class EmailProviderError extends Error {
  override name = "EmailProviderError";
  readonly kind: EmailProviderErrorKind;
  readonly provider: EmailProviderName;
  /** How long the provider asked us to wait before trying again, when it said so. */
  readonly retryAfterMs?: number;
  /** HTTP status or SMTP reply code behind the error, when there was one. */
  readonly status?: number;
  /**
   * The receiving server refused this recipient or this message for good (SMTP 5xx at RCPT or DATA):
   * a hard bounce, after which the address is no longer mailed.
   */
  readonly bounce: boolean;

  constructor(
    provider: EmailProviderName,
    kind: EmailProviderErrorKind,
    message: string,
    options: { retryAfterMs?: number; status?: number; bounce?: boolean; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.provider = provider;
    this.kind = kind;
    if (options.retryAfterMs !== undefined) this.retryAfterMs = options.retryAfterMs;
    if (options.status !== undefined) this.status = options.status;
    this.bounce = options.bounce ?? false;
  }

  /** True when the same message may go through on a later attempt. */
  get retryable(): boolean {
    return this.kind === "rate_limited" || this.kind === "unavailable";
  }
}

export const isEmailProviderError = (error: unknown): error is EmailProviderError =>
  error instanceof EmailProviderError;
