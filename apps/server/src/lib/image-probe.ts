import { imageSize } from "image-size";

/**
 * The displayed size of an image, read from its header bytes by `image-size` without decoding it.
 * The bytes must be a supported format: a "PNG" that is HTML, or anything unreadable, gives null.
 */
export type ImageType = "image/png" | "image/jpeg" | "image/gif" | "image/webp" | "image/avif";
export type ImageInfo = { type: ImageType; width: number; height: number };

export const IMAGE_TYPES: readonly ImageType[] = [
  "image/jpeg",
  "image/png",
  "image/webp",
  "image/gif",
  "image/avif",
];

const MAX_SIDE = 20_000;

/** image-size's names for the formats we take (AVIF is a HEIF brand: see avifBrand). */
const TYPES: Record<string, ImageType> = {
  png: "image/png",
  jpg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
};

/**
 * image-size names a HEIF file by its major brand; an AVIF may carry `mif1` there and `avif` among
 * its compatible brands (ISO/IEC 23008-12 and the AV1 image format). HEIC is no AVIF.
 */
function avifBrand(bytes: Buffer): boolean {
  if (bytes.length < 16 || bytes.toString("latin1", 4, 8) !== "ftyp") return false;
  const end = Math.min(bytes.readUInt32BE(0), bytes.length, 256);
  for (let at = 8; at + 4 <= end; at += 4) {
    // The major brand (8), the minor version (12, not a brand), then compatible brands (16…).
    if (at !== 12 && bytes.toString("latin1", at, at + 4) === "avif") return true;
  }
  return false;
}

/** The type the bytes really are, whatever a server said, and the size they are shown at. */
export function sniffImage(bytes: Buffer): ImageInfo | null {
  let size: ReturnType<typeof imageSize>;
  try {
    // A copy in its own ArrayBuffer: image-size reads through a DataView of the whole underlying
    // buffer, so on a slice of Node's shared pool it would read past the image's end.
    size = imageSize(new Uint8Array(bytes));
  } catch {
    return null;
  }
  // For HEIF files image-size gives the major brand as the type (avif, mif1, heic…).
  const type = avifBrand(bytes) ? "image/avif" : TYPES[size.type ?? ""];
  if (!type) return null;
  // EXIF orientations 5–8 turn the picture a quarter: it is shown with width and height swapped.
  const turned = (size.orientation ?? 1) >= 5 && (size.orientation ?? 1) <= 8;
  const width = turned ? size.height : size.width;
  const height = turned ? size.width : size.height;
  if (!Number.isInteger(width) || !Number.isInteger(height)) return null;
  if (width < 1 || height < 1 || width > MAX_SIDE || height > MAX_SIDE) return null;
  return { type, width, height };
}

/** Size of an image of the given type; null when the bytes are not that type or are unreadable. */
export function probeImage(bytes: Buffer, type: string): ImageInfo | null {
  const info = sniffImage(bytes);
  return info?.type === type ? info : null;
}
