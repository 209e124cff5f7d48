import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlibConstants } from "node:zlib";
import { isLanguage, type TLanguage, ZContactEmail, zText } from "@shobai/shared";
import {
  contactFields,
  formConsentText,
  renderFavicon,
  renderFormProblem,
  renderRobots,
  renderSitemap,
  type TContactFormOptions,
  type TFormField,
  type TFormProblem,
  type TFormValues,
  type TRenderedSite,
} from "@shobai/sitegen";
import { z } from "zod";
import type { SiteHost } from "../../lib/site-host";
import type { AnalyticsService } from "../analytics/service";
import type { CrmService } from "../crm/service";
import type { EmailService } from "../email/service";
import type { WebsiteRow, WebsitesService } from "../websites/service";
import type { PreviewTokens } from "./preview-token";
import { createSiteIcons, type TIconFile } from "./site-icons";
import type { SiteOrigins } from "./site-origins";

export const ZSlug = z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/);

const ZLeadFields = z.object({
  name: zText("name").trim().min(1).max(100),
  email: z.string().trim().optional().default(""),
  phone: z.string().trim().optional().default(""),
  company: zText("company").trim().max(200).optional().default(""),
  message: zText("message", { multiline: true }).trim().min(1).max(5000),
  lang: z.string().optional(),
  /** The optional marketing-consent box: "yes" when ticked (unticked boxes are not sent). */
  consent: z.literal("yes").optional(),
  /** Honeypot: people never see it, form-filling bots do. */
  website: z.string().optional(),
});

/** A phone number as people type it (full-width digits too): 6 to 20 digits, +, -, spaces, dots, brackets. */
function phoneNumber(typed: string): string | null {
  const phone = typed.normalize("NFKC").replace(/[‐－−]/g, "-");
  if (phone.length > 30 || !/^\+?[\d\s().-]+$/.test(phone)) return null;
  const digits = phone.replace(/\D/g, "").length;
  return digits >= 6 && digits <= 20 ? phone : null;
}

/**
 * The form as this site asks for it (issue 30): email always offered, phone when the owner asked
 * for it, and email, phone or either one required. Fields that fail are named for the problem page.
 */
/**
 * The form's email and phone as the site's options ask for them: the fields with a problem, and the
 * values when there is none. Also run on a form whose other fields failed, so every problem is
 * listed at once.
 */
function contactProblems(
  options: TContactFormOptions | undefined,
  raw: { email?: unknown; phone?: unknown },
) {
  const fields = contactFields(options);
  const typedEmail = typeof raw.email === "string" ? raw.email.trim() : "";
  const email = typedEmail === "" ? undefined : ZContactEmail.safeParse(typedEmail);
  const typedPhone = fields.phone && typeof raw.phone === "string" ? raw.phone.trim() : "";
  const phone = typedPhone === "" ? undefined : phoneNumber(typedPhone);
  const problems: { path: "email" | "phone" | "contact"; message: string }[] = [];
  if (email && !email.success) problems.push({ path: "email", message: "email" });
  if (phone === null) problems.push({ path: "phone", message: "phone" });
  if (fields.required === "email" && !email) problems.push({ path: "email", message: "email required" });
  if (fields.required === "phone" && phone === undefined)
    problems.push({ path: "phone", message: "phone required" });
  if (fields.required === "either" && !email && phone === undefined)
    problems.push({ path: "contact", message: "email or phone required" });
  return { problems, email: email?.success ? email.data : "", phone: phone ?? "" };
}

function leadForm(options: TContactFormOptions | undefined) {
  return ZLeadFields.transform((form, ctx) => {
    const { problems, email, phone } = contactProblems(options, form);
    for (const p of problems) ctx.addIssue({ code: "custom", path: [p.path], message: p.message });
    return { ...form, email, phone };
  });
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters (but tab and newlines) are what is removed
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const FORM_FIELDS: readonly TFormField[] = ["name", "email", "phone", "company", "message"];
const MAX_CACHED = 200;
/** Published pages kept in memory, compressed, at most this many bytes (HTML, brotli and gzip together). */
const PUBLISHED_MAX_BYTES = 64 * 1024 * 1024;
/**
 * A published site is read and rendered again after this long even without a change notification
 * (a safety net); while notifications are not arriving, after UNSURE_TTL_MS.
 */
const PUBLISHED_TTL_MS = 5 * 60_000;
const UNSURE_TTL_MS = 2_000;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** One page of a published site as it is served: the HTML, compressed once, and its ETag. */
export type ServedPage = { html: Buffer; br: Buffer; gzip: Buffer; etag: string };
/** A published site's pages by path ("ja/index.html"), or null: no published site of that slug. */
export type PublishedSite = { site: WebsiteRow; pages: Map<string, ServedPage> } | null;
type PublishedEntry = { at: number; bytes: number; value: Promise<PublishedSite> };

export type SitesDeps = {
  websites: WebsitesService;
  crm: CrmService;
  analytics: AnalyticsService;
  origins: SiteOrigins;
  previews: PreviewTokens;
  /** The site's verified custom domain, its canonical host (custom-domains feature). */
  customDomainOf: (site: WebsiteRow) => Promise<string | null>;
  /** The site a Host (or Origin's host) names, if any: the site-host rules of app.ts. */
  slugOfHost: (host: string) => string | null;
  /** Mails the double opt-in link to a visitor who ticked the consent box (email feature). */
  requestConsent: EmailService["requestConsent"];
  /** Tells the owner of an accepted enquiry (issue 20); never throws. */
  alertOwner?: (alert: {
    ownerId: string;
    websiteId: string;
    siteName: string;
    contactId: string;
    name: string;
    email: string;
    phone?: string;
    company: string;
    message: string;
  }) => Promise<unknown>;
  /** A stored variant of a site's media library (the logo the icons are made from), or null. */
  mediaFile?: (websiteId: string, file: string) => Promise<{ bytes: Buffer } | null>;
  /** Whether change notifications are arriving (db/change-bus.ts): cached pages are trusted longer. */
  changesLive?: () => boolean;
};

export type FormOutcome =
  | { kind: "sent"; lang: TLanguage }
  | { kind: "dropped"; lang: TLanguage }
  | { kind: "problem"; status: number; html: string };

/** Hosted sites: which site a request may see, its rendered pages, and its contact form. */
export function createSitesService(deps: SitesDeps) {
  const cache = new Map<string, TRenderedSite>();
  // Published sites by slug, rendered and compressed once per change (decision 0023).
  const published = new Map<string, PublishedEntry>();
  let publishedBytes = 0;
  const icons = createSiteIcons({ mediaFile: deps.mediaFile ?? (async () => null) });

  function forgetPublished(slug: string): void {
    const entry = published.get(slug);
    if (!entry) return;
    published.delete(slug);
    publishedBytes -= entry.bytes;
  }

  async function servedPage(html: string): Promise<ServedPage> {
    const body = Buffer.from(html);
    const [br, gz] = await Promise.all([
      brotli(body, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
          [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      gzipped(body, { level: 9 }),
    ]);
    const etag = `"${createHash("sha1").update(body).digest("base64url")}"`;
    return { html: body, br, gzip: gz, etag };
  }

  async function loadPublished(slug: string, entry: PublishedEntry): Promise<PublishedSite> {
    const site = ZSlug.safeParse(slug).success ? await deps.websites.findBySlug(slug) : undefined;
    if (!site?.isPublished) return null;
    const origin = deps.origins.canonical(site.slug, await deps.customDomainOf(site));
    const rendered = deps.websites.render(site, origin, "", { tracker: true });
    const pages = new Map<string, ServedPage>();
    for (const page of rendered.pages) pages.set(page.path, await servedPage(page.html));
    let bytes = 0;
    for (const page of pages.values()) bytes += page.html.length + page.br.length + page.gzip.length;
    // Counted only while this entry is still the cached one (a change may have dropped it meanwhile).
    if (published.get(slug) === entry) {
      entry.bytes = bytes;
      publishedBytes += bytes;
      for (const [key, old] of published) {
        if (publishedBytes <= PUBLISHED_MAX_BYTES || old === entry) break;
        forgetPublished(key);
      }
    }
    return { site, pages };
  }

  function languagesOf(site: WebsiteRow): TLanguage[] {
    const list = Array.isArray(site.languages) ? site.languages.filter(isLanguage) : [];
    return list.length > 0 ? list : ["ja"];
  }

  /** Where the pages' absolute links point: the canonical origin, or (previews) the host they are seen on. */
  async function originFor(site: WebsiteRow, host: SiteHost, preview: boolean): Promise<string> {
    if (preview)
      return host.kind === "custom" ? deps.origins.forHost(host.hostname) : deps.origins.forSlug(site.slug);
    return deps.origins.canonical(site.slug, await deps.customDomainOf(site));
  }

  return {
    /**
     * A published site's pages as every visitor without a preview gets them: from memory, read and
     * rendered once per change of the site (a change notification drops it), compressed once.
     */
    publishedSite(slug: string): Promise<PublishedSite> {
      const now = Date.now();
      const hit = published.get(slug);
      const ttl = deps.changesLive?.() === false ? UNSURE_TTL_MS : PUBLISHED_TTL_MS;
      if (hit && now - hit.at < ttl) return hit.value;
      if (hit) forgetPublished(slug);
      // Slugs of no site are remembered too (as null), but not without bound.
      if (published.size >= 10_000) forgetPublished(published.keys().next().value ?? "");
      const entry: PublishedEntry = { at: now, bytes: 0, value: Promise.resolve(null) };
      published.set(slug, entry);
      entry.value = loadPublished(slug, entry);
      // A failed read is not kept: the next request tries again.
      entry.value.catch(() => published.get(slug) === entry && forgetPublished(slug));
      return entry.value;
    },

    /** A site changed (its slug), or anything may have (null): its cached pages go. */
    forget(slug: string | null): void {
      if (slug === null) {
        published.clear();
        publishedBytes = 0;
        cache.clear();
      } else forgetPublished(slug);
    },

    async findSite(slug: string): Promise<WebsiteRow | undefined> {
      return ZSlug.safeParse(slug).success ? deps.websites.findBySlug(slug) : undefined;
    },

    /** sitemap.xml, robots.txt and favicon.svg of a site, with its canonical (configured) origin. */
    async siteFile(site: WebsiteRow, file: "sitemap.xml" | "robots.txt" | "favicon.svg"): Promise<string> {
      const origin = deps.origins.canonical(site.slug, await deps.customDomainOf(site));
      const content = deps.websites.contentOf(site);
      if (file === "sitemap.xml") return renderSitemap(content, origin, site.updatedAt);
      if (file === "robots.txt") return renderRobots(origin, true);
      return renderFavicon(content);
    },

    /** favicon.png and apple-touch-icon.png: from the site's logo, else its monogram. */
    iconFile(site: WebsiteRow, file: TIconFile): Promise<Buffer> {
      return icons.icon(site.id, deps.websites.contentOf(site), file);
    },

    /** Seconds a preview token still opens this site (0: none, forged, expired or another site's). */
    previewSecondsLeft: (token: string | undefined, site: WebsiteRow) =>
      deps.previews.secondsLeft(token, site.id),

    /** The site's pages as served on `host`. Previews carry no tracker, so owners are never counted. */
    async pages(site: WebsiteRow, host: SiteHost, preview: boolean): Promise<TRenderedSite> {
      const origin = await originFor(site, host, preview);
      const key = `${site.id}:${site.updatedAt.getTime()}:${origin}:${preview}`;
      let pages = cache.get(key);
      if (!pages) {
        pages = deps.websites.render(site, origin, "", { tracker: !preview });
        if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value ?? "");
        cache.set(key, pages);
      }
      return pages;
    },

    /**
     * Whether a form post came from one of this site's own pages. Browsers that send
     * `Sec-Fetch-Site` (set by the browser, never by a page) must say `same-origin`; `Origin` cannot
     * decide for them, since pages with `Referrer-Policy: no-referrer` post with `Origin: null`.
     * Otherwise `Origin` must name a host of this site. Clients that send neither are not a browser
     * acting for a visitor elsewhere; the honeypot and the rate limit deal with them.
     */
    fromOwnSite(site: WebsiteRow, headers: Record<string, string | string[] | undefined>): boolean {
      const fetchSite = headers["sec-fetch-site"];
      if (typeof fetchSite === "string") return fetchSite === "same-origin";
      const origin = headers.origin;
      if (typeof origin !== "string") return true;
      try {
        const url = new URL(origin);
        if (url.protocol !== "http:" && url.protocol !== "https:") return false;
        return deps.slugOfHost(url.host) === site.slug;
      } catch {
        return false; // "null" (sandboxed frames, privacy redirects) and garbage
      }
    },

    /** The visitor's answers as typed (for showing them again), whatever else the body holds. */
    valuesOf(body: unknown): TFormValues {
      const raw = (body ?? {}) as Record<string, unknown>;
      const values: TFormValues = {};
      for (const field of FORM_FIELDS) {
        const value = raw[field];
        if (typeof value === "string") values[field] = value.slice(0, 6000).replace(CONTROL, "");
      }
      if (raw.consent === "yes") values.consent = "yes";
      return values;
    },

    langOf(site: WebsiteRow, body: unknown): TLanguage {
      const languages = languagesOf(site);
      const asked = (body as Record<string, unknown> | undefined)?.lang;
      return isLanguage(asked) && languages.includes(asked) ? asked : (languages[0] ?? "ja");
    },

    /** The form again, in the site's language, with what went wrong and what the visitor typed. */
    async problemPage(
      site: WebsiteRow,
      host: SiteHost,
      body: unknown,
      problem: TFormProblem,
    ): Promise<string> {
      const origin = await originFor(site, host, false);
      return renderFormProblem(deps.websites.contentOf(site), {
        baseUrl: origin,
        formAction: "/contact",
        lang: this.langOf(site, body),
        problem,
        values: this.valuesOf(body),
      });
    },

    /** Takes a contact-form post: a CRM lead and a conversion, or the reason it was not taken. */
    async submit(
      site: WebsiteRow,
      host: SiteHost,
      body: unknown,
      visitor: { ip: string; userAgent: string },
    ): Promise<FormOutcome> {
      const lang = this.langOf(site, body);
      const form = leadForm(deps.websites.contentOf(site).contactForm).safeParse(body ?? {});
      if (form.success && form.data.website) return { kind: "dropped", lang };
      if (!form.success) {
        // When other fields failed, zod never reached the email and phone rules: ask them too.
        const raw = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
        const contact = contactProblems(deps.websites.contentOf(site).contactForm, raw).problems;
        const fields = [...FORM_FIELDS, "contact" as const].filter(
          (f) => form.error.issues.some((i) => i.path[0] === f) || contact.some((p) => p.path === f),
        );
        return {
          kind: "problem",
          status: 400,
          html: await this.problemPage(site, host, body, { kind: "invalid", fields }),
        };
      }
      const consentText =
        form.data.consent === "yes" ? formConsentText(lang, deps.websites.contentOf(site)) : undefined;
      const lead = await deps.crm.captureLead(
        site.ownerId,
        {
          name: form.data.name,
          company: form.data.company,
          language: lang,
          ...(form.data.email ? { email: form.data.email } : {}),
          ...(form.data.phone ? { phone: form.data.phone } : {}),
        },
        {
          website: site.name,
          websiteId: site.id,
          message: form.data.message,
          ...(consentText ? { consentText } : {}),
        },
      );
      if (lead.askConsent && consentText) {
        // The enquiry is taken whatever happens to this mail; a failed send leaves the consent
        // pending, and the visitor can tick the box again another day.
        await deps
          .requestConsent({
            ownerId: site.ownerId,
            contactId: lead.contact.id,
            email: lead.contact.email,
            lang,
            businessName: site.name,
            consentText,
          })
          .catch(() => undefined);
      }
      await deps.alertOwner?.({
        ownerId: site.ownerId,
        websiteId: site.id,
        siteName: site.name,
        contactId: lead.contact.id,
        name: form.data.name,
        email: lead.contact.email,
        phone: form.data.phone,
        company: form.data.company ?? "",
        message: form.data.message,
      });
      await deps.analytics.recordConversion(site.id, `/${lang}/`, visitor.ip, visitor.userAgent);
      return { kind: "sent", lang };
    },
  };
}

export type SitesService = ReturnType<typeof createSitesService>;
