import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jpegBytes, pngBytes } from "./image-fixtures";
import { isPublicAddress } from "./public-address";
import { fetchPublicHtml, fetchPublicImage, SafeFetchError } from "./safe-fetch";

let server: http.Server;
let port = 0;
const sjis = Buffer.from([0x82, 0xb1, 0x82, 0xf1, 0x82, 0xc9, 0x82, 0xbf, 0x82, 0xcd]); // こんにちは

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = req.url ?? "/";
    if (path === "/page")
      return res
        .writeHead(200, { "content-type": "text/html; charset=utf-8" })
        .end("<h1>山田ベーカリー</h1>");
    if (path === "/redirect") return res.writeHead(302, { location: "/page" }).end();
    if (path === "/to-loopback-ip")
      return res.writeHead(302, { location: `http://127.0.0.1:${port}/page` }).end();
    if (path.startsWith("/loop")) return res.writeHead(301, { location: `/loop${path.length}` }).end();
    if (path === "/json") return res.writeHead(200, { "content-type": "application/json" }).end("{}");
    if (path === "/missing") return res.writeHead(404, { "content-type": "text/html" }).end("no");
    if (path === "/big") {
      res.writeHead(200, { "content-type": "text/html" });
      const chunk = Buffer.alloc(1024 * 1024, 97);
      for (let i = 0; i < 6; i++) res.write(chunk);
      return res.end();
    }
    if (path === "/sjis")
      return res.writeHead(200, { "content-type": "text/html; charset=Shift_JIS" }).end(sjis);
    if (path === "/slow") return; // never answers
    if (path === "/img/photo.png")
      return res.writeHead(200, { "content-type": "image/png" }).end(pngBytes(80, 60));
    if (path === "/img/mislabelled.jpg")
      return res.writeHead(200, { "content-type": "image/jpeg" }).end(pngBytes(70, 50));
    if (path === "/img/moved") return res.writeHead(301, { location: "/img/photo.png" }).end();
    if (path === "/img/to-loopback-ip")
      return res.writeHead(302, { location: `http://127.0.0.1:${port}/img/photo.png` }).end();
    if (path === "/img/page")
      return res.writeHead(200, { "content-type": "text/html" }).end("<h1>not an image</h1>");
    if (path === "/img/logo.svg")
      return res
        .writeHead(200, { "content-type": "image/svg+xml" })
        .end("<svg xmlns='http://www.w3.org/2000/svg'/>");
    if (path === "/img/garbage.png")
      return res.writeHead(200, { "content-type": "image/png" }).end(Buffer.from("not really a png"));
    if (path === "/img/huge.jpg") {
      res.writeHead(200, { "content-type": "image/jpeg" });
      res.write(jpegBytes(4000, 3000));
      const chunk = Buffer.alloc(1024 * 1024);
      for (let i = 0; i < 4; i++) res.write(chunk);
      return res.end();
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function failure(promise: Promise<unknown>): Promise<SafeFetchError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SafeFetchError) return error;
    throw error;
  }
  throw new Error("expected the fetch to fail");
}

describe("isPublicAddress", () => {
  it.each([
    "127.0.0.1",
    "10.1.2.3",
    "172.16.0.1",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::",
    "::1",
    "::ffff:127.0.0.1",
    "::ffff:10.0.0.1",
    "fe80::1",
    "fc00::1",
    "fd12:3456::1",
    "ff02::1",
    "64:ff9b::7f00:1",
    "not-an-ip",
  ])("refuses %s", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(["8.8.8.8", "133.242.0.1", "1.1.1.1", "2606:4700:4700::1111", "2400:cb00::1"])(
    "allows %s",
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});

describe("fetchPublicHtml", () => {
  it.each([
    "http://127.0.0.1:PORT/page",
    "http://localhost:PORT/page",
    "http://[::1]:PORT/page",
    "http://[::ffff:127.0.0.1]:PORT/page",
    "http://0.0.0.0:PORT/page",
    "http://169.254.169.254/latest/meta-data/",
    "http://10.0.0.1/",
  ])("refuses %s before sending anything", async (raw) => {
    const error = await failure(fetchPublicHtml(raw.replace("PORT", String(port)), { timeoutMs: 2000 }));
    expect(error.reason).toBe("blocked_address");
    expect(error.message).toBe("That address points to a private network");
  });

  it.each([
    "ftp://example.jp/",
    "file:///etc/passwd",
    "javascript:alert(1)",
    "not a url",
    "http://user:pw@example.jp/",
  ])("refuses %s as a bad URL", async (raw) => {
    expect((await failure(fetchPublicHtml(raw))).reason).toBe("bad_url");
  });

  it("fetches a page from a host named in the allow list, following a redirect", async () => {
    const page = await fetchPublicHtml(`http://localhost:${port}/redirect`, { allowedHosts: ["localhost"] });
    expect(page.url).toBe(`http://localhost:${port}/page`);
    expect(page.html).toBe("<h1>山田ベーカリー</h1>");
  });

  it("checks every redirect again", async () => {
    const error = await failure(
      fetchPublicHtml(`http://localhost:${port}/to-loopback-ip`, { allowedHosts: ["localhost"] }),
    );
    expect(error.reason).toBe("blocked_address");
  });

  it.each([
    ["/loop", "too_many_redirects", "The site redirected more than 3 times"],
    ["/json", "not_html", "The address is not a web page (it is application/json)"],
    ["/missing", "http_status", "The site answered HTTP 404"],
    ["/big", "too_large", "The page is larger than 5 MB"],
  ])("answers %s with %s", async (path, reason, message) => {
    const error = await failure(
      fetchPublicHtml(`http://localhost:${port}${path}`, { allowedHosts: ["localhost"] }),
    );
    expect(error.reason).toBe(reason);
    expect(error.message).toBe(message);
  });

  it("gives up after the time limit", async () => {
    const error = await failure(
      fetchPublicHtml(`http://localhost:${port}/slow`, { allowedHosts: ["localhost"], timeoutMs: 300 }),
    );
    expect(error.reason).toBe("timeout");
  });

  it("decodes Shift_JIS pages", async () => {
    const page = await fetchPublicHtml(`http://localhost:${port}/sjis`, { allowedHosts: ["localhost"] });
    expect(page.html).toBe("こんにちは");
  });
});

describe("fetchPublicImage", () => {
  const allowed = { allowedHosts: ["localhost"] };

  it("fetches an image, follows redirects and reads its size from the bytes", async () => {
    const image = await fetchPublicImage(`http://localhost:${port}/img/moved`, allowed);
    expect(image).toMatchObject({
      url: `http://localhost:${port}/img/photo.png`,
      type: "image/png",
      width: 80,
      height: 60,
    });
    expect(image.bytes.equals(pngBytes(80, 60))).toBe(true);
  });

  it("stores the type the bytes are, not the one claimed", async () => {
    const image = await fetchPublicImage(`http://localhost:${port}/img/mislabelled.jpg`, allowed);
    expect(image).toMatchObject({ type: "image/png", width: 70, height: 50 });
  });

  it("applies the address rules to images and to their redirects", async () => {
    expect((await failure(fetchPublicImage(`http://localhost:${port}/img/photo.png`))).reason).toBe(
      "blocked_address",
    );
    expect((await failure(fetchPublicImage("http://169.254.169.254/x.png"))).reason).toBe("blocked_address");
    const redirected = await failure(
      fetchPublicImage(`http://localhost:${port}/img/to-loopback-ip`, allowed),
    );
    expect(redirected.reason).toBe("blocked_address");
    expect((await failure(fetchPublicImage("data:image/png;base64,AAAA"))).reason).toBe("bad_url");
  });

  it.each([
    ["/img/page", "not_image", "Not a supported image (it is text/html)"],
    ["/img/logo.svg", "not_image", "Not a supported image (it is image/svg+xml)"],
    ["/img/garbage.png", "not_image", "The image could not be read"],
    ["/img/huge.jpg", "too_large", "The image is larger than 3 MB"],
    ["/missing", "http_status", "The site answered HTTP 404"],
  ])("answers %s with %s", async (path, reason, message) => {
    const error = await failure(fetchPublicImage(`http://localhost:${port}${path}`, allowed));
    expect(error.reason).toBe(reason);
    expect(error.message).toBe(message);
  });
});
