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
  ])("reads %s %ix%i", (type, bytes, width, height) => {
    expect(probeImage(bytes, type)).toEqual({ type, width, height });
    expect(sniffImage(bytes)).toEqual({ type, width, height });
  });

  it("refuses bytes that are not the claimed type or cannot be read", () => {
    expect(probeImage(pngBytes(10, 10), "image/jpeg")).toBeNull();
    expect(probeImage(Buffer.from("<html><body>not an image</body></html>"), "image/png")).toBeNull();
    expect(sniffImage(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(sniffImage(pngBytes(10, 10).subarray(0, 20))).toBeNull();
    expect(sniffImage(jpegBytes(0, 10))).toBeNull();
    // A JPEG whose scan starts before any frame header has no size to read.
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0, 2, 0xff, 0xd9]))).toBeNull();
    expect(sniffImage(Buffer.alloc(0))).toBeNull();
    expect(probeImage(pngBytes(10, 10), "image/svg+xml")).toBeNull();
  });
});
