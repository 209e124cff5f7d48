/** @jsxRuntime automatic */
import type { TLanguage } from "@shobai/shared";
import type { TSitePhoto } from "../content-model.ts";

const FORMATS = [
  ["avif", "image/avif"],
  ["webp", "image/webp"],
] as const;

/**
 * The URL of one variant of a photo: `{mediaBase}/{hash}-{width}.{ext}`; a stock photo's from the
 * provider's image service (Unsplash: imgix parameters `w`, `fm`, `q`, `fit` on its `urls.raw`).
 */
export const photoUrl = (
  mediaBase: string,
  photo: TSitePhoto,
  width: number,
  ext: "avif" | "webp" | "jpg",
) =>
  photo.stock ? stockImageUrl(photo.stock.url, width, ext) : `${mediaBase}/${photo.hash}-${width}.${ext}`;

export function stockImageUrl(raw: string, width: number, ext: "avif" | "webp" | "jpg"): string {
  const url = new URL(raw);
  url.searchParams.set("w", String(width));
  url.searchParams.set("fm", ext);
  url.searchParams.set("q", ext === "jpg" ? "75" : "60");
  url.searchParams.set("fit", "max");
  return url.toString();
}

const srcSet = (mediaBase: string, photo: TSitePhoto, ext: "avif" | "webp" | "jpg") =>
  photo.widths.map((w) => `${photoUrl(mediaBase, photo, w, ext)} ${w}w`).join(", ");

/** The class that keeps a photo's focus point in view when cropped (its rule: focusCss). */
export function focusClass(photo: TSitePhoto): string | undefined {
  if (!photo.focus) return undefined;
  const x = Math.round(photo.focus.x);
  const y = Math.round(photo.focus.y);
  return x === 50 && y === 50 ? undefined : `f${x}-${y}`;
}

/** One rule per focus point the site uses (inline styles are not allowed on the pages). */
export function focusCss(photos: (TSitePhoto | null | undefined)[]): string {
  const rules = new Set<string>();
  for (const photo of photos) {
    const name = photo ? focusClass(photo) : undefined;
    if (photo?.focus && name)
      rules.add(`.${name} img{object-position:${Math.round(photo.focus.x)}% ${Math.round(photo.focus.y)}%}`);
  }
  return [...rules].join("");
}

/** The text a photo is announced with: empty when decorative, else the language's, else the fallback. */
export function photoAlt(photo: TSitePhoto, lang: TLanguage, fallback: string): string {
  if (photo.decorative) return "";
  const own = photo.alt[lang]?.trim();
  return own || fallback;
}

/**
 * One photo as `<picture>`: AVIF and WebP sources with every width, a JPEG `<img>` for the rest;
 * width and height from the photo (no layout shift), the crop's focus as object-position. Only
 * the hero loads at once with high priority; every other photo waits until it is near the screen.
 */
export function Picture({
  photo,
  mediaBase,
  sizes,
  alt,
  className,
  priority = false,
  eager = false,
}: {
  photo: TSitePhoto;
  mediaBase: string;
  sizes: string;
  alt: string;
  className?: string;
  priority?: boolean;
  /** Loads at once without jumping the queue (the header's logo: seen first, but not the largest paint). */
  eager?: boolean;
}) {
  const largest = photo.widths[photo.widths.length - 1] ?? photo.width;
  const middle = photo.widths[Math.min(1, photo.widths.length - 1)] ?? largest;
  const height = Math.max(1, Math.round((photo.height * largest) / photo.width));
  const focus = focusClass(photo);
  const classes = [className, focus].filter(Boolean).join(" ");
  return (
    <picture className={classes || undefined}>
      {FORMATS.map(([ext, type]) => (
        <source key={ext} type={type} srcSet={srcSet(mediaBase, photo, ext)} sizes={sizes} />
      ))}
      <img
        src={photoUrl(mediaBase, photo, middle, "jpg")}
        srcSet={srcSet(mediaBase, photo, "jpg")}
        sizes={sizes}
        alt={alt}
        width={largest}
        height={height}
        decoding="async"
        {...(priority ? { fetchPriority: "high" as const } : eager ? {} : { loading: "lazy" as const })}
      />
    </picture>
  );
}
