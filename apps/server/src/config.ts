import net from "node:net";
import path from "node:path";
import { isInvoiceRegistrationNumber, type TPaidPlanId } from "@shobai/shared";
import { z } from "zod";
import type { TrustProxy } from "./lib/client-address";
import { ecPublicKey } from "./lib/public-key";
import {
  EmailConfigError,
  type ResolvedEmailProviders,
  resolveEmailProviders,
} from "./providers/email/config";
import {
  DEFAULT_REGISTRAR_API_BASE,
  REGISTRAR_CURRENCIES,
  type RegistrarConfig,
} from "./providers/registrar/gandi";

/** A configuration problem: start-up stops with this message, which names the variable. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

const emptyToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const int = (def: number, min: number, max: number) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: "must be a whole number" })
      .int({ error: "must be a whole number" })
      .min(min, { error: `must be at least ${min}` })
      .max(max, { error: `must be at most ${max}` })
      .default(def),
  );
const trimmed = (v: unknown) => (typeof v === "string" ? emptyToUndefined(v.trim()) : v);
const operatorText = (max: number) =>
  z.preprocess(
    trimmed,
    z
      .string()
      .max(max, { error: `must be at most ${max} characters` })
      .optional(),
  );
/** An IPv4/IPv6 address or CIDR, or one of proxy-addr's names (loopback, linklocal, uniquelocal). */
function isProxyAddress(v: string): boolean {
  if (["loopback", "linklocal", "uniquelocal"].includes(v)) return true;
  const [address = "", bits, ...extra] = v.split("/");
  if (extra.length > 0) return false;
  const family = net.isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  const max = family === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}
/**
 * TRUST_PROXY: true/false, the number of proxies in front of the app (1 behind one Caddy), or the
 * proxies' addresses/CIDRs. Decides which X-Forwarded-For entry is the client (lib/client-address.ts).
 */
const trustProxy = z.preprocess(
  trimmed,
  z
    .string()
    .optional()
    .transform((v, ctx): boolean | number | string[] => {
      if (v === undefined) return false;
      const lower = v.toLowerCase();
      if (["true", "yes"].includes(lower)) return true;
      if (["false", "no"].includes(lower)) return false;
      if (/^\d+$/.test(v)) {
        const hops = Number(v);
        if (hops <= 20) return hops;
      }
      const list = splitList(lower);
      if (list.length > 0 && list.every(isProxyAddress)) return list;
      ctx.addIssue({
        code: "custom",
        message:
          "must be true, false, a number of proxies (0–20, such as 1) or the proxies' addresses, such as 10.0.0.1,192.168.0.0/16",
      });
      return z.NEVER;
    }),
);
const url = (protocols: RegExp, hint: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((v) => URL.canParse(v) && protocols.test(new URL(v).protocol), { error: `must be ${hint}` })
      .optional(),
  );

const splitList = (v: string) =>
  v
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
const ipList = (family: string, valid: (v: string) => boolean, example: string) =>
  z.preprocess(
    trimmed,
    z
      .string()
      .refine((v) => splitList(v).every(valid), {
        error: `must be a comma-separated list of ${family} addresses, such as ${example}`,
      })
      .optional(),
  );
/** 1.1.1.1, 127.0.0.1:5353, 2001:db8::1 or [2001:db8::1]:5353, as `dns.Resolver.setServers` takes them. */
function isDnsServer(v: string): boolean {
  const bracketed = /^\[([0-9a-f:.]+)\](?::(\d{1,5}))?$/i.exec(v);
  const v4 = /^([0-9.]+)(?::(\d{1,5}))?$/.exec(v);
  const [address, port] = bracketed ? [bracketed[1], bracketed[2]] : v4 ? [v4[1], v4[2]] : [v, undefined];
  const portOk = port === undefined || (Number(port) > 0 && Number(port) <= 65535);
  return portOk && Boolean(address) && net.isIP(address ?? "") !== 0;
}

const ZEnv = z
  .object({
    NODE_ENV: z.preprocess(
      emptyToUndefined,
      z.enum(["development", "production", "test"]).default("development"),
    ),
    PORT: int(5000, 0, 65535),
    HOST: z.preprocess(emptyToUndefined, z.string().default("127.0.0.1")),
    DATA_DIR: z.preprocess(emptyToUndefined, z.string().default("./data")),
    DATABASE_URL: url(/^postgres(ql)?:$/, "a postgres:// or postgresql:// URL"),
    APP_URL: url(/^https?:$/, "an http:// or https:// URL, such as https://shobai.example"),
    AUTH_SECRET: z.preprocess(
      emptyToUndefined,
      z.string().min(32, { error: "must be at least 32 characters (try: openssl rand -hex 32)" }).optional(),
    ),
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    AUTH_RATE_LIMIT_MAX: int(10, 1, 100_000),
    AUTH_RATE_LIMIT_WINDOW_SECONDS: int(60, 1, 86_400),
    SIGNUP_RATE_LIMIT_PER_HOUR: int(20, 1, 100_000),
    TRUST_PROXY: trustProxy,
    SITES_DOMAIN: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[a-z0-9.-]+$/i, { error: "must be a domain name such as sites.shobai.example" })
        .default("localhost"),
    ),
    IMPORT_ALLOWED_HOSTS: z.preprocess(emptyToUndefined, z.string().optional()),
    SITES_CNAME_TARGET: z.preprocess(
      trimmed,
      z
        .string()
        .regex(/^(?=.*\.)[a-z0-9.-]+$/i, { error: "must be a host name such as sites.shobai.example" })
        .optional(),
    ),
    SITES_IPV4: ipList("IPv4", net.isIPv4, "203.0.113.10"),
    SITES_IPV6: ipList("IPv6", net.isIPv6, "2001:db8::10"),
    DNS_SERVERS: z.preprocess(
      trimmed,
      z
        .string()
        .refine((v) => splitList(v).every(isDnsServer), {
          error: "must be a comma-separated list of ip[:port], such as 1.1.1.1,8.8.8.8 or 127.0.0.1:5353",
        })
        .optional(),
    ),
    AI_BASE_URL: url(
      /^https?:$/,
      "an http:// or https:// URL of an OpenAI-compatible API, such as https://api.openai.com/v1",
    ),
    AI_API_KEY: optionalString,
    AI_MODEL: z.preprocess(emptyToUndefined, z.string().default("gpt-4o-mini")),
    PUBLIC_URL: url(/^https?:$/, "an http:// or https:// URL, such as https://shobai.example"),
    EMAIL_FROM: z.preprocess(
      emptyToUndefined,
      z
        .email({ error: "must be an email address, such as noreply@shobai.example" })
        .default("noreply@shobai.localhost"),
    ),
    EMAIL_RATE_PER_SECOND: int(50, 1, 10_000),
    EMAIL_BOUNCE_DOMAIN: z.preprocess(
      trimmed,
      z
        .string()
        .regex(/^(?=.*\.)[a-z0-9.-]+$/i, { error: "must be a domain name such as bounces.shobai.example" })
        .optional(),
    ),
    // Asynchronous bounces and complaints (decision 0037).
    INBOUND_SMTP_PORT: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ error: "must be a port number, such as 25" })
        .int({ error: "must be a port number, such as 25" })
        .min(1, { error: "must be at least 1" })
        .max(65535, { error: "must be at most 65535" })
        .optional(),
    ),
    INBOUND_SMTP_HOST: z.preprocess(emptyToUndefined, z.string().default("0.0.0.0")),
    RESEND_WEBHOOK_SECRET: z.preprocess(
      trimmed,
      z
        .string()
        .regex(/^whsec_[A-Za-z0-9+/=]+$/, { error: "must be the webhook's signing secret (whsec_…)" })
        .optional(),
    ),
    SENDGRID_WEBHOOK_PUBLIC_KEY: z.preprocess(
      trimmed,
      z
        .string()
        .refine(
          (v) => {
            try {
              ecPublicKey(v);
              return true;
            } catch {
              return false;
            }
          },
          { error: "must be the Event Webhook's verification key (base64, as SendGrid shows it)" },
        )
        .optional(),
    ),
    STRIPE_SECRET_KEY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^(sk|rk)_[A-Za-z0-9_]+$/, {
          error: "must be a Stripe secret key (sk_live_…, sk_test_… or rk_…)",
        })
        .optional(),
    ),
    STRIPE_WEBHOOK_SECRET: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^whsec_[A-Za-z0-9_+/=]+$/, { error: "must be a Stripe webhook signing secret (whsec_…)" })
        .optional(),
    ),
    STRIPE_PRICE_STARTER: optionalString,
    STRIPE_PRICE_BUSINESS: optionalString,
    STRIPE_PRICE_ENTERPRISE: optionalString,
    STRIPE_PRICE_WHITE_LABEL: optionalString,
    STRIPE_API_BASE: url(/^https?:$/, "an http:// or https:// URL, such as http://127.0.0.1:12111"),
    REGISTRAR_API_TOKEN: optionalString,
    REGISTRAR_API_BASE: url(/^https?:$/, "an http:// or https:// URL, such as https://api.sandbox.gandi.net"),
    REGISTRAR_CURRENCY: z.preprocess(
      (v) => (typeof v === "string" ? emptyToUndefined(v.trim().toUpperCase()) : v),
      z
        .enum(REGISTRAR_CURRENCIES, { error: `must be one of ${REGISTRAR_CURRENCIES.join(", ")}` })
        .default("EUR"),
    ),
    REGISTRAR_JPY_RATE: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ error: "must be a number of yen, such as 165.5" })
        .positive({ error: "must be a positive number of yen, such as 165.5" })
        .max(100_000, { error: "must be at most 100000" })
        .optional(),
    ),
    REGISTRAR_SHARING_ID: optionalString,
    SHUTDOWN_TIMEOUT_SECONDS: int(30, 1, 3_600),
    REQUEST_TIMEOUT_SECONDS: int(30, 1, 3_600),
    MAX_CONNECTIONS_PER_IP: int(256, 0, 1_000_000),
    BACKUP_DIR: z.preprocess(trimmed, z.string().optional()),
    /** Photos (originals and variants) in this folder instead of the database (decision 0044). */
    MEDIA_DIR: z.preprocess(trimmed, z.string().optional()),
    /** S3-compatible storage for photos (all four, or none); S3_REGION defaults to us-east-1. */
    S3_ENDPOINT: url(
      /^https?:$/,
      "an http:// or https:// URL, such as https://s3.ap-northeast-1.amazonaws.com",
    ),
    S3_BUCKET: optionalString,
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_REGION: optionalString,
    /** Stock photos in the editor (decision 0053): an Unsplash application's access key. */
    UNSPLASH_ACCESS_KEY: optionalString,
    UNSPLASH_API_BASE: url(/^https?:$/, "an http:// or https:// URL, such as https://api.unsplash.com"),
    BACKUP_RETENTION_DAYS: int(30, 1, 3_650),
    BACKUP_INTERVAL_HOURS: int(24, 0, 8_760),
    LOG_LEVEL: z.preprocess(
      emptyToUndefined,
      z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    ),
    // The seller named on /commercial-law (特定商取引法に基づく表記).
    OPERATOR_NAME: operatorText(200),
    OPERATOR_REPRESENTATIVE: operatorText(200),
    OPERATOR_ADDRESS: operatorText(300),
    OPERATOR_PHONE: z.preprocess(
      trimmed,
      z
        .string()
        .regex(/^\+?[0-9(][0-9 ()-]{5,24}$/, { error: "must be a telephone number, such as 03-1234-5678" })
        .optional(),
    ),
    OPERATOR_EMAIL: z.preprocess(
      trimmed,
      z.email({ error: "must be an email address, such as support@shobai.example" }).optional(),
    ),
    // 適格請求書発行事業者登録番号 printed on receipts (decision 0043).
    OPERATOR_INVOICE_NUMBER: z.preprocess(
      (v) => (typeof v === "string" ? emptyToUndefined(v.trim().toUpperCase()) : v),
      z
        .string()
        .refine(isInvoiceRegistrationNumber, {
          error: "must be T and 13 digits with a valid check digit, such as T7000012050002",
        })
        .optional(),
    ),
  })
  .superRefine((env, ctx) => {
    // Gandi prices in EUR, USD or GBP; without a rate no yen price could be shown (decision 0010).
    if (env.REGISTRAR_API_TOKEN && env.REGISTRAR_JPY_RATE === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["REGISTRAR_JPY_RATE"],
        message: `must be set with REGISTRAR_API_TOKEN: yen per 1 ${env.REGISTRAR_CURRENCY}, such as 165.5`,
      });
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({
        code: "custom",
        path: [env.GOOGLE_CLIENT_ID ? "GOOGLE_CLIENT_SECRET" : "GOOGLE_CLIENT_ID"],
        message: "must be set together with the other GOOGLE_CLIENT_* variable",
      });
    }
    if (env.INBOUND_SMTP_PORT !== undefined && !env.EMAIL_BOUNCE_DOMAIN) {
      ctx.addIssue({
        code: "custom",
        path: ["EMAIL_BOUNCE_DOMAIN"],
        message: "must be set with INBOUND_SMTP_PORT: the domain whose mail the listener takes",
      });
    }
    // Some S3_* set but not all: refused at start rather than photos silently kept on disk or in
    // the database while the operator believes they go to the bucket.
    const s3 = ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;
    const s3Set = s3.filter((name) => Boolean(env[name]));
    const s3Partial = s3Set.length > 0 && s3Set.length < s3.length;
    if (s3Partial || (env.S3_REGION && s3Set.length === 0)) {
      for (const name of s3.filter((n) => !env[n])) {
        ctx.addIssue({
          code: "custom",
          path: [name],
          message: `must be set: photos go to S3-compatible storage only with all of ${s3.join(", ")} (${s3Set.length > 0 ? `${s3Set.join(", ")} set` : "S3_REGION set"}); unset them all to keep photos in MEDIA_DIR or the database`,
        });
      }
    }
    // Without the webhook nothing would ever activate a paid plan, so the two come together.
    if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET)) {
      ctx.addIssue({
        code: "custom",
        path: [env.STRIPE_SECRET_KEY ? "STRIPE_WEBHOOK_SECRET" : "STRIPE_SECRET_KEY"],
        message: "must be set together with the other (Stripe Checkout activates plans through the webhook)",
      });
    }
  });

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  /** Absolute path of the data directory (PGlite files, generated secret). */
  dataDir: string;
  databaseUrl: string | undefined;
  /** The public origin people use, when known (needed for OAuth callbacks behind a proxy). */
  appUrl: string | undefined;
  authSecret: string | undefined;
  google: { clientId: string; clientSecret: string } | undefined;
  authRateLimit: { max: number; windowSeconds: number };
  /** Sign-ups per IP address per hour. */
  registerRateLimit: { max: number; windowSeconds: number };
  /** false, true, a hop count or the proxies' addresses (lib/client-address.ts). */
  trustProxy: TrustProxy;
  logLevel: string;
  /** On SIGTERM/SIGINT: how long in-flight requests and sends may take before the process exits anyway. */
  shutdownTimeoutMs: number;
  /** A request (headers and body) must arrive within this; connections per client address (0: no cap). */
  connections: { requestTimeoutMs: number; maxPerIp: number };
  /** Backups (decision 0013): where, how long kept, how often the server takes one (0: never). */
  backup: { dir: string; retentionDays: number; intervalHours: number };
  /** MEDIA_DIR: photos in a folder; undefined keeps them in the database. */
  media: {
    dir: string | undefined;
    s3:
      | { endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string; region: string }
      | undefined;
  };
  /** Stock photo search (Unsplash) when UNSPLASH_ACCESS_KEY is set; hidden otherwise. */
  stock: { unsplash: { accessKey: string; baseUrl: string } } | undefined;
  /** Hosted sites answer at {slug}.{sitesDomain}. */
  sitesDomain: string;
  /** Host names the site importer may fetch although they are private (tests, intranets). */
  importAllowedHosts: string[];
  /** Custom domains: where owners point their DNS, and the resolvers used to check it. */
  customDomains: CustomDomainsConfig;
  /** An OpenAI-compatible chat API that writes site text; the built-in composer otherwise. */
  ai: { baseUrl: string; apiKey: string | undefined; model: string } | undefined;
  /** Origin for links in emails; APP_URL or http://localhost:PORT when not set. */
  publicUrl: string | undefined;
  email: {
    providers: ResolvedEmailProviders;
    from: string;
    ratePerSecond: number;
    bounceDomain: string | undefined;
  };
  /** Bounces and complaints reported after sending (decision 0037); each part off unless configured. */
  inbound: InboundEmailConfig;
  /** Stripe Checkout and webhooks; without it plans are set by the admin command. */
  stripe: StripeConfig | undefined;
  /** Domain registration through Gandi (decision 0010); without it the service is not configured. */
  registrar: RegistrarConfig | undefined;
  /** The seller shown on /commercial-law; a field not set is shown as not configured. */
  operator: OperatorConfig;
};

export type InboundEmailConfig = {
  /** INBOUND_SMTP_PORT / INBOUND_SMTP_HOST: the bounce domain's mail server, when set. */
  smtp: { host: string; port: number; domain: string } | undefined;
  /** RESEND_WEBHOOK_SECRET: the Resend event webhook's signing secret. */
  resendWebhookSecret: string | undefined;
  /** SENDGRID_WEBHOOK_PUBLIC_KEY: the SendGrid Event Webhook's verification key. */
  sendgridWebhookPublicKey: string | undefined;
};

export type CustomDomainsConfig = {
  /** SITES_CNAME_TARGET: one name every custom host may CNAME to; {slug}.{SITES_DOMAIN} otherwise. */
  cnameTarget: string | undefined;
  /** SITES_IPV4 / SITES_IPV6: addresses an apex's A / AAAA record may point at. */
  ipv4: string[];
  ipv6: string[];
  /** DNS_SERVERS: resolvers for the check (ip[:port]); the system's otherwise. */
  dnsServers: string[];
};

export type OperatorConfig = {
  name: string | undefined;
  representative: string | undefined;
  address: string | undefined;
  phone: string | undefined;
  email: string | undefined;
  /** OPERATOR_INVOICE_NUMBER: T + 13 digits (適格請求書発行事業者登録番号). */
  invoiceNumber?: string | undefined;
};

export type StripeConfig = {
  secretKey: string;
  webhookSecret: string;
  /** Price id per plan; a plan without one is not sold online. */
  prices: Partial<Record<TPaidPlanId, string>>;
  /** Another address for the Stripe API (tests use a local server). */
  apiBase: string | undefined;
};

/** Parses the environment. Throws ConfigError naming every bad variable. */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  baseDir = env.INIT_CWD ?? process.cwd(),
): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? "environment");
      const got = env[name];
      const shown = got === undefined || /SECRET|PASSWORD|KEY|TOKEN/.test(name) ? "" : ` (got "${got}")`;
      return `  ${name} ${issue.message}${shown}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  let providers: ResolvedEmailProviders;
  try {
    providers = resolveEmailProviders(env);
  } catch (error) {
    if (error instanceof EmailConfigError)
      throw new ConfigError(`Invalid configuration:\n  ${error.message}`);
    throw error;
  }
  if (e.NODE_ENV === "production" && providers.active !== "outbox") {
    // Real mail with a placeholder sender or localhost links is worse than none: say so at boot.
    const missing = [
      ...((e.PUBLIC_URL ?? e.APP_URL) ? [] : ["PUBLIC_URL (the address in every link of every email)"]),
      ...(env.EMAIL_FROM?.trim() ? [] : ["EMAIL_FROM (the platform's sender address)"]),
    ];
    if (missing.length > 0) {
      throw new ConfigError(
        `Invalid configuration:\n${missing.map((m) => `  ${m} must be set in production when email goes out through ${providers.active}`).join("\n")}`,
      );
    }
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(baseDir, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    appUrl: e.APP_URL?.replace(/\/+$/, ""),
    authSecret: e.AUTH_SECRET,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET }
        : undefined,
    authRateLimit: { max: e.AUTH_RATE_LIMIT_MAX, windowSeconds: e.AUTH_RATE_LIMIT_WINDOW_SECONDS },
    registerRateLimit: { max: e.SIGNUP_RATE_LIMIT_PER_HOUR, windowSeconds: 3600 },
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    connections: { requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000, maxPerIp: e.MAX_CONNECTIONS_PER_IP },
    backup: {
      dir: path.resolve(baseDir, e.BACKUP_DIR ?? path.join(e.DATA_DIR, "backups")),
      retentionDays: e.BACKUP_RETENTION_DAYS,
      intervalHours: e.BACKUP_INTERVAL_HOURS,
    },
    media: {
      dir: e.MEDIA_DIR ? path.resolve(baseDir, e.MEDIA_DIR) : undefined,
      s3:
        e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
          ? {
              endpoint: e.S3_ENDPOINT,
              bucket: e.S3_BUCKET,
              accessKeyId: e.S3_ACCESS_KEY_ID,
              secretAccessKey: e.S3_SECRET_ACCESS_KEY,
              region: e.S3_REGION ?? "us-east-1",
            }
          : undefined,
    },
    stock: e.UNSPLASH_ACCESS_KEY
      ? {
          unsplash: {
            accessKey: e.UNSPLASH_ACCESS_KEY,
            baseUrl: (e.UNSPLASH_API_BASE ?? "https://api.unsplash.com").replace(/\/+$/, ""),
          },
        }
      : undefined,
    sitesDomain: e.SITES_DOMAIN.toLowerCase(),
    importAllowedHosts: splitList(e.IMPORT_ALLOWED_HOSTS ?? "").map((h) => h.toLowerCase()),
    customDomains: {
      cnameTarget: e.SITES_CNAME_TARGET?.toLowerCase().replace(/\.$/, ""),
      ipv4: splitList(e.SITES_IPV4 ?? ""),
      ipv6: splitList(e.SITES_IPV6 ?? "").map((a) => a.toLowerCase()),
      dnsServers: splitList(e.DNS_SERVERS ?? ""),
    },
    ai: e.AI_BASE_URL ? { baseUrl: e.AI_BASE_URL, apiKey: e.AI_API_KEY, model: e.AI_MODEL } : undefined,
    publicUrl: (e.PUBLIC_URL ?? e.APP_URL)?.replace(/\/+$/, ""),
    email: {
      providers,
      from: e.EMAIL_FROM,
      ratePerSecond: e.EMAIL_RATE_PER_SECOND,
      bounceDomain: e.EMAIL_BOUNCE_DOMAIN?.toLowerCase(),
    },
    inbound: {
      smtp:
        e.INBOUND_SMTP_PORT !== undefined && e.EMAIL_BOUNCE_DOMAIN
          ? {
              host: e.INBOUND_SMTP_HOST,
              port: e.INBOUND_SMTP_PORT,
              domain: e.EMAIL_BOUNCE_DOMAIN.toLowerCase().replace(/\.$/, ""),
            }
          : undefined,
      resendWebhookSecret: e.RESEND_WEBHOOK_SECRET,
      sendgridWebhookPublicKey: e.SENDGRID_WEBHOOK_PUBLIC_KEY,
    },
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            prices: Object.fromEntries(
              (
                [
                  ["starter", e.STRIPE_PRICE_STARTER],
                  ["business", e.STRIPE_PRICE_BUSINESS],
                  ["enterprise", e.STRIPE_PRICE_ENTERPRISE],
                  ["white_label", e.STRIPE_PRICE_WHITE_LABEL],
                ] as const
              ).filter(([, price]) => price),
            ),
            apiBase: e.STRIPE_API_BASE,
          }
        : undefined,
    registrar:
      e.REGISTRAR_API_TOKEN && e.REGISTRAR_JPY_RATE !== undefined
        ? {
            apiToken: e.REGISTRAR_API_TOKEN,
            apiBase: (e.REGISTRAR_API_BASE ?? DEFAULT_REGISTRAR_API_BASE).replace(/\/+$/, ""),
            currency: e.REGISTRAR_CURRENCY,
            jpyPerUnit: e.REGISTRAR_JPY_RATE,
            sharingId: e.REGISTRAR_SHARING_ID,
          }
        : undefined,
    operator: {
      name: e.OPERATOR_NAME,
      representative: e.OPERATOR_REPRESENTATIVE,
      address: e.OPERATOR_ADDRESS,
      phone: e.OPERATOR_PHONE,
      email: e.OPERATOR_EMAIL,
      invoiceNumber: e.OPERATOR_INVOICE_NUMBER,
    },
  };
}
