import { createPrivateKey } from "node:crypto";
import fs from "node:fs";
import { RESEND_DEFAULT_BASE } from "./resend";
import { SENDGRID_DEFAULT_BASE } from "./sendgrid";
import { parseSmtpUrl } from "./smtp";
import { type DkimSigningKey, EMAIL_PROVIDER_NAMES, type EmailProviderName } from "./types";

/** process.env or any object shaped like it. */
export type EmailEnv = Record<string, string | undefined>;

export type ResolvedEmailProviders = {
  /** Which providers have what they need; outbox always does. */
  configured: Record<EmailProviderName, boolean>;
  /** The provider that sends: EMAIL_PROVIDER, else resend, sendgrid, smtp, outbox, first configured. */
  active: EmailProviderName;
  /** True when EMAIL_PROVIDER made the choice. */
  chosenExplicitly: boolean;
  smtp?: SmtpConfig;
  resend?: { apiKey: string; baseUrl: string };
  sendgrid?: { apiKey: string; baseUrl: string };
};

/** SMTP_URL with SMTP_EHLO_NAME and SMTP_ALLOW_PLAINTEXT_AUTH. */
export type SmtpConfig = {
  url: string;
  /** The name we give in EHLO (receivers check it against our address); the OS host name otherwise. */
  ehloName?: string;
  /** Send the user name and password even when the server offers no TLS: only when the operator says so. */
  allowPlaintextAuth: boolean;
  /** DKIM_PRIVATE_KEY_FILE: the platform's key, signing mail From its own domain. */
  platformDkim?: DkimSigningKey;
};

/** A bad email setting; the message names the variable and never repeats a secret. */
export class EmailConfigError extends Error {
  override name = "EmailConfigError";
}

/** Order used when several providers are configured and EMAIL_PROVIDER does not choose. */
export const EMAIL_PROVIDER_PREFERENCE: readonly EmailProviderName[] = [
  "resend",
  "sendgrid",
  "smtp",
  "outbox",
];

const SETTING: Record<Exclude<EmailProviderName, "outbox">, string> = {
  smtp: "SMTP_URL",
  resend: "RESEND_API_KEY",
  sendgrid: "SENDGRID_API_KEY",
};

const LABEL: Record<EmailProviderName, string> = {
  outbox: "the outbox",
  smtp: "SMTP",
  resend: "Resend",
  sendgrid: "SendGrid",
};

const value = (env: EmailEnv, key: string) => {
  const v = env[key]?.trim();
  return v ? v : undefined;
};

function baseUrl(env: EmailEnv, key: string, fallback: string): string {
  const raw = value(env, key);
  if (raw === undefined) return fallback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new EmailConfigError(`${key} must be an http(s) URL such as ${fallback}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new EmailConfigError(`${key} must be an http(s) URL such as ${fallback}`);
  }
  return raw.replace(/\/+$/, "");
}

/**
 * Reads SMTP_URL, RESEND_API_KEY, SENDGRID_API_KEY, EMAIL_PROVIDER, RESEND_API_BASE and
 * SENDGRID_API_BASE. Empty values count as unset. Throws EmailConfigError for a malformed value or
 * an EMAIL_PROVIDER that names a provider that is not configured.
 */
export function resolveEmailProviders(env: EmailEnv): ResolvedEmailProviders {
  const resolved: ResolvedEmailProviders = {
    configured: { outbox: true, smtp: false, resend: false, sendgrid: false },
    active: "outbox",
    chosenExplicitly: false,
  };

  const smtpUrl = value(env, "SMTP_URL");
  if (smtpUrl !== undefined) {
    try {
      parseSmtpUrl(smtpUrl);
    } catch (error) {
      throw new EmailConfigError((error as Error).message);
    }
    const ehloName = value(env, "SMTP_EHLO_NAME")?.toLowerCase();
    if (
      ehloName !== undefined &&
      !/^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/.test(
        ehloName,
      )
    ) {
      throw new EmailConfigError(
        `SMTP_EHLO_NAME must be this host's public name, such as mail.shobai.example (got "${value(env, "SMTP_EHLO_NAME")}")`,
      );
    }
    const plaintext = value(env, "SMTP_ALLOW_PLAINTEXT_AUTH")?.toLowerCase();
    if (plaintext !== undefined && !["true", "false", "1", "0"].includes(plaintext)) {
      throw new EmailConfigError(`SMTP_ALLOW_PLAINTEXT_AUTH must be true or false (got "${plaintext}")`);
    }
    const platformDkim = readPlatformDkim(env);
    resolved.smtp = {
      url: smtpUrl,
      ...(ehloName ? { ehloName } : {}),
      allowPlaintextAuth: plaintext === "true" || plaintext === "1",
      ...(platformDkim ? { platformDkim } : {}),
    };
    resolved.configured.smtp = true;
  }
  const resendKey = value(env, "RESEND_API_KEY");
  if (resendKey !== undefined) {
    resolved.resend = { apiKey: resendKey, baseUrl: baseUrl(env, "RESEND_API_BASE", RESEND_DEFAULT_BASE) };
    resolved.configured.resend = true;
  }
  const sendgridKey = value(env, "SENDGRID_API_KEY");
  if (sendgridKey !== undefined) {
    resolved.sendgrid = {
      apiKey: sendgridKey,
      baseUrl: baseUrl(env, "SENDGRID_API_BASE", SENDGRID_DEFAULT_BASE),
    };
    resolved.configured.sendgrid = true;
  }

  const choice = value(env, "EMAIL_PROVIDER")?.toLowerCase();
  if (choice !== undefined) {
    if (!(EMAIL_PROVIDER_NAMES as readonly string[]).includes(choice)) {
      throw new EmailConfigError(
        `EMAIL_PROVIDER must be one of ${EMAIL_PROVIDER_NAMES.join(", ")} (got "${value(env, "EMAIL_PROVIDER")}")`,
      );
    }
    const name = choice as EmailProviderName;
    if (name !== "outbox" && !resolved.configured[name]) {
      throw new EmailConfigError(`EMAIL_PROVIDER is "${name}" but ${SETTING[name]} is not set`);
    }
    resolved.active = name;
    resolved.chosenExplicitly = true;
  } else {
    resolved.active = EMAIL_PROVIDER_PREFERENCE.find((name) => resolved.configured[name]) ?? "outbox";
  }
  return resolved;
}

/**
 * DKIM_PRIVATE_KEY_FILE (a PEM RSA key), DKIM_SELECTOR (default "shobai") and DKIM_DOMAIN (default:
 * EMAIL_FROM's domain): the platform's key. Its public half is published by the operator at
 * `{selector}._domainkey.{domain}` (README: "Signing mail with DKIM").
 */
export function readPlatformDkim(env: EmailEnv): DkimSigningKey | undefined {
  const file = value(env, "DKIM_PRIVATE_KEY_FILE");
  if (file === undefined) return undefined;
  let privateKey: string;
  try {
    privateKey = fs.readFileSync(file, "utf8");
    if (createPrivateKey(privateKey).asymmetricKeyType !== "rsa") throw new Error("not RSA");
  } catch (error) {
    throw new EmailConfigError(
      `DKIM_PRIVATE_KEY_FILE must name a readable PEM RSA private key (${(error as Error).message.split("\n")[0]})`,
    );
  }
  const keySelector = value(env, "DKIM_SELECTOR") ?? "shobai";
  if (!/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i.test(keySelector)) {
    throw new EmailConfigError(`DKIM_SELECTOR must be a DNS label such as shobai (got "${keySelector}")`);
  }
  const from = value(env, "EMAIL_FROM") ?? "noreply@shobai.localhost";
  const domainName = (value(env, "DKIM_DOMAIN") ?? from.slice(from.lastIndexOf("@") + 1)).toLowerCase();
  return { domainName, keySelector, privateKey };
}

/** The spec's "Email service status": providers (name → configured), activeProvider, recommendation. */
export type EmailServiceStatus = {
  providers: Record<EmailProviderName, boolean>;
  activeProvider: EmailProviderName;
  recommendation: string;
};

export function serviceStatus(resolved: ResolvedEmailProviders): EmailServiceStatus {
  return {
    providers: { ...resolved.configured },
    activeProvider: resolved.active,
    recommendation: recommendation(resolved),
  };
}

function recommendation(resolved: ResolvedEmailProviders): string {
  const others = EMAIL_PROVIDER_PREFERENCE.filter(
    (name) => name !== "outbox" && name !== resolved.active && resolved.configured[name],
  );
  if (resolved.active === "outbox") {
    const first = others[0];
    if (first === undefined) {
      return "Emails stay in the outbox. Set SMTP_URL, RESEND_API_KEY or SENDGRID_API_KEY to deliver them.";
    }
    return `Emails stay in the outbox because EMAIL_PROVIDER is outbox. Set it to ${first} to deliver them through ${LABEL[first]}.`;
  }
  const sentence = `Emails are delivered through ${LABEL[resolved.active]}.`;
  if (others.length === 0) return sentence;
  return `${sentence} ${others.map((n) => LABEL[n]).join(" and ")} ${others.length > 1 ? "are" : "is"} also configured; EMAIL_PROVIDER chooses.`;
}
