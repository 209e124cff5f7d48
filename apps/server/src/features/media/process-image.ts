import { createHash } from "node:crypto";
import { ERROR_CODES, MEDIA_MAX_PIXELS, MEDIA_WIDTHS, type TMediaFormat } from "@shobai/shared";
import sharp, { type Metadata } from "sharp";
import { AppError } from "../../lib/app-error";

/** Bumped when variants are made differently: new file names, so cached old ones are never mixed in. */
const PIPELINE_VERSION = "1";

const EXT: Record<TMediaFormat, string> = { avif: "avif", webp: "webp", jpeg: "jpg" };
export const variantFile = (hash: string, width: number, format: TMediaFormat) =>
  `${hash}-${width}.${EXT[format]}`;
export const originalFile = (hash: string) => `${hash}.orig`;

export type Variant = { file: string; width: number; height: number; format: TMediaFormat; bytes: Buffer };
export type ProcessedImage = {
  hash: string;
  contentType: string;
  width: number;
  height: number;
  widths: number[];
  variants: Variant[];
};

const unsupported = (why: string) =>
  AppError.badRequest(
    ERROR_CODES.mediaUnsupported,
    `${why} Upload a JPEG, PNG, WebP, AVIF, HEIC or GIF photo.`,
  );

/** The widths to make for a picture this wide: the standard ones below it, and its own up to the largest. */
export function variantWidths(width: number): number[] {
  const largest = MEDIA_WIDTHS[MEDIA_WIDTHS.length - 1] ?? 1600;
  const below = MEDIA_WIDTHS.filter((w) => w < width);
  return [...new Set([...below, Math.min(width, largest)])];
}

/**
 * What the bytes are, decided by libvips from the bytes themselves; then every variant: turned
 * upright by its EXIF orientation, converted to sRGB, resized, encoded without any metadata (no
 * EXIF, no GPS, no XMP, no camera serial). The pixel limit is checked on the header before decoding.
 */
export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw unsupported("The file is not a picture the platform can read.");
  }
  const contentType = typeOf(meta);
  if (!contentType)
    throw unsupported(`The file is ${meta.format === "svg" ? "an SVG drawing" : "not a photo"}.`);
  const rawWidth = meta.width ?? 0;
  const rawHeight = meta.height ?? 0;
  if (rawWidth < 1 || rawHeight < 1) throw unsupported("The picture has no size.");
  if (rawWidth * rawHeight > MEDIA_MAX_PIXELS) {
    throw AppError.badRequest(
      ERROR_CODES.mediaTooManyPixels,
      `The picture is ${rawWidth}×${rawHeight} pixels; at most ${MEDIA_MAX_PIXELS / 1_000_000} megapixels are taken.`,
    );
  }
  // iPhone HEIC (HEVC-coded HEIF): the prebuilt libvips has no HEVC decoder, so libheif (as
  // WebAssembly, through heic-decode) turns it into pixels once, after the size check above;
  // libheif applies the file's rotation and mirroring, and the pixels carry no metadata at all.
  let heic: { width: number; height: number; data: Buffer } | null = null;
  if (contentType === "image/heic") {
    try {
      heic = await decodeHeic(bytes);
    } catch {
      throw unsupported("The HEIC photo could not be decoded (it may be damaged or cut short).");
    }
  }
  // EXIF orientations 5–8 turn the picture a quarter: it is shown with width and height swapped.
  const turned = !heic && (meta.orientation ?? 1) >= 5;
  const width = heic ? heic.width : turned ? rawHeight : rawWidth;
  const height = heic ? heic.height : turned ? rawWidth : rawHeight;
  const hash = createHash("sha256").update(`v${PIPELINE_VERSION}:`).update(bytes).digest("hex").slice(0, 32);
  const widths = variantWidths(width);
  const variants: Variant[] = [];
  try {
    const source = () =>
      heic
        ? sharp(heic.data, { raw: { width: heic.width, height: heic.height, channels: 4 } })
        : sharp(bytes, { limitInputPixels: MEDIA_MAX_PIXELS, failOn: "error" });
    for (const w of widths) {
      // One decode and resize per width; the three encoders share it.
      const resized = await source()
        .autoOrient()
        .resize({ width: w, withoutEnlargement: true })
        .toColourspace("srgb")
        .raw()
        .toBuffer({ resolveWithObject: true });
      const raw = () =>
        sharp(resized.data, {
          raw: {
            width: resized.info.width,
            height: resized.info.height,
            channels: resized.info.channels as 1 | 2 | 3 | 4,
          },
        });
      const [avif, webp, jpeg] = await Promise.all([
        raw().avif({ quality: 52, effort: 2 }).toBuffer(),
        raw().webp({ quality: 78, effort: 4 }).toBuffer(),
        raw().flatten({ background: "#ffffff" }).jpeg({ quality: 80, mozjpeg: true }).toBuffer(),
      ]);
      const h = resized.info.height;
      for (const [format, out] of [
        ["avif", avif],
        ["webp", webp],
        ["jpeg", jpeg],
      ] as const) {
        variants.push({
          file: variantFile(hash, w, format),
          width: resized.info.width,
          height: h,
          format,
          bytes: out,
        });
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unsupported("The picture could not be decoded (it may be damaged or cut short).");
  }
  return { hash, contentType, width, height, widths, variants };
}

function typeOf(meta: Metadata): string | null {
  switch (meta.format) {
    case "jpeg":
      return "image/jpeg";
    case "png":
      return "image/png";
    case "webp":
      return "image/webp";
    case "gif":
      return "image/gif";
    case "heif":
      // libvips names AVIF "heif" too; AV1 is AVIF (libvips decodes it), HEVC is an iPhone's HEIC.
      if (meta.compression === "av1") return "image/avif";
      return meta.compression === "hevc" ? "image/heic" : null;
    default:
      return null;
  }
}

/** The primary picture of an HEVC HEIF file as RGBA pixels (decision 0053). */
async function decodeHeic(bytes: Buffer): Promise<{ width: number; height: number; data: Buffer }> {
  const { default: decode } = await import("heic-decode");
  const image = await decode({ buffer: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length) });
  if (image.width * image.height > MEDIA_MAX_PIXELS)
    throw new Error("HEIC picture larger than its header said");
  return {
    width: image.width,
    height: image.height,
    data: Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength),
  };
}
