import { describe, expect, it } from "vitest";
import { avifBytes, gifBytes, jpegBytes, pngBytes, webpBytes } from "./image-fixtures";
import { probeImage, sniffImage } from "./image-probe";

describe("probeImage", () => {
  it.each([
    ["image/png", pngBytes(640, 480), 640, 480],
    ["image/jpeg", jpegBytes(1200, 800), 1200, 800],
    ["image/jpeg", jpegBytes(300, 200, 0xc2), 300, 200],
    ["image/gif", gifBytes(120, 90), 120, 90],
    ["image/webp", webpBytes(800, 600, "VP8 "), 800, 600],
    ["image/webp", webpBytes(1024, 768, "VP8L"), 1024, 768],
    ["image/webp", webpBytes(4000, 3000, "VP8X"), 4000, 3000],
    ["image/avif", avifBytes(1920, 1080), 1920, 1080],
    // AVIF whose major brand is the generic HEIF one, with avif among the compatible brands.
    ["image/avif", avifBytes(800, 1200, ["mif1", "avif", "miaf"]), 800, 1200],
  ])("reads %s (case %#)", (type, bytes, width, height) => {
    expect(probeImage(bytes, type)).toEqual({ type, width, height });
    expect(sniffImage(bytes)).toEqual({ type, width, height });
  });

  it("gives the size a JPEG is shown at: EXIF orientations 5–8 swap width and height", () => {
    for (const orientation of [1, 2, 3, 4]) {
      expect(sniffImage(jpegBytes(1200, 800, 0xc0, orientation))).toEqual({
        type: "image/jpeg",
        width: 1200,
        height: 800,
      });
    }
    for (const orientation of [5, 6, 7, 8]) {
      expect(sniffImage(jpegBytes(1200, 800, 0xc0, orientation))).toEqual({
        type: "image/jpeg",
        width: 800,
        height: 1200,
      });
    }
  });

  it("refuses bytes that are not the claimed type or cannot be read", () => {
    expect(probeImage(pngBytes(10, 10), "image/jpeg")).toBeNull();
    expect(probeImage(Buffer.from("<html><body>not an image</body></html>"), "image/png")).toBeNull();
    expect(
      sniffImage(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'/>")),
    ).toBeNull();
    expect(sniffImage(pngBytes(10, 10).subarray(0, 20))).toBeNull();
    expect(sniffImage(jpegBytes(0, 10))).toBeNull();
    // A JPEG whose scan starts before any frame header has no size to read.
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0, 2, 0xff, 0xd9]))).toBeNull();
    expect(sniffImage(Buffer.alloc(0))).toBeNull();
    expect(probeImage(pngBytes(10, 10), "image/svg+xml")).toBeNull();
    // Formats image-size reads that are not offered: HEIC, BMP.
    expect(sniffImage(avifBytes(640, 480, ["heic", "mif1", "heic"]))).toBeNull();
    expect(sniffImage(Buffer.concat([Buffer.from("BM", "latin1"), Buffer.alloc(52, 1)]))).toBeNull();
    // "avif" and "ispe" as bytes, without the boxes that hold an image's size, are no AVIF.
    const loose = Buffer.alloc(64);
    loose.write("\u0000\u0000\u0000\u0018ftypavif\u0000\u0000\u0000\u0000avifmif1", 0, "latin1");
    loose.write("ispe", 40, "latin1");
    loose.writeUInt32BE(1920, 48);
    loose.writeUInt32BE(1080, 52);
    expect(sniffImage(loose)).toBeNull();
    expect(sniffImage(avifBytes(30_000, 10))).toBeNull();
  });
});
