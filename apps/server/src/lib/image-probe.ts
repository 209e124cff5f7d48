/**
 * The intrinsic size of an image, read from its header bytes without decoding it. The bytes must
 * be the format the server claimed: a "PNG" that is HTML, or anything unreadable, gives null.
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

function ok(type: ImageType, width: number, height: number): ImageInfo | null {
  if (!Number.isInteger(width) || !Number.isInteger(height)) return null;
  if (width < 1 || height < 1 || width > MAX_SIDE || height > MAX_SIDE) return null;
  return { type, width, height };
}

function png(b: Buffer): ImageInfo | null {
  const signature = "89504e470d0a1a0a";
  if (b.length < 24 || b.subarray(0, 8).toString("hex") !== signature) return null;
  if (b.subarray(12, 16).toString("latin1") !== "IHDR") return null;
  return ok("image/png", b.readUInt32BE(16), b.readUInt32BE(20));
}

function gif(b: Buffer): ImageInfo | null {
  if (b.length < 10 || !/^GIF8[79]a$/.test(b.subarray(0, 6).toString("latin1"))) return null;
  return ok("image/gif", b.readUInt16LE(6), b.readUInt16LE(8));
}

/** Walks the JPEG segments to the first start-of-frame (SOF0–SOF15 except DHT, JPG, DAC). */
function jpeg(b: Buffer): ImageInfo | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return null;
  let i = 2;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1] ?? 0;
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan before any frame
    const length = b.readUInt16BE(i + 2);
    if (length < 2) return null;
    const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isSof) {
      if (i + 9 > b.length) return null;
      return ok("image/jpeg", b.readUInt16BE(i + 7), b.readUInt16BE(i + 5));
    }
    i += 2 + length;
  }
  return null;
}

function webp(b: Buffer): ImageInfo | null {
  if (b.length < 30) return null;
  if (b.subarray(0, 4).toString("latin1") !== "RIFF" || b.subarray(8, 12).toString("latin1") !== "WEBP")
    return null;
  const chunk = b.subarray(12, 16).toString("latin1");
  if (chunk === "VP8 ") {
    // Key frame start code 9d 01 2a, then 14-bit width and height.
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
    return ok("image/webp", b.readUInt16LE(26) & 0x3fff, b.readUInt16LE(28) & 0x3fff);
  }
  if (chunk === "VP8L") {
    if (b[20] !== 0x2f) return null;
    const bits = b.readUInt32LE(21);
    return ok("image/webp", (bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1);
  }
  if (chunk === "VP8X") {
    const width = 1 + b.readUIntLE(24, 3);
    const height = 1 + b.readUIntLE(27, 3);
    return ok("image/webp", width, height);
  }
  return null;
}

/** AVIF (ISO BMFF): an `ftyp` box naming avif/avis, and the size from the first `ispe` property. */
function avif(b: Buffer): ImageInfo | null {
  if (b.length < 16 || b.subarray(4, 8).toString("latin1") !== "ftyp") return null;
  const ftypSize = b.readUInt32BE(0);
  const brands = b.subarray(8, Math.min(ftypSize, b.length, 64)).toString("latin1");
  if (!/avif|avis/.test(brands)) return null;
  const at = b.subarray(0, Math.min(b.length, 64 * 1024)).indexOf("ispe", 0, "latin1");
  if (at < 4 || at + 16 > b.length) return null;
  return ok("image/avif", b.readUInt32BE(at + 8), b.readUInt32BE(at + 12));
}

const PROBES: Record<ImageType, (b: Buffer) => ImageInfo | null> = {
  "image/png": png,
  "image/jpeg": jpeg,
  "image/gif": gif,
  "image/webp": webp,
  "image/avif": avif,
};

/** Size of an image of the given type; null when the bytes are not that type or are unreadable. */
export function probeImage(bytes: Buffer, type: string): ImageInfo | null {
  const probe = PROBES[type as ImageType];
  return probe ? probe(bytes) : null;
}

/** The type the bytes really are, whatever a server said. */
export function sniffImage(bytes: Buffer): ImageInfo | null {
  for (const probe of Object.values(PROBES)) {
    const info = probe(bytes);
    if (info) return info;
  }
  return null;
}
