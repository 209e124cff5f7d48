import { crc32, deflateSync } from "node:zlib";

/** Test images built as bytes: a real, decodable PNG, and JPEG/GIF/WebP/AVIF headers. */

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A width × height RGB PNG with a diagonal gradient (so it is visibly a picture in screenshots). */
export function pngBytes(width: number, height: number, from = [200, 80, 40], to = [240, 200, 120]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const t = (x / Math.max(1, width - 1) + y / Math.max(1, height - 1)) / 2;
      for (let c = 0; c < 3; c++) {
        row[1 + x * 3 + c] = Math.round((from[c] ?? 0) + ((to[c] ?? 0) - (from[c] ?? 0)) * t);
      }
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from("89504e470d0a1a0a", "hex"),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** EXIF APP1 segment with one IFD0 entry: Orientation (0x0112, SHORT), big-endian TIFF. */
function exifOrientation(orientation: number): Buffer {
  const tiff = Buffer.alloc(8 + 2 + 12 + 4);
  tiff.write("MM\u0000*", 0, "latin1");
  tiff.writeUInt32BE(8, 4);
  tiff.writeUInt16BE(1, 8);
  tiff.writeUInt16BE(0x0112, 10);
  tiff.writeUInt16BE(3, 12);
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt16BE(orientation, 18);
  const body = Buffer.concat([Buffer.from("Exif\u0000\u0000", "latin1"), tiff]);
  const header = Buffer.from([0xff, 0xe1, 0, 0]);
  header.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([header, body]);
}

/**
 * SOI, a JFIF APP0 segment (or an EXIF APP1 with an orientation), SOF with the size as stored, EOI:
 * enough for a header parser.
 */
export function jpegBytes(width: number, height: number, marker = 0xc0, orientation?: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const sof = Buffer.from([0xff, marker, 0x00, 0x11, 8, 0, 0, 0, 0, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  const app = orientation === undefined ? app0 : exifOrientation(orientation);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app, sof, Buffer.from([0xff, 0xd9])]);
}

export function gifBytes(width: number, height: number): Buffer {
  const b = Buffer.alloc(13);
  b.write("GIF89a", 0, "latin1");
  b.writeUInt16LE(width, 6);
  b.writeUInt16LE(height, 8);
  return b;
}

export function webpBytes(width: number, height: number, kind: "VP8 " | "VP8L" | "VP8X"): Buffer {
  const b = Buffer.alloc(40);
  b.write("RIFF", 0, "latin1");
  b.writeUInt32LE(32, 4);
  b.write("WEBPVP8", 8, "latin1");
  b.write(kind, 12, "latin1");
  if (kind === "VP8 ") {
    b[23] = 0x9d;
    b[24] = 0x01;
    b[25] = 0x2a;
    b.writeUInt16LE(width, 26);
    b.writeUInt16LE(height, 28);
  } else if (kind === "VP8L") {
    b[20] = 0x2f;
    b.writeUInt32LE(((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14), 21);
  } else {
    b.writeUIntLE(width - 1, 24, 3);
    b.writeUIntLE(height - 1, 27, 3);
  }
  return b;
}

/** An ISO BMFF box: size, type, content (a full box's version and flags are part of the content). */
function box(type: string, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, "latin1");
  return Buffer.concat([header, body]);
}

/**
 * The boxes of a HEIF still image down to its size: ftyp (major brand, minor version, compatible
 * brands), meta (a full box) → hdlr 'pict' → iprp → ipco → ispe (a full box: width, height).
 */
export function avifBytes(width: number, height: number, brands = ["avif", "mif1", "miaf"]): Buffer {
  const [major = "avif", ...compatible] = brands;
  const ftyp = box(
    "ftyp",
    Buffer.from(`${major}\u0000\u0000\u0000\u0000${[major, ...compatible].join("")}`, "latin1"),
  );
  const hdlr = box("hdlr", Buffer.alloc(8), Buffer.from("pict", "latin1"), Buffer.alloc(13));
  const size = Buffer.alloc(12);
  size.writeUInt32BE(width, 4);
  size.writeUInt32BE(height, 8);
  const ipco = box("ipco", box("ispe", size));
  return Buffer.concat([ftyp, box("meta", Buffer.alloc(4), hdlr, box("iprp", ipco))]);
}
