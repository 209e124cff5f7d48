import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import nodemailer, { type NodemailerError, type SendMailOptions } from "nodemailer";
import { redact, shorten } from "../provider-text";
import { type ComposedMessage, createComposePool } from "./compose-pool";
import { assertSendable, domainOf } from "./message";
import { type DkimSigningKey, type EmailAddress, type EmailProvider, EmailProviderError } from "./types";

export type SmtpSettings = {
  host: string;
  port: number;
  /** Implicit TLS from the first byte (smtps://); otherwise STARTTLS is used when the server offers it. */
  secure: boolean;
  user?: string;
  pass?: string;
};

/** Parses `smtp://user:pass@host:port` or `smtps://…`; the error names SMTP_URL and never echoes it. */
export function parseSmtpUrl(raw: string): SmtpSettings {
  const shape = "SMTP_URL must look like smtp://user:pass@host:port (or smtps:// for implicit TLS)";
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new Error(shape);
  }
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:") throw new Error(shape);
  if (!url.hostname) throw new Error(`${shape}: the host is missing`);
  const secure = url.protocol === "smtps:";
  const port = url.port ? Number(url.port) : secure ? 465 : 587;
  const settings: SmtpSettings = { host: url.hostname.replace(/^\[(.*)\]$/, "$1"), port, secure };
  if (url.username) settings.user = decodeURIComponent(url.username);
  if (url.password) settings.pass = decodeURIComponent(url.password);
  if (settings.pass !== undefined && settings.user === undefined) {
    throw new Error(`${shape}: a password was given without a user name`);
  }
  return settings;
}

export type SmtpProviderOptions = {
  /** SMTP_URL */
  url: string;
  /** SMTP_EHLO_NAME: the name given in EHLO; the OS host name when unset. */
  ehloName?: string;
  /**
   * SMTP_ALLOW_PLAINTEXT_AUTH: send credentials over a connection without TLS. Off by default: with a
   * user name in SMTP_URL and no smtps://, the server must offer STARTTLS or nothing is sent.
   */
  allowPlaintextAuth?: boolean;
  /** The platform's own key: signs every message From its domain that brings no key of its own. */
  platformDkim?: DkimSigningKey;
  connectionTimeoutMs?: number;
  greetingTimeoutMs?: number;
  socketTimeoutMs?: number;
  maxConnections?: number;
  /** Extra TLS options, e.g. a private CA; tests use rejectUnauthorized: false for a self-signed peer. */
  tls?: { rejectUnauthorized?: boolean; ca?: string | Buffer };
};

/**
 * SMTP through a pooled nodemailer transport: a few long-lived connections shared by all sends,
 * which is what lets a campaign go out at hundreds of messages a second. Messages are built and
 * signed in worker threads (compose-pool.ts); the connections only carry the finished bytes.
 */
export function createSmtpProvider(options: SmtpProviderOptions): EmailProvider {
  const settings = parseSmtpUrl(options.url);
  const transport = nodemailer.createTransport({
    pool: true,
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    // Credentials never travel in clear: STARTTLS is required before AUTH unless the operator opts out.
    requireTLS: settings.user !== undefined && !settings.secure && !options.allowPlaintextAuth,
    ...(options.ehloName ? { name: options.ehloName } : {}),
    ...(settings.user !== undefined ? { auth: { user: settings.user, pass: settings.pass ?? "" } } : {}),
    maxConnections: options.maxConnections ?? 20,
    // Keep connections for many messages: a new SMTP session per 100 mails costs more than the mails.
    maxMessages: 1000,
    connectionTimeout: options.connectionTimeoutMs ?? 10_000,
    greetingTimeout: options.greetingTimeoutMs ?? 10_000,
    socketTimeout: options.socketTimeoutMs ?? 30_000,
    // Count loopback when choosing IPv4/IPv6, so a relay named "localhost" works on a host whose
    // only other interfaces are of the other family.
    allowInternalNetworkInterfaces: true,
    ...(options.tls ? { tls: options.tls } : {}),
  });
  const composer = createComposePool();

  return {
    name: "smtp",
    async send(message) {
      assertSendable("smtp", message);
      const mail: SendMailOptions = {
        from: toNodemailerAddress(message.from),
        to: toNodemailerAddress(message.to),
        subject: message.subject,
        html: message.html,
        text: message.text,
      };
      if (message.replyTo) mail.replyTo = toNodemailerAddress(message.replyTo);
      const dkim =
        message.dkim ??
        (options.platformDkim && domainOf(message.from.email) === options.platformDkim.domainName
          ? options.platformDkim
          : undefined);
      if (dkim) mail.dkim = { ...dkim, headerFieldNames: SIGNED_HEADERS };
      if (message.envelopeFrom) mail.envelope = { from: message.envelopeFrom, to: message.to.email };
      if (message.headers) mail.headers = { ...message.headers };
      if (message.idempotencyKey !== undefined) {
        mail.messageId = deterministicMessageId(message.idempotencyKey, message.from.email);
      }
      try {
        const composed = await composer.compose(mail);
        const raw = Buffer.from(composed.raw.buffer, composed.raw.byteOffset, composed.raw.byteLength);
        await new Promise<void>((resolve, reject) => {
          transport.transporter.send(finishedMail(composed.envelope, raw, composed.messageId), (error) =>
            error ? reject(error) : resolve(),
          );
        });
        return { providerMessageId: composed.messageId };
      } catch (error) {
        throw smtpError(error as NodemailerError, settings);
      }
    },
    async close() {
      transport.close();
      await composer.close();
    },
  };
}

/** Headers the DKIM signature covers: what a reader sees and what unsubscribe relies on (RFC 8058 §4). */
const SIGNED_HEADERS =
  "from:sender:reply-to:subject:date:message-id:to:cc:mime-version:content-type:content-transfer-encoding:list-unsubscribe:list-unsubscribe-post:list-id:auto-submitted";

/**
 * A finished message as nodemailer's pool transport takes one (the transport API: `send(mail,
 * callback)` reads the envelope, the Message-ID and the message stream of `mail.message`). Handing
 * it over this way skips what `sendMail` does for a raw message on the event loop (a MailComposer
 * and its MIME node, two random values, a stream pipeline): the bytes sent are the same.
 */
function finishedMail(envelope: ComposedMessage["envelope"], raw: Buffer, messageId: string | null) {
  // nodemailer ends a raw message with a line break when it has none (its LastNewline stream).
  const bytes = raw.at(-1) === 0x0a ? raw : Buffer.concat([raw, Buffer.from("\r\n")]);
  const message = {
    getEnvelope: () => ({ from: envelope.from, to: [...envelope.to] }),
    messageId: () => messageId ?? "",
    getHeader: (key: string) => (key.toLowerCase() === "message-id" ? (messageId ?? undefined) : undefined),
    // A new stream each time: the pool sends the message again over another connection when the
    // one it chose was closed before a byte of it went out.
    createReadStream: () => Readable.from([bytes], { objectMode: false }),
  };
  return { data: {}, message } as unknown as Parameters<Transporter["transporter"]["send"]>[0];
}

type Transporter = ReturnType<typeof nodemailer.createTransport>;

const toNodemailerAddress = (a: EmailAddress) => (a.name ? { name: a.name, address: a.email } : a.email);

/** A repeat of the same logical message carries the same Message-ID, so receivers can spot it. */
function deterministicMessageId(key: string, fromEmail: string): string {
  const domain = fromEmail.split("@")[1] ?? "localhost";
  return `<${createHash("sha256").update(key).digest("hex").slice(0, 32)}@${domain}>`;
}

const WHAT_WAS_REFUSED: [RegExp, string][] = [
  [/^RCPT/i, "the recipient address"],
  [/^MAIL/i, "the sender address"],
  [/^DATA/i, "the message"],
  [/^AUTH/i, "the user name or password in SMTP_URL"],
];

/** Turns a nodemailer error into one an owner or operator can act on; never includes the password. */
export function smtpError(error: NodemailerError, settings: SmtpSettings): EmailProviderError {
  const where = `${settings.host}:${settings.port}`;
  const clean = (text: string) => shorten(redact(text, [settings.pass]));
  const code = error.responseCode;
  const reply = clean(error.response ?? error.message ?? "");

  if (error.code === "EAUTH" || error.code === "ENOAUTH" || code === 535 || code === 530) {
    return new EmailProviderError(
      "smtp",
      "misconfigured",
      `The SMTP server at ${where} refused the user name or password in SMTP_URL${reply ? `: ${reply}` : ""}`,
      { status: code, cause: error },
    );
  }
  if (error.command === "STARTTLS" && (typeof code !== "number" || code >= 500)) {
    return new EmailProviderError(
      "smtp",
      "misconfigured",
      `The SMTP server at ${where} does not offer STARTTLS, so the user name and password in SMTP_URL would travel unencrypted; nothing was sent. Use smtps://, a server with STARTTLS, or set SMTP_ALLOW_PLAINTEXT_AUTH=true on a trusted network`,
      { cause: error },
    );
  }
  if (typeof code === "number" && code >= 400 && code < 600) {
    const refused =
      WHAT_WAS_REFUSED.find(([pattern]) => pattern.test(error.command ?? ""))?.[1] ?? "the message";
    const permanent = error.permanent ?? (code >= 500 && code !== 503);
    if (permanent) {
      return new EmailProviderError("smtp", "rejected", `The SMTP server refused ${refused}: ${reply}`, {
        status: code,
        bounce: /^(RCPT|DATA)/i.test(error.command ?? ""),
        cause: error,
      });
    }
    const slowDown = code === 421 || /rate|too many|throttl|slow down/i.test(reply);
    return new EmailProviderError(
      "smtp",
      slowDown ? "rate_limited" : "unavailable",
      `The SMTP server temporarily refused ${refused}: ${reply}`,
      { status: code, cause: error },
    );
  }
  if (error.code === "ETLS" || /cert/i.test(`${error.originalCode ?? ""} ${error.message}`)) {
    return new EmailProviderError(
      "smtp",
      "misconfigured",
      `TLS with the SMTP server at ${where} failed: ${clean(error.message)}`,
      { cause: error },
    );
  }
  const underlying = error.originalCode ?? error.code;
  const reason =
    underlying === "ECONNREFUSED"
      ? "connection refused"
      : underlying === "ETIMEDOUT" || error.code === "ETIMEDOUT"
        ? "timed out"
        : underlying === "ENOTFOUND" || error.code === "EDNS"
          ? "host not found"
          : clean(error.message);
  return new EmailProviderError(
    "smtp",
    "unavailable",
    `Could not reach the SMTP server at ${where} (${reason})`,
    { cause: error },
  );
}
