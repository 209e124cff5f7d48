import { z } from "zod";
import type { TPlanId } from "./constants/plans.ts";
import { ZLanguage } from "./languages.ts";
import { ZId, zText } from "./text.ts";

/** One upload at most (the bytes as sent; phone photos are 2–8 MB). */
export const MEDIA_MAX_BYTES = 20 * 1024 * 1024;
/**
 * Decoded pixels one upload may have, read from its header before decoding: a 48-megapixel phone
 * photo passes; a small file claiming a huge canvas (a decompression bomb) is refused unread.
 */
export const MEDIA_MAX_PIXELS = 50_000_000;
/** Widths the site's responsive variants are made at (never wider than the photo). */
export const MEDIA_WIDTHS = [480, 960, 1600] as const;
/** Formats of every variant, best first: `<picture>` offers them in this order. */
export const MEDIA_FORMATS = ["avif", "webp", "jpeg"] as const;
export type TMediaFormat = (typeof MEDIA_FORMATS)[number];

/** Photo storage per account (originals and variants together), by plan. Decision 0044. */
export const MEDIA_STORAGE_MB: Record<TPlanId, number> = {
  trial: 200,
  starter: 1_000,
  business: 5_000,
  enterprise: 20_000,
  white_label: 50_000,
};

/** Alt text by site language; an empty text in a language means "not written yet". */
export const ZMediaAlt = z.partialRecord(ZLanguage, zText("alt").trim().max(300));
export type TMediaAlt = z.infer<typeof ZMediaAlt>;

/** One photo of a site's media library. */
export const ZMediaItem = z.object({
  id: z.string(),
  websiteId: z.string(),
  fileName: z.string(),
  /** What the bytes are (decided from the bytes, never the name). */
  contentType: z.string(),
  /** Content hash: the variants' file names start with it, so their URLs never change meaning. */
  hash: z.string(),
  /** Size after auto-orientation. */
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** The widths variants exist at (each in every format of MEDIA_FORMATS). */
  widths: z.array(z.number().int().positive()),
  /** Bytes stored for it (original and variants): what counts against the quota. */
  bytes: z.number().int().nonnegative(),
  alt: ZMediaAlt,
  /** The owner said the photo only decorates: it gets an empty alt on the site. */
  decorative: z.boolean(),
  /** A small preview of the photo (its 480 px WebP), for the library grid. */
  thumbnailUrl: z.string(),
  createdAt: z.iso.datetime(),
});
export type TMediaItem = z.infer<typeof ZMediaItem>;

export const ZMediaUsage = z.object({
  usedBytes: z.number().int().nonnegative(),
  quotaBytes: z.number().int().positive(),
});
export type TMediaUsage = z.infer<typeof ZMediaUsage>;

export const ZMediaList = z.object({
  items: z.array(ZMediaItem),
  usage: ZMediaUsage,
  /** The stock photo service the owner may search (configured by the operator), or null: hidden. */
  stock: z.enum(["unsplash"]).nullable().default(null),
  /** Whether the AI provider can suggest alt texts (configured by the operator). */
  altSuggestions: z.boolean().default(false),
});
export type TMediaList = z.infer<typeof ZMediaList>;

export const ZUploadMediaQuery = z.object({
  /** The file's name on the owner's device: only a prefill for the alt text, never the type. */
  name: zText("name").trim().max(255).default(""),
});

export const ZUpdateMedia = z.object({
  alt: ZMediaAlt.optional(),
  decorative: z.boolean().optional(),
});
export type TUpdateMedia = z.infer<typeof ZUpdateMedia>;

export const ZDeleteMediaQuery = z.object({
  /** "true": delete even though the site shows it (the owner confirmed). */
  confirm: z.enum(["true", "false"]).default("false"),
});

/** The alt text a file name suggests: "shop-front_2024.jpg" → "shop front 2024". */
export function altFromFileName(name: string): string {
  const base = name.replace(/\.[a-z0-9]{1,5}$/i, "");
  // Camera names (IMG_1234, DSC01234, PXL_2024…) say nothing about the picture.
  if (/^(img|dsc|dscn|pxl|photo|image|p)[-_ ]?\d+/i.test(base)) return "";
  return base
    .replace(/[_\-.+]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 300);
}

/** Stock photo search (decision 0053): keyword and page (Unsplash pages of 12). */
export const ZStockSearchQuery = z.object({
  query: zText("query").trim().min(1).max(100),
  page: z.coerce.number().int().min(1).max(50).default(1),
});

/** One stock photo in the search results: its provider's URLs and the credit it must carry. */
export const ZStockResult = z.object({
  id: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** The provider's colour while the thumbnail loads. */
  color: z.string().nullable(),
  description: z.string(),
  /** The provider's small image (hotlinked, as Unsplash requires). */
  thumbUrl: z.string(),
  author: z.string(),
  /** The photographer's profile and the provider's site, with the UTM tags its guidelines ask for. */
  authorUrl: z.string(),
  providerUrl: z.string(),
});
export type TStockResult = z.infer<typeof ZStockResult>;

export const ZStockSearch = z.object({
  results: z.array(ZStockResult),
  page: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
});
export type TStockSearch = z.infer<typeof ZStockSearch>;

export const ZStockPhotoParams = z.object({ id: ZId, photoId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });

/** AI alt-text suggestion: one text per requested site language. */
export const ZAltSuggestion = z.object({ alt: ZMediaAlt });
export type TAltSuggestion = z.infer<typeof ZAltSuggestion>;
