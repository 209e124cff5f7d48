import { deflateSync } from "node:zlib";
import sharp from "sharp";

/**
 * A real camera-like JPEG: red on the left, blue on the right as stored, EXIF orientation 6 (shown
 * turned a quarter clockwise, so red on top), GPS coordinates and a camera serial in its EXIF.
 */
export async function phonePhotoWithGps(width = 2000, height = 1500): Promise<Buffer> {
  const half = Math.floor(width / 2);
  const left = await sharp({
    create: { width: half, height, channels: 3, background: { r: 220, g: 20, b: 20 } },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 20, b: 220 } } })
    .composite([{ input: left, left: 0, top: 0 }])
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: "TestPhone", Model: "TP-12", Copyright: "owner" },
      IFD2: { BodySerialNumber: "SN-123456" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "35/1 39/1 2927/100",
        GPSLongitudeRef: "E",
        GPSLongitude: "139/1 44/1 2862/100",
      },
    })
    .toBuffer();
}

/** A plain photo-like picture of the given size and format. */
export function plainPhoto(
  width: number,
  height: number,
  format: "jpeg" | "png" | "webp" = "jpeg",
  colour = { r: 200, g: 160, b: 90 },
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    [format]()
    .toBuffer();
}

function crc32(bytes: Buffer): number {
  let c = ~0;
  for (const byte of bytes) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, "latin1"), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A decompression bomb: a valid PNG of `side`×`side` black 1-bit pixels (30,000² = 900 megapixels,
 * 2.7 GB once decoded to RGB) in about 100 KB.
 */
export function pngBomb(side = 30_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const row = 1 + Math.ceil(side / 8);
  const raw = Buffer.alloc(row * side); // filter byte 0 and black pixels: all zeros
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
