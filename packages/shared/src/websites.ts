import { z } from "zod";
import { ZBusinessCategory, ZTargetMarket } from "./categories.ts";
import { LANGUAGES } from "./constants/languages.ts";
import { ZContactEmail } from "./crm.ts";
import { ZApiError } from "./errors.ts";
import { ZLanguage } from "./languages.ts";
import { ZConfirmedFacts, ZSiteFacts } from "./site-facts.ts";
import { zText } from "./text.ts";

export const WEBSITE_SOURCES = ["generated", "imported"] as const;
export const ZWebsiteSource = z.enum(WEBSITE_SOURCES);

export const ZWebsite = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  /** The owner's own domain, when connected (domains feature); null until then. */
  domain: z.string().nullable(),
  /**
   * The site's public address on its own origin: its verified custom domain, else
   * `https://{slug}.{SITES_DOMAIN}/` (locally `http://{slug}.localhost:5000/`).
   */
  url: z.string(),
  template: ZBusinessCategory,
  businessType: ZBusinessCategory,
  languages: z.array(ZLanguage).min(1),
  isPublished: z.boolean(),
  source: ZWebsiteSource,
  sourceUrl: z.string().nullable(),
  /**
   * The confirmed facts the site renders from (decision 0025); null for sites made before them.
   * Always sent by the server; optional so that clients and fixtures without it still type-check.
   */
  facts: ZSiteFacts.nullable().optional(),
  /**
   * Where the site's form enquiries are announced by email (issue 20); null: the owner's account
   * address. Optional so that fixtures without it still type-check.
   */
  enquiryAlertEmail: z.string().nullable().optional(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type TWebsite = z.infer<typeof ZWebsite>;

/**
 * The app's link to a website's preview: it answers with a redirect to the site's own host carrying
 * a short-lived signed token, so drafts can be seen without the app's session ever reaching the site.
 */
export const websitePreviewPath = (id: string) => `/api/websites/${encodeURIComponent(id)}/preview`;

const ZSiteLanguages = z
  .array(ZLanguage, { error: `languages must be a list of ${LANGUAGES.join(", ")}` })
  .max(LANGUAGES.length)
  .transform((list) => [...new Set(list)])
  .pipe(z.array(ZLanguage).min(1, { error: "choose at least one language" }));

export const ZGenerateWebsite = z.object({
  businessDescription: zText("businessDescription", { multiline: true })
    .trim()
    .min(1, { error: "businessDescription is required" })
    .max(4000, { error: "businessDescription must be at most 4000 characters" }),
  targetMarket: ZTargetMarket.optional().default("japan"),
  /** Empty: inferred from the description. */
  businessType: z
    .union([ZBusinessCategory, z.literal("")])
    .optional()
    .default(""),
  languages: ZSiteLanguages.optional().default(["ja"]),
  /**
   * What the owner confirmed on the form (name, place, items and prices, hours, phone…). Each field
   * given wins over what the description says; fields left out are read from the description.
   */
  facts: ZConfirmedFacts.optional(),
});
export type TGenerateWebsite = z.input<typeof ZGenerateWebsite>;

/** The generate answer: the website, and who wrote its text this time. */
export const ZGeneratedWebsite = ZWebsite.extend({
  /** "ai": the configured AI provider; "composer": the built-in writer. */
  writer: z.enum(["ai", "composer"]),
  /** The AI provider is configured but this month's AI generations are used up; the built-in writer wrote it. */
  aiLimitReached: z.boolean(),
});
export type TGeneratedWebsite = z.infer<typeof ZGeneratedWebsite>;

/** POST /api/websites/understand: what the generator reads in a description, before generating. */
export const ZUnderstandDescription = z.object({
  businessDescription: zText("businessDescription", { multiline: true })
    .trim()
    .min(1, { error: "businessDescription is required" })
    .max(4000, { error: "businessDescription must be at most 4000 characters" }),
  languages: ZSiteLanguages.optional().default(["ja"]),
});
export type TUnderstandDescription = z.input<typeof ZUnderstandDescription>;

const zImportUrl = () =>
  zText("url")
    .trim()
    .min(1, { error: "url is required" })
    .max(2000, { error: "url must be at most 2000 characters" });

/** POST /api/websites/import/read: crawl the owner's site and say what it states, storing nothing. */
export const ZReadSite = z.object({ url: zImportUrl() });
export type TReadSite = z.infer<typeof ZReadSite>;

/** What the importer read on the owner's site, for the owner to confirm before the site is made. */
export const ZSiteRead = z.object({
  facts: ZSiteFacts,
  industry: ZBusinessCategory,
  candidates: z.array(ZBusinessCategory),
  /** The address the crawl started from, after redirects. */
  sourceUrl: z.string(),
  /** The pages read, in the order they were read. */
  pages: z.array(z.object({ url: z.string(), title: z.string() })).max(15),
});
export type TSiteRead = z.infer<typeof ZSiteRead>;

/**
 * The same read as a stream (`Accept: application/x-ndjson`): one JSON line per page read, then the
 * result or the error the JSON answer would have given (the status is already 200 by then).
 */
export const ZSiteReadEvent = z.discriminatedUnion("type", [
  z.object({ type: z.literal("progress"), read: z.number().int().min(0), of: z.number().int().min(0) }),
  z.object({ type: z.literal("result"), site: ZSiteRead }),
  z.object({ type: z.literal("error"), error: ZApiError }),
]);
export type TSiteReadEvent = z.infer<typeof ZSiteReadEvent>;

export const ZImportWebsite = z.object({
  url: zImportUrl(),
  /** What the owner confirmed on the form after /import/read; each field given wins over the site's. */
  facts: ZConfirmedFacts.optional(),
  /** The site's languages, the first the default; without them, the old site's language. */
  languages: ZSiteLanguages.optional(),
});
export type TImportWebsite = z.input<typeof ZImportWebsite>;

/** Addresses kept for the platform's own hosts. */
export const RESERVED_SLUGS = [
  "www",
  "api",
  "app",
  "admin",
  "mail",
  "smtp",
  "static",
  "assets",
  "shobai",
  "help",
  "support",
  "status",
  "blog",
  "docs",
];

/** A site address: lower-case letters, digits and hyphens, 3–63, no hyphen at either end. */
export const ZSiteSlug = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9](?:[a-z0-9-]{1,61})[a-z0-9]$/, {
    error: "slug must be 3–63 lower-case letters, digits or hyphens, not starting or ending with a hyphen",
  })
  .refine((slug) => !slug.includes("--"), { error: "slug must not contain two hyphens in a row" });

export const ZSlugQuery = z.object({ slug: ZSiteSlug });
export const ZSlugAvailability = z.object({
  slug: z.string(),
  available: z.boolean(),
  /** Why not: another site has it, or it is kept for the platform. */
  reason: z.enum(["taken", "reserved"]).optional(),
});
export type TSlugAvailability = z.infer<typeof ZSlugAvailability>;

export const ZUpdateWebsite = z
  .object({
    name: zText("name").trim().min(1, { error: "name is required" }).max(100).optional(),
    /** A new site address chosen by the owner (see /api/websites/slug-available). */
    slug: ZSiteSlug.optional(),
    languages: ZSiteLanguages.optional(),
    isPublished: z.boolean().optional(),
    /** The address for this site's enquiry alerts; "" goes back to the account's address. */
    enquiryAlertEmail: z.union([z.literal(""), ZContactEmail]).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: "Nothing to update" });
export type TUpdateWebsite = z.input<typeof ZUpdateWebsite>;
