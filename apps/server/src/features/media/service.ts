import {
  altFromFileName,
  ERROR_CODES,
  LANGUAGES,
  MEDIA_STORAGE_MB,
  type TLanguage,
  type TMediaAlt,
  type TMediaItem,
  type TMediaList,
  type TUpdateMedia,
  ZLanguage,
} from "@shobai/shared";
import {
  photoPlaces,
  type TSiteContent,
  type TSitePhoto,
  withoutPhoto,
  withPhotoText,
} from "@shobai/sitegen";
import type { Database } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { createEntitlements } from "../../lib/entitlements";
import type { AiAltWriter } from "../../providers/ai/alt-text";
import { AiProviderError } from "../../providers/ai/openai-compatible";
import { originalFile, processImage, variantFile } from "./process-image";
import * as q from "./queries";
import { type MediaStorage, removeMediaOfAccountsDeletedBefore } from "./storage";

export type MediaDeps = {
  db: Database;
  storage: MediaStorage;
  entitlements: ReturnType<typeof createEntitlements>;
  /** A site's published content or draft changed (the slug): its cached pages go. */
  onChanged?: (slug: string) => void;
  /** The AI provider's alt-text writer, when one is configured. */
  altWriter?: AiAltWriter | undefined;
};

/** Where the app serves a website's variants to its owner (the editor's library and preview). */
export const mediaUrl = (websiteId: string, file: string) => `/media/${websiteId}/${file}`;

function filesOf(row: q.MediaRow): string[] {
  const files = [originalFile(row.hash)];
  for (const w of row.widths)
    for (const f of ["avif", "webp", "jpeg"] as const) files.push(variantFile(row.hash, w, f));
  return files;
}

function toItem(row: q.MediaRow): TMediaItem {
  const alt: Partial<Record<TLanguage, string>> = {};
  for (const [lang, text] of Object.entries(row.alt ?? {}))
    if (ZLanguage.safeParse(lang).success && typeof text === "string") alt[lang as TLanguage] = text;
  return {
    id: row.id,
    websiteId: row.websiteId,
    fileName: row.fileName,
    contentType: row.contentType,
    hash: row.hash,
    width: row.width,
    height: row.height,
    widths: row.widths,
    bytes: row.bytes,
    alt,
    decorative: row.decorative,
    thumbnailUrl: mediaUrl(row.websiteId, variantFile(row.hash, row.widths[0] ?? row.width, "webp")),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The site's media library (issue 19): uploads through sharp, variants in the storage, quota per plan. */
export function createMediaService(deps: MediaDeps) {
  const { db, storage } = deps;

  async function requireSite(ownerId: string, websiteId: string) {
    const site = await q.findOwnedWebsite(db, ownerId, websiteId);
    if (!site) throw AppError.notFound("Website not found");
    return site;
  }

  async function usage(ownerId: string) {
    const standing = await deps.entitlements.standing(ownerId);
    return {
      usedBytes: await q.usedBytes(db, ownerId),
      quotaBytes: MEDIA_STORAGE_MB[standing.plan.id] * 1024 * 1024,
    };
  }

  /** Every place the site (published or draft) shows the photo. */
  function placesOf(site: { content: unknown; draft: unknown }, mediaId: string): string[] {
    const places = new Set<string>();
    for (const content of [site.content, site.draft])
      if (content && typeof content === "object")
        for (const place of photoPlaces(content as Pick<TSiteContent, "photos">, mediaId)) places.add(place);
    return [...places];
  }

  return {
    storage,
    /** Whether the AI provider can suggest alt texts. */
    altSuggestions: Boolean(deps.altWriter),

    /** Photo storage the account uses and its plan allows, in bytes. */
    usage,

    async list(ownerId: string, websiteId: string): Promise<TMediaList> {
      await requireSite(ownerId, websiteId);
      const rows = await q.listMedia(db, ownerId, websiteId);
      // `stock` is the routes' to say (the stock service is theirs).
      return {
        items: rows.map(toItem),
        usage: await usage(ownerId),
        stock: null,
        altSuggestions: Boolean(deps.altWriter),
      };
    },

    /**
     * Stores one upload: decoded and checked by sharp, variants made, then the quota checked
     * against what it really takes. Nothing is stored when any step refuses it.
     */
    async upload(
      ownerId: string,
      websiteId: string,
      bytes: Buffer,
      fileName: string,
      options: { sourceUrl?: string; alt?: string } = {},
    ): Promise<TMediaItem> {
      const site = await requireSite(ownerId, websiteId);
      const processed = await processImage(bytes);
      const existing = await q.findByHash(db, websiteId, processed.hash);
      if (existing) return toItem(existing);
      const total = bytes.length + processed.variants.reduce((sum, v) => sum + v.bytes.length, 0);
      const { usedBytes, quotaBytes } = await usage(ownerId);
      if (usedBytes + total > quotaBytes) {
        throw new AppError(
          403,
          ERROR_CODES.mediaQuota,
          `The photo storage of your plan is full (${Math.round(usedBytes / 1048576)} of ${Math.round(quotaBytes / 1048576)} MB). Delete photos you no longer use or choose a larger plan.`,
        );
      }
      const files = [
        { file: originalFile(processed.hash), bytes, type: "application/octet-stream" },
        ...processed.variants.map((v) => ({ file: v.file, bytes: v.bytes, type: `image/${v.format}` })),
      ];
      await Promise.all(files.map((f) => storage.put(site.id, f.file, f.bytes, f.type)));
      const alt = (options.alt ?? altFromFileName(fileName)).slice(0, 300);
      const langs = Array.isArray((site.content as { languages?: unknown }).languages)
        ? ((site.content as { languages: unknown[] }).languages.filter((l) =>
            (LANGUAGES as readonly unknown[]).includes(l),
          ) as TLanguage[])
        : (["ja"] as TLanguage[]);
      const row = await q.insertMedia(db, {
        id: crypto.randomUUID(),
        ownerId,
        websiteId: site.id,
        fileName: fileName.slice(0, 255),
        contentType: processed.contentType,
        hash: processed.hash,
        width: processed.width,
        height: processed.height,
        widths: processed.widths,
        bytes: total,
        alt: Object.fromEntries(langs.map((l) => [l, alt])),
        decorative: false,
        sourceUrl: options.sourceUrl ?? null,
      });
      // The same photo uploaded twice at once: one row wins, both answers show it.
      if (!row) {
        const winner = await q.findByHash(db, websiteId, processed.hash);
        if (winner) return toItem(winner);
        throw AppError.conflict(ERROR_CODES.conflict, "The photo was deleted while it was uploaded");
      }
      return toItem(row);
    },

    async update(
      ownerId: string,
      websiteId: string,
      mediaId: string,
      patch: TUpdateMedia,
    ): Promise<TMediaItem> {
      const site = await requireSite(ownerId, websiteId);
      const current = await q.findMedia(db, ownerId, websiteId, mediaId);
      if (!current) throw AppError.notFound("Photo not found");
      const alt = patch.alt ? { ...current.alt, ...patch.alt } : current.alt;
      const decorative = patch.decorative ?? current.decorative;
      const row = await q.updateMedia(db, ownerId, websiteId, mediaId, { alt, decorative });
      if (!row) throw AppError.notFound("Photo not found");
      // The published page shows the photo with its new text at once (the draft too).
      if (placesOf(site, mediaId).length > 0) {
        const text = { alt, decorative };
        await q.replaceContents(
          db,
          site.id,
          withPhotoText(site.content as Pick<TSiteContent, "photos">, mediaId, text) as Record<
            string,
            unknown
          >,
          site.draft
            ? (withPhotoText(site.draft as Pick<TSiteContent, "photos">, mediaId, text) as Record<
                string,
                unknown
              >)
            : null,
        );
        deps.onChanged?.(site.slug);
      }
      return toItem(row);
    },

    /**
     * Deletes a photo; one the site shows (published or draft) only with `confirm`, and then it is
     * taken out of both, so no page points at a missing file.
     */
    async remove(ownerId: string, websiteId: string, mediaId: string, confirm: boolean): Promise<void> {
      const site = await requireSite(ownerId, websiteId);
      const current = await q.findMedia(db, ownerId, websiteId, mediaId);
      if (!current) throw AppError.notFound("Photo not found");
      const places = placesOf(site, mediaId);
      if (places.length > 0 && !confirm) {
        throw AppError.conflict(
          ERROR_CODES.mediaInUse,
          `The site shows this photo (${places.join(", ")}). Delete it anyway with confirm=true.`,
        );
      }
      if (places.length > 0) {
        await q.replaceContents(
          db,
          site.id,
          withoutPhoto(site.content as Pick<TSiteContent, "photos">, mediaId) as Record<string, unknown>,
          site.draft
            ? (withoutPhoto(site.draft as Pick<TSiteContent, "photos">, mediaId) as Record<string, unknown>)
            : null,
        );
        deps.onChanged?.(site.slug);
      }
      await q.deleteMedia(db, ownerId, websiteId, mediaId);
      await storage.remove(site.id, filesOf(current));
    },

    /**
     * Alt texts the AI provider suggests for a photo, one per site language, from its smallest
     * JPEG variant (no metadata, a few dozen KB). Nothing is stored: the owner confirms in the library.
     */
    async suggestAlt(ownerId: string, websiteId: string, mediaId: string): Promise<{ alt: TMediaAlt }> {
      if (!deps.altWriter) throw AppError.notFound("Alt-text suggestions are not available");
      const site = await requireSite(ownerId, websiteId);
      const current = await q.findMedia(db, ownerId, websiteId, mediaId);
      if (!current) throw AppError.notFound("Photo not found");
      const file = await storage.get(
        site.id,
        variantFile(current.hash, current.widths[0] ?? current.width, "jpeg"),
      );
      if (!file) throw AppError.notFound("Photo not found");
      const content = (site.draft ?? site.content) as { languages?: unknown; businessName?: unknown };
      const langs = Array.isArray(content.languages)
        ? (content.languages.filter((l) => (LANGUAGES as readonly unknown[]).includes(l)) as TLanguage[])
        : (["ja"] as TLanguage[]);
      try {
        const alt = await deps.altWriter.suggest(file.bytes, langs.length > 0 ? langs : ["ja"], {
          businessName: typeof content.businessName === "string" ? content.businessName : "",
        });
        return { alt };
      } catch (error) {
        if (error instanceof AiProviderError)
          throw new AppError(
            502,
            ERROR_CODES.altSuggestionFailed,
            `No alt-text suggestion: ${error.message}`,
          );
        throw error;
      }
    },

    /** A stored variant as served on the site host or to the app (never the original). */
    async file(websiteId: string, file: string) {
      if (file.endsWith(".orig")) return null;
      return storage.get(websiteId, file);
    },

    /** The website is being deleted (alone, or with its account): its files go with it. */
    async removeSite(websiteId: string): Promise<void> {
      await storage.removeSite(websiteId);
    },

    /**
     * Pictures copied by a site import, through the same pipeline as uploads; each refused one
     * (unreadable, too big, quota full) is null and the others go on.
     */
    async importPictures(
      ownerId: string,
      websiteId: string,
      pictures: { bytes: Buffer; alt: string; sourceUrl: string | null }[],
    ): Promise<(TSitePhoto | null)[]> {
      const made: (TSitePhoto | null)[] = [];
      for (const [i, picture] of pictures.entries()) {
        try {
          const item = await this.upload(ownerId, websiteId, picture.bytes, `imported-${i + 1}`, {
            alt: picture.alt,
            ...(picture.sourceUrl ? { sourceUrl: picture.sourceUrl } : {}),
          });
          made.push({
            id: item.id,
            hash: item.hash,
            width: item.width,
            height: item.height,
            widths: item.widths,
            alt: item.alt,
            decorative: item.decorative,
          });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          made.push(null);
        }
      }
      return made;
    },

    async removeOwner(ownerId: string): Promise<void> {
      for (const id of await q.websiteIdsOf(db, ownerId)) await storage.removeSite(id);
    },

    /** Before accounts deleted before `cutoff` are purged: their websites' files go. */
    async removeForAccountsDeletedBefore(cutoff: Date): Promise<void> {
      await removeMediaOfAccountsDeletedBefore(db, storage, cutoff);
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
