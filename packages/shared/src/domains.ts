import punycode from "punycode/punycode.js";
import { z } from "zod";
import { ZContactEmail } from "./crm.ts";
import { zText } from "./text.ts";

/**
 * Domains (spec §2 Domain management, §3, §5, §7 /api/domain/*, §9).
 * Names travel in ASCII (punycode) form; `unicodeDomain` is for display (日本語.jp ↔ xn--wgv71a119e.jp).
 */

/** Top-level domains the product offers for registration (all sold by the registrar, decision 0010). */
export const DOMAIN_TLDS = [
  "jp",
  "com",
  "net",
  "org",
  "shop",
  "tokyo",
  "asia",
  "info",
  "biz",
  "store",
  "online",
  "site",
] as const;
export type TDomainTld = (typeof DOMAIN_TLDS)[number];

/** Spec §9: registration period default 1 year; registries allow 1–10. */
export const DOMAIN_PERIOD_DEFAULT = 1;
export const DOMAIN_PERIOD_MAX = 10;
export const DOMAIN_COUNTRY_DEFAULT = "JP";

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** Why a name was refused, in the field's words; null when it is a valid host name. */
function hostnameProblem(ascii: string): string | null {
  if (ascii.length > 253) return "domain must be at most 253 characters";
  const labels = ascii.split(".");
  if (labels.length < 2) return "domain must include a top-level domain, e.g. example.jp";
  for (const label of labels) {
    if (label.length === 0) return "domain has an empty label (two dots in a row)";
    if (label.length > 63) return "each part of the domain must be at most 63 characters";
    if (!LABEL.test(label))
      return "domain may use only letters, digits and hyphens, not at the start or end of a part";
    if (label.slice(2, 4) === "--" && !label.startsWith("xn--"))
      return "domain parts may not have -- in the 3rd and 4th position";
  }
  return null;
}

/**
 * Lower-cases, trims, drops a scheme, path or trailing dot and converts an internationalised name to
 * punycode with the WHATWG URL parser (same result in Node and browsers). Returns null when the input
 * cannot be a host name at all.
 */
export function toAsciiHostname(input: string): string | null {
  let text = input.trim().toLowerCase().normalize("NFKC");
  text = text.replace(/^[a-z][a-z0-9+.-]*:\/\//, "");
  text = text.replace(/[/?#].*$/, "").replace(/\.$/, "");
  if (!text || /[\s@:[\]\\]/.test(text)) return null;
  try {
    const host = new URL(`http://${text}/`).hostname;
    if (!host || /^[0-9.]+$/.test(host)) return null;
    return host;
  } catch {
    return null;
  }
}

/** True when `hostname` is `domain` itself or a name under it (both lower-case ASCII). */
export function isWithinDomain(hostname: string, domain: string): boolean {
  return hostname === domain || hostname.endsWith(`.${domain}`);
}

/**
 * Punycode → Unicode for display; falls back to the ASCII name. The userland `punycode` package
 * (not Node's deprecated built-in of the same name, hence the file path) decodes in browsers and
 * Node alike; a name is shown in Unicode only when the URL parser's IDNA rules turn that Unicode
 * back into the same ASCII, so a label that is not valid IDNA (`xn--a:b`, `xn--99999999a`, one that
 * decodes to dots or spaces) is shown as it is stored.
 */
export function toUnicodeHostname(ascii: string): string {
  if (!ascii.includes("xn--")) return ascii;
  let unicode: string;
  try {
    unicode = ascii
      .split(".")
      .map((label) => (label.toLowerCase().startsWith("xn--") ? punycode.decode(label.slice(4)) : label))
      .join(".");
  } catch {
    return ascii;
  }
  return toAsciiHostname(unicode) === ascii ? unicode : ascii;
}

/** Any host name the owner controls (a domain or a sub-domain such as www.example.jp), in ASCII. */
export const ZHostname = zText("domain")
  .trim()
  .min(1, { error: "domain is required" })
  .max(300, { error: "domain must be at most 253 characters" })
  .transform((value, ctx) => {
    const ascii = toAsciiHostname(value);
    const problem = ascii ? hostnameProblem(ascii) : "domain is not a valid domain name";
    if (problem || !ascii) {
      ctx.addIssue({ code: "custom", message: problem ?? "domain is not a valid domain name" });
      return z.NEVER;
    }
    return ascii;
  });

/** A name that can be registered: exactly one label under an offered TLD (sakura-ramen.jp). */
export const ZRegistrableDomain = ZHostname.superRefine((ascii, ctx) => {
  const labels = ascii.split(".");
  const tld = labels.at(-1) as string;
  if (!(DOMAIN_TLDS as readonly string[]).includes(tld)) {
    ctx.addIssue({
      code: "custom",
      message: `domain must end in one of: ${DOMAIN_TLDS.map((t) => `.${t}`).join(", ")}`,
    });
    return;
  }
  if (labels.length !== 2) {
    ctx.addIssue({
      code: "custom",
      message: "only a name directly under the top-level domain can be registered, e.g. example.jp",
    });
  }
});

export const ZDomainServiceStatus = z.object({ configured: z.boolean(), message: z.string() });
export type TDomainServiceStatus = z.infer<typeof ZDomainServiceStatus>;

export const ZDomainSearchResult = z.object({
  /** ASCII (punycode) form, as registered. */
  domain: z.string(),
  unicodeDomain: z.string(),
  available: z.boolean(),
  /** Registration price for `registrationPeriod` years, integer JPY including 10% tax; null when not available. */
  price: z.number().int().nullable(),
  /** The same price without consumption tax. */
  priceExcludingTax: z.number().int().nullable().optional(),
  registrationPeriod: z.number().int(),
});
export type TDomainSearchResult = z.infer<typeof ZDomainSearchResult>;

/** GET /api/domain/search/{domain}?registrationPeriod=2: the price is for that many years. */
/** Whole years, 1–10, default 1 (spec §9). */
const ZRegistrationPeriod = z.coerce
  .number({ error: "registrationPeriod must be a number of years" })
  .int({ error: "registrationPeriod must be whole years" })
  .min(1, { error: "registrationPeriod must be at least 1 year" })
  .max(DOMAIN_PERIOD_MAX, { error: `registrationPeriod must be at most ${DOMAIN_PERIOD_MAX} years` })
  .optional()
  .default(DOMAIN_PERIOD_DEFAULT);

export const ZDomainSearchQuery = z.object({
  registrationPeriod: ZRegistrationPeriod,
});
export type TDomainSearchQuery = z.infer<typeof ZDomainSearchQuery>;

const text = (field: string, max: number) =>
  zText(field)
    .trim()
    .min(1, { error: `${field} is required` })
    .max(max, { error: `${field} must be at most ${max} characters` });

/** Japanese postal code: 7 digits, written 123-4567 (full-width digits and 〒 accepted). */
const JP_POSTAL = /^\d{3}-?\d{4}$/;

function halfWidth(value: string): string {
  return value
    .normalize("NFKC")
    .replace(/[‐‑–—−ー－]/g, "-")
    .replace(/〒/g, "")
    .trim();
}

/**
 * Phone numbers in the registrar's form "+CC.NUMBER". Japanese numbers may be written
 * domestically (03-1234-5678, 090-1234-5678) or internationally (+81 3 1234 5678).
 */
export function normalizePhone(input: string, country: string): string | null {
  const raw = halfWidth(input).replace(/[\s().-]/g, "");
  if (/^\+\d{8,15}$/.test(raw)) {
    if (raw.startsWith("+81")) {
      const national = raw.slice(3).replace(/^0/, "");
      return /^\d{9,10}$/.test(national) ? `+81.${national}` : null;
    }
    const cc = raw.match(/^\+(1|7|[2-9]\d)/)?.[1];
    return cc ? `+${cc}.${raw.slice(1 + cc.length)}` : null;
  }
  if (country === "JP" && /^0\d{9,10}$/.test(raw)) return `+81.${raw.slice(1)}`;
  return null;
}

export const ZOwnerContact = z
  .object({
    firstName: text("firstName", 100),
    lastName: text("lastName", 100),
    email: ZContactEmail,
    phone: text("phone", 30),
    address: text("address", 200),
    city: text("city", 100),
    /** Prefecture in Japan. */
    state: text("state", 100),
    postalCode: text("postalCode", 20),
    country: zText("country")
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, { error: "country must be a two-letter code, e.g. JP" })
      .optional()
      .default(DOMAIN_COUNTRY_DEFAULT),
    organization: zText("organization")
      .trim()
      .max(200, { error: "organization must be at most 200 characters" })
      .optional(),
  })
  .transform((contact, ctx) => {
    const phone = normalizePhone(contact.phone, contact.country);
    if (!phone) {
      ctx.addIssue({
        code: "custom",
        path: ["phone"],
        message:
          contact.country === "JP"
            ? "phone must be a Japanese number such as 03-1234-5678 or +81 3 1234 5678"
            : "phone must be in international form, e.g. +44 20 1234 5678",
      });
    }
    let postalCode = halfWidth(contact.postalCode);
    if (contact.country === "JP") {
      if (!JP_POSTAL.test(postalCode)) {
        ctx.addIssue({
          code: "custom",
          path: ["postalCode"],
          message: "postalCode must be a Japanese postal code such as 150-0001",
        });
      } else {
        const digits = postalCode.replace("-", "");
        postalCode = `${digits.slice(0, 3)}-${digits.slice(3)}`;
      }
    }
    return {
      ...contact,
      phone: phone ?? contact.phone,
      postalCode,
      organization: contact.organization || undefined,
    };
  });
export type TOwnerContact = z.output<typeof ZOwnerContact>;
export type TOwnerContactInput = z.input<typeof ZOwnerContact>;

/** Name servers: the spec's two slots; empty slots mean "use the registrar's own". */
export const ZNameServers = z
  .array(zText("nameServers").trim().max(253), { error: "nameServers must be a list of host names" })
  .max(4, { error: "at most 4 name servers" })
  .transform((list, ctx) => {
    const filled = list.filter((s) => s.length > 0);
    const out: string[] = [];
    for (const server of filled) {
      const ascii = toAsciiHostname(server);
      if (!ascii || hostnameProblem(ascii)) {
        ctx.addIssue({ code: "custom", message: `name server ${server} is not a valid host name` });
        return z.NEVER;
      }
      if (!out.includes(ascii)) out.push(ascii);
    }
    if (out.length === 1) {
      ctx.addIssue({ code: "custom", message: "give at least two name servers, or leave both empty" });
      return z.NEVER;
    }
    return out;
  });

export const ZRegisterDomain = z.object({
  domain: ZRegistrableDomain,
  registrationPeriod: ZRegistrationPeriod,
  ownerContact: ZOwnerContact,
  nameServers: ZNameServers.optional().default([]),
});
export type TRegisterDomain = z.output<typeof ZRegisterDomain>;
export type TRegisterDomainInput = z.input<typeof ZRegisterDomain>;

export const ZRegisterDomainResult = z.object({
  success: z.boolean(),
  domain: z.string(),
  message: z.string(),
});
export type TRegisterDomainResult = z.infer<typeof ZRegisterDomainResult>;

export const DOMAIN_STATUSES = ["registering", "active", "expired"] as const;
export const ZDomainStatus = z.enum(DOMAIN_STATUSES);

/** A domain the owner registered through Shobai. */
export const ZOwnedDomain = z.object({
  id: z.string(),
  domain: z.string(),
  unicodeDomain: z.string(),
  status: ZDomainStatus,
  registrationPeriod: z.number().int(),
  /** Price paid, integer JPY. */
  priceJpy: z.number().int().nullable(),
  expiresAt: z.iso.datetime().nullable(),
  nameServers: z.array(z.string()),
  createdAt: z.iso.datetime(),
  /** Renewed a year at a time before expiry, charged first (decision 0042). */
  autoRenew: z.boolean().optional().default(true),
});
export type TOwnedDomain = z.infer<typeof ZOwnedDomain>;

/** GET /api/domain/domains. */
export const ZOwnedDomainList = z.object({ domains: z.array(ZOwnedDomain) });
export type TOwnedDomainList = z.infer<typeof ZOwnedDomainList>;

export const ZUpdateNameServers = z.object({
  nameServers: ZNameServers.refine((list) => list.length >= 2, { error: "give at least two name servers" }),
});
export type TUpdateNameServers = z.infer<typeof ZUpdateNameServers>;

/* ---- Custom domains: a host name that serves one of the owner's websites ---- */

/**
 * pending: claimed, not yet proven (expires after CUSTOM_DOMAIN_CLAIM_DAYS) · verified: proven and
 * served · expired: not proven in time · lost: another account proved control of the host since
 * (decision 0019).
 */
export const CUSTOM_DOMAIN_STATUSES = ["pending", "verified", "expired", "lost"] as const;
export const ZCustomDomainStatus = z.enum(CUSTOM_DOMAIN_STATUSES);
export type TCustomDomainStatus = z.infer<typeof ZCustomDomainStatus>;

/** Days an unproven claim lasts, and days a verified host keeps being served once its TXT proof is gone. */
export const CUSTOM_DOMAIN_CLAIM_DAYS = 7;
export const CUSTOM_DOMAIN_PROOF_GRACE_DAYS = 7;

/** The label under the host that carries the ownership proof: `_shobai.www.example.jp`. */
export const OWNERSHIP_TXT_LABEL = "_shobai";
/** The TXT value's prefix: `shobai-verify=<token>`. */
export const OWNERSHIP_TXT_PREFIX = "shobai-verify=";

/**
 * A DNS record the owner sets at their DNS provider: TXT proves the owner controls the host (unique
 * to the owner and host), CNAME or A points the host at Shobai.
 */
export const ZDnsRecord = z.object({
  type: z.enum(["TXT", "CNAME", "A"]),
  name: z.string(),
  value: z.string(),
});
export type TDnsRecord = z.infer<typeof ZDnsRecord>;

export const ZCustomDomain = z.object({
  id: z.string(),
  hostname: z.string(),
  unicodeHostname: z.string(),
  websiteId: z.string(),
  websiteName: z.string(),
  status: ZCustomDomainStatus,
  /**
   * What to set: the TXT ownership record (unless `proof` is `registration`), then either record that
   * makes the host point at Shobai (CNAME for sub-domains, A for an apex).
   */
  dnsRecords: z.array(ZDnsRecord),
  /**
   * How ownership is proven: `txt` by the TXT record; `registration` when the host is in the owner's
   * own domain registered through Shobai (no TXT needed).
   */
  proof: z.enum(["txt", "registration"]).optional().default("txt"),
  verifiedAt: z.iso.datetime().nullable(),
  lastCheckedAt: z.iso.datetime().nullable(),
  /** What the last check found, in words, when it failed (or why the claim was lost). */
  lastError: z.string().nullable(),
  /** A pending claim stops counting then (status `expired`). */
  expiresAt: z.iso.datetime().nullable().optional().default(null),
  /** A verified host whose TXT proof was not found since then; still served until `servingEndsAt`. */
  proofMissingSince: z.iso.datetime().nullable().optional().default(null),
  servingEndsAt: z.iso.datetime().nullable().optional().default(null),
  /**
   * Shobai sets the record itself at the registrar: the host is (in) the owner's domain registered
   * through Shobai that uses the registrar's default name servers. Nothing to set by hand then.
   */
  dnsManaged: z.boolean().optional().default(false),
  createdAt: z.iso.datetime(),
});
export type TCustomDomain = z.infer<typeof ZCustomDomain>;

/** DELETE answer: the records the owner may now remove at their DNS provider. */
export const ZRemovedCustomDomain = z.object({
  hostname: z.string(),
  unicodeHostname: z.string(),
  recordsToRemove: z.array(ZDnsRecord),
});
export type TRemovedCustomDomain = z.infer<typeof ZRemovedCustomDomain>;

/** GET /internal/tls/ask?domain=HOST (Caddy on-demand TLS). */
export const ZTlsAskQuery = z.object({ domain: zText("domain").max(300).optional() });

/** GET /api/domain/connections. */
export const ZCustomDomainList = z.object({ connections: z.array(ZCustomDomain) });
export type TCustomDomainList = z.infer<typeof ZCustomDomainList>;

export const ZConnectCustomDomain = z.object({
  hostname: ZHostname,
  websiteId: zText("websiteId").trim().min(1, { error: "websiteId is required" }).max(100),
});
export type TConnectCustomDomain = z.infer<typeof ZConnectCustomDomain>;
export type TConnectCustomDomainInput = z.input<typeof ZConnectCustomDomain>;

/* ---- Domain purchases (decision 0042) ---- */

/** Who pays a domain: by card through Stripe Checkout, or on the operator's invoice (no Stripe). */
export const DOMAIN_PAYERS = ["card", "invoice"] as const;
export type TDomainPayer = (typeof DOMAIN_PAYERS)[number];

/** GET /api/domain/purchase-terms: whether this account may buy now, and how it would pay. */
export const ZDomainPurchaseTerms = z.object({
  allowed: z.boolean(),
  /** Why not: trial, plan (Starter), plan_ended, billing_not_configured; null when allowed. */
  reason: z.enum(["trial", "plan", "plan_ended", "billing_not_configured"]).nullable(),
  payer: z.enum(DOMAIN_PAYERS).nullable(),
  taxRate: z.number().int(),
});
export type TDomainPurchaseTerms = z.infer<typeof ZDomainPurchaseTerms>;

/** POST /api/domain/purchase: the registration, confirmed, with the auto-renew choice. */
export const ZDomainPurchase = ZRegisterDomain.extend({
  autoRenew: z.boolean().optional().default(true),
  /** The tax-inclusive price the owner confirmed; a different current price is refused (409). */
  confirmedPriceJpy: z.number().int().positive(),
});
export type TDomainPurchase = z.output<typeof ZDomainPurchase>;
export type TDomainPurchaseInput = z.input<typeof ZDomainPurchase>;

export const DOMAIN_ORDER_STATUSES = [
  "pending_payment",
  "paid",
  "registered",
  "refunded",
  "canceled",
] as const;
export const ZDomainOrderStatus = z.enum(DOMAIN_ORDER_STATUSES);
export type TDomainOrderStatus = z.infer<typeof ZDomainOrderStatus>;

export const ZDomainOrder = z.object({
  id: z.string(),
  domain: z.string(),
  unicodeDomain: z.string(),
  registrationPeriod: z.number().int(),
  /** Tax-inclusive total, integer JPY. */
  amountJpy: z.number().int(),
  taxJpy: z.number().int(),
  payer: z.enum(DOMAIN_PAYERS),
  status: ZDomainOrderStatus,
  autoRenew: z.boolean(),
  /** Why it was refunded or canceled. */
  message: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type TDomainOrder = z.infer<typeof ZDomainOrder>;

/** The answer to a purchase: Stripe's payment page to go to, or the order already done (invoice). */
export const ZDomainPurchaseResult = z.object({
  order: ZDomainOrder,
  url: z.string().nullable(),
});
export type TDomainPurchaseResult = z.infer<typeof ZDomainPurchaseResult>;

export const ZAutoRenew = z.object({ autoRenew: z.boolean() });
export type TAutoRenew = z.infer<typeof ZAutoRenew>;
