import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

export type ServedSite = { origin: string; close: () => Promise<void> };

const TYPES: Record<string, string> = {
  ".html": "text/html",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml",
};

/**
 * Serves one test site's directory on 127.0.0.1 as a plain web server would: `/dir/` is
 * `dir/index.html`, `/page` is `page.html` (builders drop the extension), HTML goes out as
 * `text/html` without a charset (the page's own `<meta>` or its bytes tell it), and
 * `__ORIGIN__` in sitemap.xml becomes the server's origin. Every request is logged in `requests`.
 */
export async function serveSite(dir: string, requests: string[] = []): Promise<ServedSite> {
  let origin = "";
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    requests.push(url.pathname);
    let file = path.join(dir, decodeURIComponent(url.pathname));
    if (!file.startsWith(dir)) {
      res.writeHead(403).end();
      return;
    }
    if (url.pathname.endsWith("/")) file = path.join(file, "index.html");
    else if (!path.extname(file) && fs.existsSync(`${file}.html`)) file = `${file}.html`;
    if (!fs.existsSync(file) || !fs.statSync(file).isFile() || file.endsWith("expected.json")) {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    let body = fs.readFileSync(file);
    if (file.endsWith(".xml")) body = Buffer.from(body.toString("utf8").replaceAll("__ORIGIN__", origin));
    res.writeHead(200, { "content-type": TYPES[path.extname(file)] ?? "application/octet-stream" });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
