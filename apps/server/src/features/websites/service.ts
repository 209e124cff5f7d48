import { createHash } from "node:crypto";
import {
  ERROR_CODES,
  mergeFacts,
  RESERVED_SLUGS,
  type TGeneratedWebsite,
  type TGenerateWebsite,
  type TImportWebsite,
  type TLanguage,
  type TSiteFacts,
  type TSiteRead,
  type TSlugAvailability,
  type TUnderstandDescription,
  type TUnderstoodDescription,
  type TUpdateWebsite,
  type TWebsite,
  toUnicodeHostname,
  ZBusinessCategory,
  ZConfirmedFacts,
  ZGenerateWebsite,
  ZImportWebsite,
  ZLanguage,
  ZSiteFacts,
  ZUnderstandDescription,
  ZUpdateWebsite,
  ZWebsiteSource,
} from "@shobai/shared";
import {
  composeSite,
  cutText,
  placeIn,
  renderSite,
  type TSiteContent,
  type TSiteImage,
  type TSitePhoto,
  understandDescription,
  ZSiteContent,
} from "@shobai/sitegen";
import { findTrades } from "@shobai/sitegen/facts";
import type { Database } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { isUniqueViolation } from "../../lib/db-errors";
import type { Entitlements } from "../../lib/entitlements";
import { fetchPublicImage, SafeFetchError } from "../../lib/safe-fetch";
import { TRACKER_PATH } from "../../lib/site-paths";
import { dayStart, monthStart, tokyoDay } from "../../lib/tokyo-days";
import { AiProviderError } from "../../providers/ai/openai-compatible";
import type { AiSiteWriter, TSection as TAiSection } from "../../providers/ai/site-writer";
import { type CrawlResult, crawlSite } from "./crawl";
import * as dq from "./draft-queries";
import type { PageImage } from "./page-facts";
import * as q from "./queries";
import { PageReadError, readPageFactsOffThread } from "./read-page";
import { readSite, type SiteReading } from "./site-reading";
import { slugCandidates } from "./slug";

/** A site as stored; the hosted-site renderer reads it through this service. */
export type { WebsiteRow } from "./queries";

export type WebsiteOwner = { id: string };

export type WebsitesDeps = {
  db: Database;
  /**
   * Called after this process changed a site (its slug; null: some site was removed), so its own
   * caches drop it before the next request. Other processes hear of it by notification (decision 0022).
   */
  onChanged?: (slug: string | null) => void;
  /** A website was deleted: its media files go too (the media service, issue 19). */
  onRemoved?: (websiteId: string) => Promise<void>;
  /**
   * An imported site's copied pictures through the media pipeline (issue 19): the photos made, in
   * the order given (null where a picture was refused), for placing on the new site.
   */
  importPhotos?: (
    ownerId: string,
    websiteId: string,
    pictures: { bytes: Buffer; alt: string; sourceUrl: string | null }[],
  ) => Promise<(TSitePhoto | null)[]>;
  /** Hosts the importer may fetch although they resolve to private addresses (tests, intranets). */
  importAllowedHosts: readonly string[];
  /** How long reading an imported page may take before the import is refused. */
  pageReadBudgetMs?: number;
  /** When configured, an LLM rewrites the composer's draft; facts and structure stay the draft's. */
  siteWriter?: AiSiteWriter | undefined;
  entitlements: Entitlements;
  /** The first verified custom domain of each website (custom-domains feature), by website id. */
  verifiedDomainsOf: (ownerId: string, websiteIds: string[]) => Promise<Map<string, string>>;
  /** A site's public address: its verified custom domain, else {slug}.SITES_DOMAIN (sites feature). */
  siteUrl: (slug: string, domain: string | null) => string;
  /** A short-lived signed link that shows the site, published or not, on its own host (sites feature). */
  previewUrl: (websiteId: string, slug: string) => string;
};

/** Every string of a value with `from` replaced by `to` (the site's text after a rename). */
function replaceDeep<T>(value: T, from: string[], to: string): T {
  if (typeof value === "string") {
    let out: string = value;
    for (const old of from) if (old) out = out.split(old).join(to);
    return out as T;
  }
  if (Array.isArray(value)) return value.map((v) => replaceDeep(v, from, to)) as T;
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceDeep(v, from, to)])) as T;
  return value;
}

/** A rename replaces the names given per language too: they named the old business. */
function withoutLocalizedNames(facts: TSiteFacts): TSiteFacts {
  const localized = Object.fromEntries(
    Object.entries(facts.localized).map(([lang, names]) => {
      const { name: _old, ...rest } = names ?? {};
      return [lang, rest];
    }),
  ) as TSiteFacts["localized"];
  return { ...facts, localized };
}

/**
 * The site renamed everywhere the name is written (decision 0032): title, description, hero,
 * about, footer and every language's copy, with the old name and its per-language forms replaced;
 * lengths are cut back to what the content allows. Structured data and the header read the name
 * at render time.
 */
export function renameContent(content: TSiteContent, name: string): TSiteContent {
  const old = [
    content.businessName,
    ...Object.values(content.facts?.localized ?? {}).map((names) => names?.name ?? ""),
  ]
    .filter((n) => n && n !== name)
    .sort((a, b) => b.length - a.length);
  const copies = replaceDeep(content.content, old, name);
  for (const copy of Object.values(copies)) {
    if (!copy) continue;
    copy.seo.title = cutText(copy.seo.title, 60);
    copy.seo.description = cutText(copy.seo.description, 160);
    copy.about.title = cutText(copy.about.title, 80);
    copy.hero.headline = cutText(copy.hero.headline, 120);
    copy.hero.subline = cutText(copy.hero.subline, 300);
    copy.about.paragraphs = copy.about.paragraphs.map((p) => cutText(p, 1200));
  }
  return ZSiteContent.parse({
    ...content,
    businessName: name,
    tagline: cutText(replaceDeep(content.tagline, old, name), 160),
    content: copies,
    ...(content.facts ? { facts: withoutLocalizedNames({ ...content.facts, name }) } : {}),
  });
}

/**
 * The words of a default address for a name without Latin letters: the trade and the place in
 * English ("tax-accountant-osaka"), never the template's category.
 */
function readableParts(content: TSiteContent): string[] {
  const facts = content.facts;
  const trade =
    findTrades(`${facts?.trade ?? ""}`)[0]?.noun.en ?? findTrades(content.tagline)[0]?.noun.en ?? "";
  const english = (text: string | null | undefined) => {
    if (!text) return undefined;
    // 「大阪市北区梅田」: the whole, else its parts (大阪, 北, 梅田), the widest first.
    for (const part of [text, ...text.split(/[都道府県市区町村郡\s,]+/)])
      if (part) {
        const found = placeIn("en", part);
        if (found) return found;
      }
    return undefined;
  };
  const place = facts?.localized.en?.place ?? english(facts?.place) ?? english(facts?.address) ?? "";
  return [trade, place];
}

/** A site shows at most this many photos; smaller pictures than MIN_IMAGE_SIDE are icons or pixels. */
const MAX_SITE_IMAGES = 6;
const MIN_IMAGE_SIDE = 64;

type CopiedImages = { assets: Omit<q.NewWebsiteAssetRow, "websiteId">[]; images: TSiteImage[] };

/**
 * Downloads the page's pictures through the SSRF-safe fetcher so the new site never hot-links the
 * old one. Each failure (blocked, broken, too big, not an image, unreadable, too small) only skips
 * that picture; identical bytes are stored once.
 */
async function copyImages(candidates: PageImage[], allowedHosts: readonly string[]): Promise<CopiedImages> {
  const results = await Promise.allSettled(
    candidates.map((candidate) => fetchPublicImage(candidate.url, { allowedHosts })),
  );
  const copied: CopiedImages = { assets: [], images: [] };
  const seen = new Set<string>();
  results.forEach((result, i) => {
    const candidate = candidates[i];
    if (result.status !== "fulfilled" || !candidate || copied.assets.length >= MAX_SITE_IMAGES) return;
    const image = result.value;
    if (image.width < MIN_IMAGE_SIDE || image.height < MIN_IMAGE_SIDE) return;
    const sha256 = createHash("sha256").update(image.bytes).digest("hex");
    if (seen.has(sha256)) return;
    seen.add(sha256);
    const id = crypto.randomUUID();
    const alt = candidate.alt.slice(0, 300);
    copied.assets.push({
      id,
      contentType: image.type,
      bytes: image.bytes,
      width: image.width,
      height: image.height,
      alt,
      sha256,
      sourceUrl: image.url.slice(0, 2000),
    });
    copied.images.push({ src: `_assets/${id}`, alt, width: image.width, height: image.height });
  });
  return copied;
}

/**
 * `domain`: the website's verified custom host name (ASCII), shown in its Unicode form; `siteUrl`
 * makes its public address.
 */
export function toWebsite(
  row: q.WebsiteRow,
  domain: string | null,
  siteUrl: WebsitesDeps["siteUrl"],
): TWebsite {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    domain: domain ? toUnicodeHostname(domain) : null,
    url: siteUrl(row.slug, domain),
    template: ZBusinessCategory.catch("consulting").parse(row.template),
    businessType: ZBusinessCategory.catch("consulting").parse(row.businessType),
    languages: ZLanguage.array().catch(["ja"]).parse(row.languages),
    isPublished: row.isPublished,
    source: ZWebsiteSource.catch("generated").parse(row.source),
    sourceUrl: row.sourceUrl,
    enquiryAlertEmail: row.enquiryAlertEmail ?? null,
    facts: ZSiteFacts.nullable()
      .catch(null)
      .parse(row.facts ?? null),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * What regeneration keeps: the photos, and the confirmed facts (so nothing the owner confirmed is
 * read again from the description); sites made before the facts keep their address.
 */
export function kept(
  row: q.WebsiteRow,
  content: TSiteContent,
): { images?: TSiteImage[]; address?: string; siteFacts?: TSiteFacts } {
  const facts = ZSiteFacts.nullable()
    .catch(null)
    .parse(row.facts ?? content.facts ?? null);
  return {
    ...(content.images ? { images: content.images } : {}),
    ...(facts ? { siteFacts: facts } : content.contact.address ? { address: content.contact.address } : {}),
  };
}

export function createWebsitesService(deps: WebsitesDeps) {
  const { db } = deps;

  /** Websites as the API shows them, with their verified custom domains. */
  async function withDomains(ownerId: string, rows: q.WebsiteRow[]): Promise<TWebsite[]> {
    const domains = await deps.verifiedDomainsOf(
      ownerId,
      rows.map((r) => r.id),
    );
    return rows.map((row) => toWebsite(row, domains.get(row.id) ?? null, deps.siteUrl));
  }
  const one = async (ownerId: string, row: q.WebsiteRow) =>
    (await withDomains(ownerId, [row]))[0] as TWebsite;

  async function requireWebsite(ownerId: string, id: string): Promise<q.WebsiteRow> {
    const row = await q.findWebsite(db, ownerId, id);
    if (!row) throw AppError.notFound("Website not found");
    return row;
  }

  async function ensureRoom(owner: WebsiteOwner): Promise<void> {
    // The plan as it stands now (a trial that ended, a subscription past its period: refused).
    const plan = await deps.entitlements.requireWebsiteCreation(owner.id);
    if ((await q.countWebsites(db, owner.id)) >= plan.websiteLimit) {
      throw new AppError(
        403,
        ERROR_CODES.websiteLimit,
        `Your ${plan.name} plan includes ${plan.websiteLimit} website${plan.websiteLimit === 1 ? "" : "s"}. ` +
          "Upgrade your plan to add more.",
      );
    }
  }

  /**
   * The AI provider writes the text when one is configured and the plan's monthly AI generations are
   * not used up (decision 0027); otherwise the built-in composer's draft stands. A provider that fails
   * or changes a fact is an error: nothing is stored and the owner is told why.
   */
  async function write(
    owner: WebsiteOwner,
    draft: TSiteContent,
    description: string,
  ): Promise<{ content: TSiteContent; writer: "ai" | "composer"; aiLimitReached: boolean }> {
    if (!deps.siteWriter) return { content: draft, writer: "composer", aiLimitReached: false };
    const { plan } = await deps.entitlements.standing(owner.id);
    const since = dayStart(monthStart(tokyoDay(new Date())));
    if ((await q.countAiGenerationsSince(db, owner.id, since)) >= plan.aiGenerationMonthlyLimit) {
      return { content: draft, writer: "composer", aiLimitReached: true };
    }
    try {
      const content = await deps.siteWriter.write(draft, description);
      await q.insertAiGeneration(db, owner.id);
      return { content, writer: "ai", aiLimitReached: false };
    } catch (error) {
      if (error instanceof AiProviderError) {
        throw new AppError(502, ERROR_CODES.generationFailed, `Website generation failed: ${error.message}`);
      }
      throw error;
    }
  }

  /** Crawls the owner's site and reads it; fetch and read failures are the owner's 400s. */
  async function readOwnSite(
    url: string,
    onProgress?: (read: number, of: number) => void,
  ): Promise<{ crawl: CrawlResult; reading: SiteReading }> {
    let crawl: CrawlResult;
    try {
      crawl = await crawlSite(url, {
        allowedHosts: deps.importAllowedHosts,
        read: (html, pageUrl) => readPageFactsOffThread(html, pageUrl, deps.pageReadBudgetMs),
        ...(onProgress ? { onProgress } : {}),
      });
    } catch (error) {
      if (error instanceof SafeFetchError) throw AppError.badRequest(ERROR_CODES.importFailed, error.message);
      if (error instanceof PageReadError) {
        throw AppError.badRequest(
          ERROR_CODES.importFailed,
          "The page could not be read in time; it is too large or too complex to import",
        );
      }
      throw error;
    }
    const reading = readSite(crawl.pages);
    if (!reading.description.trim() && !reading.facts.name) {
      throw AppError.badRequest(ERROR_CODES.importFailed, "The page has no text to build a site from");
    }
    return { crawl, reading };
  }

  async function freeSlug(content: TSiteContent): Promise<string> {
    for (const candidate of slugCandidates(content.businessName, readableParts(content))) {
      if (!(await q.slugTaken(db, candidate))) return candidate;
    }
    // Nothing readable (or every readable address taken): "site-" and a short random part.
    return `site-${crypto.randomUUID().slice(0, 8)}`;
  }

  async function store(
    owner: WebsiteOwner,
    content: TSiteContent,
    extra: { businessDescription: string; source: "generated" | "imported"; sourceUrl: string | null },
    assets: CopiedImages["assets"] = [],
  ): Promise<TWebsite> {
    // Two requests may pick the same free slug; the unique index decides and the loser tries again.
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const row = await q.insertWebsite(
          db,
          {
            id: crypto.randomUUID(),
            ownerId: owner.id,
            name: content.businessName,
            slug: await freeSlug(content),
            template: content.industry,
            businessType: content.industry,
            targetMarket: content.targetMarket,
            businessDescription: extra.businessDescription,
            languages: content.languages,
            facts: (content.facts ?? null) as Record<string, unknown> | null,
            content: content as unknown as Record<string, unknown>,
            isPublished: true,
            source: extra.source,
            sourceUrl: extra.sourceUrl,
          },
          assets,
        );
        deps.onChanged?.(row.slug);
        return toWebsite(row, null, deps.siteUrl);
      } catch (error) {
        if (!isUniqueViolation(error) || attempt === 2) throw error;
      }
    }
    throw new Error("unreachable");
  }

  /**
   * The copied pictures become media-library photos (variants, metadata stripped, like uploads):
   * the first wide one leads the page, the rest form its gallery. Pictures the pipeline refuses keep
   * their copied original as before (`_assets`).
   */
  async function withImportedPhotos(
    ownerId: string,
    website: TWebsite,
    content: TSiteContent,
    copied: CopiedImages,
  ): Promise<TWebsite | null> {
    if (!deps.importPhotos || copied.assets.length === 0) return null;
    const made = await deps.importPhotos(
      ownerId,
      website.id,
      copied.assets.map((a) => ({ bytes: a.bytes, alt: a.alt ?? "", sourceUrl: a.sourceUrl ?? null })),
    );
    const photos = made.filter((p): p is TSitePhoto => p !== null);
    if (photos.length === 0) return null;
    const heroIndex = photos.findIndex((p) => p.width >= 960 && p.width >= p.height);
    const hero = heroIndex >= 0 ? photos[heroIndex] : undefined;
    const gallery = photos.filter((_, i) => i !== heroIndex);
    const legacy = (content.images ?? []).filter((_, i) => made[i] === null);
    const { images: _images, ...rest } = content;
    const next: TSiteContent = {
      ...rest,
      ...(legacy.length > 0 ? { images: legacy } : {}),
      photos: { ...(hero ? { hero } : {}), ...(gallery.length > 0 ? { gallery } : {}) },
    };
    const updated = await q.updateWebsite(db, ownerId, website.id, {
      content: next as unknown as Record<string, unknown>,
    });
    if (!updated) return null;
    deps.onChanged?.(updated.slug);
    return toWebsite(updated, null, deps.siteUrl);
  }

  return {
    /**
     * The editor's "regenerate this section" through the AI provider (decision 0027): null when none
     * is configured or the plan's AI generations this month are used up (the composer writes then).
     * One request counts as one AI generation, whatever the number of languages.
     */
    async writeSectionWithAi(
      ownerId: string,
      site: TSiteContent,
      languages: TLanguage[],
      section: TAiSection,
      description: string,
      from?: TLanguage,
    ): Promise<Partial<Record<TLanguage, unknown>> | null> {
      if (!deps.siteWriter) return null;
      const { plan } = await deps.entitlements.standing(ownerId);
      const since = dayStart(monthStart(tokyoDay(new Date())));
      if ((await q.countAiGenerationsSince(db, ownerId, since)) >= plan.aiGenerationMonthlyLimit) return null;
      const written: Partial<Record<TLanguage, unknown>> = {};
      try {
        for (const lang of languages) {
          const next = await deps.siteWriter.writeSection(site, lang, section, description, from);
          written[lang] = (next.content as Partial<Record<TLanguage, Record<string, unknown>>>)[lang]?.[
            section
          ];
        }
      } catch (error) {
        if (error instanceof AiProviderError) {
          throw new AppError(
            502,
            ERROR_CODES.generationFailed,
            `The section could not be written: ${error.message}`,
          );
        }
        throw error;
      }
      await q.insertAiGeneration(db, ownerId);
      return written;
    },

    async list(ownerId: string): Promise<TWebsite[]> {
      return withDomains(ownerId, await q.listWebsites(db, ownerId));
    },

    count: (ownerId: string) => q.countWebsites(db, ownerId),

    async get(ownerId: string, id: string): Promise<TWebsite> {
      return one(ownerId, await requireWebsite(ownerId, id));
    },

    /** What the generator reads in a description, for the owner to confirm before generating. */
    understand(input: TUnderstandDescription): TUnderstoodDescription {
      const data = ZUnderstandDescription.parse(input);
      return understandDescription(data.businessDescription, data.languages[0]);
    },

    async generate(owner: WebsiteOwner, input: TGenerateWebsite): Promise<TGeneratedWebsite> {
      const data = ZGenerateWebsite.parse(input);
      await ensureRoom(owner);
      const draft = composeSite(data, data.facts ? { facts: data.facts } : {});
      const written = await write(owner, draft, data.businessDescription);
      const website = await store(owner, written.content, {
        businessDescription: data.businessDescription,
        source: "generated",
        sourceUrl: null,
      });
      return { ...website, writer: written.writer, aiLimitReached: written.aiLimitReached };
    },

    /**
     * What the owner's site states (up to 15 pages), for the owner to confirm; stores nothing.
     * `onProgress` hears of each page read (pages read, pages it expects to read).
     */
    async readImport(url: string, onProgress?: (read: number, of: number) => void): Promise<TSiteRead> {
      const { crawl, reading } = await readOwnSite(url, onProgress);
      return {
        facts: reading.facts,
        industry: reading.industry,
        candidates: reading.candidates,
        sourceUrl: crawl.pages[0]?.url ?? url,
        pages: crawl.pages.map((p) => ({ url: p.url, title: p.title.slice(0, 200) })),
      };
    },

    /**
     * The site made from the owner's old site: read again (the crawl is not kept between the two
     * requests), with the facts the owner confirmed winning field by field.
     */
    async importFromUrl(owner: WebsiteOwner, input: TImportWebsite): Promise<TWebsite> {
      const data = ZImportWebsite.parse(input);
      await ensureRoom(owner);
      const { crawl, reading } = await readOwnSite(data.url);
      const facts = mergeFacts(reading.facts, data.facts ? ZConfirmedFacts.parse(data.facts) : undefined);
      const languages = data.languages ?? [reading.facts.sourceLanguage];
      const images = crawl.pages.flatMap((p) => p.images);
      const unique = images.filter((image, i) => images.findIndex((o) => o.url === image.url) === i);
      const copied = await copyImages(unique.slice(0, 10), deps.importAllowedHosts);
      const content = composeSite(
        {
          businessDescription: reading.description || facts.name || "-",
          businessType: reading.industry,
          targetMarket: languages[0] === "ja" ? "japan" : "asia",
          languages,
        },
        { siteFacts: facts, images: copied.images },
      );
      const website = await store(
        owner,
        content,
        {
          businessDescription: reading.description,
          source: "imported",
          sourceUrl: crawl.pages[0]?.url ?? data.url,
        },
        copied.assets,
      );
      return (await withImportedPhotos(owner.id, website, content, copied)) ?? website;
    },

    /** Whether an address is free for a site (the owner's own site's current address counts as free). */
    async slugAvailability(slug: string, ownerId?: string, websiteId?: string): Promise<TSlugAvailability> {
      if (RESERVED_SLUGS.includes(slug)) return { slug, available: false, reason: "reserved" };
      const holder = await q.findWebsiteBySlug(db, slug);
      if (holder && !(holder.ownerId === ownerId && holder.id === websiteId))
        return { slug, available: false, reason: "taken" };
      return { slug, available: true };
    },

    async update(ownerId: string, id: string, input: TUpdateWebsite): Promise<TWebsite> {
      const patch = ZUpdateWebsite.parse(input);
      const row = await requireWebsite(ownerId, id);
      const oldSlug = row.slug;
      if (patch.slug && patch.slug !== row.slug) {
        const free = await this.slugAvailability(patch.slug, ownerId, id);
        if (!free.available)
          throw new AppError(409, ERROR_CODES.slugTaken, `The address "${patch.slug}" is not available`);
      }
      let content = ZSiteContent.parse(row.content);
      const renamed = (facts: TSiteFacts | undefined) =>
        facts && patch.name ? withoutLocalizedNames({ ...facts, name: patch.name }) : facts;
      if (patch.name) content = renameContent(content, patch.name);
      const storedFacts = ZSiteFacts.nullable()
        .catch(null)
        .parse(row.facts ?? null);
      if (patch.languages) {
        // New languages need their copy written; the composer is deterministic, so the rest stays.
        content = {
          ...composeSite(
            {
              businessDescription: row.businessDescription || content.businessName,
              businessType: ZBusinessCategory.catch("consulting").parse(row.businessType),
              targetMarket: content.targetMarket,
              languages: patch.languages,
            },
            // The facts, the address and the photos are the site's own, not re-derived from the text.
            {
              businessName: content.businessName,
              ...kept({ ...row, facts: renamed(storedFacts ?? undefined) ?? null }, content),
            },
          ),
          ...(content.photos ? { photos: content.photos } : {}),
        };
      }
      let updated: q.WebsiteRow | undefined;
      try {
        updated = await q.updateWebsite(db, ownerId, id, {
          ...(patch.slug ? { slug: patch.slug } : {}),
          ...(patch.name ? { name: patch.name } : {}),
          ...(patch.languages ? { languages: patch.languages } : {}),
          ...(patch.isPublished !== undefined ? { isPublished: patch.isPublished } : {}),
          ...(patch.enquiryAlertEmail !== undefined
            ? { enquiryAlertEmail: patch.enquiryAlertEmail || null }
            : {}),
          ...(content.facts ? { facts: content.facts as Record<string, unknown> } : {}),
          content: content as unknown as Record<string, unknown>,
        });
      } catch (error) {
        // Another site took the address between the check and the write: the unique index decides.
        if (patch.slug && isUniqueViolation(error))
          throw new AppError(409, ERROR_CODES.slugTaken, `The address "${patch.slug}" is not available`);
        throw error;
      }
      if (!updated) throw AppError.notFound("Website not found");
      // The editor's draft was made from the old text: open editors start again from the new one.
      if (patch.name || patch.languages) await dq.replaceDraft(db, ownerId, id, null);
      if (oldSlug !== updated.slug) deps.onChanged?.(oldSlug);
      deps.onChanged?.(updated.slug);
      return one(ownerId, updated);
    },

    async regenerate(ownerId: string, id: string): Promise<TWebsite> {
      const row = await requireWebsite(ownerId, id);
      const current = ZSiteContent.parse(row.content);
      const composed = composeSite(
        {
          businessDescription: row.businessDescription || current.businessName,
          businessType: ZBusinessCategory.catch("consulting").parse(row.businessType),
          targetMarket: current.targetMarket,
          languages: current.languages,
        },
        { businessName: row.name, ...kept(row, current) },
      );
      // The owner's placed photos stay where they were (issue 19).
      const content: TSiteContent = current.photos ? { ...composed, photos: current.photos } : composed;
      const updated = await q.updateWebsite(db, ownerId, id, {
        ...(content.facts ? { facts: content.facts as Record<string, unknown> } : {}),
        content: content as unknown as Record<string, unknown>,
      });
      if (!updated) throw AppError.notFound("Website not found");
      await dq.replaceDraft(db, ownerId, id, null);
      deps.onChanged?.(updated.slug);
      return one(ownerId, updated);
    },

    async remove(ownerId: string, id: string): Promise<void> {
      if (!(await q.deleteWebsite(db, ownerId, id))) throw AppError.notFound("Website not found");
      deps.onChanged?.(null);
      await deps.onRemoved?.(id);
    },

    /** The hosted site by its slug, for the public server. */
    findBySlug: (slug: string) => q.findWebsiteBySlug(db, slug),

    /** One of the site's copied images; the caller decides whether the site may be seen. */
    findAsset: (websiteId: string, assetId: string) => q.findAsset(db, websiteId, assetId),

    /** A signed preview link of one of the owner's websites, on the site's own host. */
    async previewUrl(ownerId: string, id: string): Promise<string> {
      const row = await requireWebsite(ownerId, id);
      return deps.previewUrl(row.id, row.slug);
    },

    /** The stored content, as the renderer takes it. */
    contentOf: (row: q.WebsiteRow): TSiteContent => ZSiteContent.parse(row.content),

    /**
     * `origin` makes canonical and hreflang links absolute, as search engines want them. Previews
     * leave the tracker out (`tracker: false`), so an owner looking at a draft is never counted.
     */
    render(
      row: q.WebsiteRow,
      origin: string,
      prefix: string,
      options: { tracker: boolean } = { tracker: true },
    ) {
      return renderSite(ZSiteContent.parse(row.content), {
        baseUrl: `${origin}${prefix}`,
        formAction: `${prefix}/contact`,
        ...(options.tracker ? { trackerSrc: `${prefix}${TRACKER_PATH}` } : {}),
      });
    },
  };
}

export type WebsitesService = ReturnType<typeof createWebsitesService>;
