import { createHash } from "node:crypto";
import { ERROR_CODES, type TLanguage, type TMediaAlt, type TStockSearch } from "@shobai/shared";
import type { TSitePhoto } from "@shobai/sitegen";
import type { Database } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { StockProviderError, type UnsplashClient } from "../../providers/stock/unsplash";
import { variantWidths } from "./process-image";
import * as q from "./queries";

/** The interface language → Unsplash's `lang` (ISO 639-1; it translates the keyword). */
const UNSPLASH_LANG: Record<TLanguage, string> = {
  ja: "ja",
  en: "en",
  pl: "pl",
  ro: "ro",
  ms: "ms",
  id: "id",
};

function asAppError(error: unknown): never {
  if (error instanceof StockProviderError) {
    if (error.reason === "rate_limited")
      throw new AppError(
        429,
        ERROR_CODES.stockRateLimited,
        "The stock photo service's hourly limit is used up; try again later",
      );
    if (error.reason === "not_found") throw AppError.notFound("Stock photo not found");
    throw new AppError(
      502,
      ERROR_CODES.stockUnavailable,
      "The stock photo service could not answer; try again later",
    );
  }
  throw error;
}

/**
 * Stock photos in the editor (decision 0053): search by keyword, and "use" a photo, which reads it
 * from Unsplash again (the credit and URLs come from Unsplash, never the browser), requests its
 * download location (Unsplash's download tracking) and gives the placement to put in the draft.
 * Photos are hotlinked from Unsplash's CDN, as its guidelines require: nothing is copied.
 */
export function createStockService(deps: {
  db: Database;
  unsplash: UnsplashClient;
  log?: { warn(obj: unknown, msg: string): void };
}) {
  const { db, unsplash } = deps;
  async function requireSite(ownerId: string, websiteId: string) {
    const site = await q.findOwnedWebsite(db, ownerId, websiteId);
    if (!site) throw AppError.notFound("Website not found");
    return site;
  }
  return {
    provider: "unsplash" as const,

    async search(
      ownerId: string,
      websiteId: string,
      query: string,
      page: number,
      lang: TLanguage,
    ): Promise<TStockSearch> {
      await requireSite(ownerId, websiteId);
      const found = await unsplash.search(query, page, 12, UNSPLASH_LANG[lang]).catch(asAppError);
      const limit = unsplash.rateLimit();
      if (limit.remaining !== null && limit.remaining < 5)
        deps.log?.warn({ rateLimit: limit }, "Unsplash requests nearly used up for this hour");
      return {
        page,
        total: found.total,
        totalPages: found.totalPages,
        results: found.results.map((p) => ({
          id: p.id,
          width: p.width,
          height: p.height,
          color: p.color,
          description: p.description,
          thumbUrl: p.thumbUrl,
          author: p.author,
          authorUrl: p.authorUrl,
          providerUrl: p.providerUrl,
        })),
      };
    },

    async use(ownerId: string, websiteId: string, photoId: string, alt: TMediaAlt): Promise<TSitePhoto> {
      const site = await requireSite(ownerId, websiteId);
      const photo = await unsplash.photo(photoId).catch(asAppError);
      await unsplash.trackDownload(photo.downloadLocation).catch(asAppError);
      const languages =
        (site.draft as { languages?: unknown } | null)?.languages ??
        (site.content as { languages?: unknown }).languages;
      const langs = Array.isArray(languages) ? (languages as TLanguage[]) : (["ja"] as TLanguage[]);
      // Unsplash's own description (English) where the owner gave none.
      const texts = Object.fromEntries(
        langs.map((l) => [l, (alt[l]?.trim() || photo.description).slice(0, 300)]),
      ) as TMediaAlt;
      return {
        id: `unsplash-${photo.id}`,
        // Not a file of the library: a stable name, so placements compare and cache like the others.
        hash: createHash("sha256").update(`unsplash:${photo.id}`).digest("hex").slice(0, 32),
        width: photo.width,
        height: photo.height,
        widths: variantWidths(photo.width),
        alt: texts,
        decorative: false,
        stock: {
          provider: "unsplash",
          url: photo.rawUrl,
          author: photo.author.slice(0, 200),
          authorUrl: photo.authorUrl,
          providerUrl: photo.providerUrl,
        },
      };
    },
  };
}

export type StockService = ReturnType<typeof createStockService>;
