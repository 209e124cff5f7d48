import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import chardet from "chardet";
import { IMAGE_TYPES, type ImageType, sniffImage } from "./image-probe";
import { isPublicAddress } from "./public-address";

export type SafeFetchFailure =
  | "bad_url"
  | "blocked_address"
  | "dns"
  | "too_many_redirects"
  | "http_status"
  | "not_html"
  | "not_image"
  | "too_large"
  | "timeout"
  | "network";

/** Why a fetch of a user's URL failed, in words the user can act on. */
export class SafeFetchError extends Error {
  override name = "SafeFetchError";
  constructor(
    readonly reason: SafeFetchFailure,
    message: string,
  ) {
    super(message);
  }
}

export type SafeFetchOptions = {
  /** Host names exempt from the address check (tests, private deployments). */
  allowedHosts?: readonly string[];
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
};

export type FetchedPage = { url: string; status: number; contentType: string; html: string };

const HTML_TYPES = ["text/html", "application/xhtml+xml"];

/**
 * The one way the server fetches a URL a user typed: http(s) only, every resolved address public
 * (checked at connect time, so DNS cannot change its answer in between), each redirect checked
 * again, and hard caps on time, size and hops. HTML only.
 */
export async function fetchPublicHtml(rawUrl: string, options: SafeFetchOptions = {}): Promise<FetchedPage> {
  const response = await fetchPublic(rawUrl, options, {
    accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1",
    maxBytes: 5 * 1024 * 1024,
    what: "page",
  });
  const type = mediaType(response.contentType);
  if (!HTML_TYPES.includes(type)) {
    throw new SafeFetchError(
      "not_html",
      `The address is not a web page (it is ${type || "of unknown type"})`,
    );
  }
  return {
    url: response.url,
    status: response.status,
    contentType: response.contentType,
    html: decodeHtml(response.body, response.contentType),
  };
}

/** A small text file of a site (robots.txt, sitemap.xml): 1 MB at most, decoded by its charset. */
export async function fetchPublicText(
  rawUrl: string,
  options: SafeFetchOptions = {},
): Promise<{ url: string; contentType: string; text: string }> {
  const response = await fetchPublic(rawUrl, options, {
    accept: "text/plain,application/xml,text/xml;q=0.9,*/*;q=0.1",
    maxBytes: 1024 * 1024,
    what: "file",
  });
  return {
    url: response.url,
    contentType: response.contentType,
    text: decodeHtml(response.body, response.contentType),
  };
}

export type FetchedImage = { url: string; type: ImageType; bytes: Buffer; width: number; height: number };

/**
 * An image from a page being imported, under the same rules as the page (public addresses, each
 * redirect re-checked, timeouts), 3 MB at most. JPEG, PNG, WebP, GIF and AVIF only, and the bytes
 * must really be one of them: the stored type is what the header parser read, not what was claimed.
 */
export async function fetchPublicImage(
  rawUrl: string,
  options: SafeFetchOptions = {},
): Promise<FetchedImage> {
  const response = await fetchPublic(rawUrl, options, {
    accept: "image/avif,image/webp,image/png,image/jpeg,image/gif;q=0.9",
    maxBytes: 3 * 1024 * 1024,
    what: "image",
  });
  const declared = mediaType(response.contentType);
  if (!(IMAGE_TYPES as readonly string[]).includes(declared)) {
    throw new SafeFetchError("not_image", `Not a supported image (it is ${declared || "of unknown type"})`);
  }
  const info = sniffImage(response.body);
  if (!info) throw new SafeFetchError("not_image", "The image could not be read");
  return { url: response.url, type: info.type, bytes: response.body, width: info.width, height: info.height };
}

function mediaType(contentType: string): string {
  return (contentType.split(";")[0] ?? "").trim().toLowerCase();
}

type Fetched = { url: string; status: number; contentType: string; body: Buffer };

async function fetchPublic(
  rawUrl: string,
  options: SafeFetchOptions,
  kind: { accept: string; maxBytes: number; what: "page" | "image" | "file" },
): Promise<Fetched> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxBytes = options.maxBytes ?? kind.maxBytes;
  const maxRedirects = options.maxRedirects ?? 3;
  const allowed = new Set((options.allowedHosts ?? []).map((h) => h.toLowerCase()));
  const deadline = AbortSignal.timeout(timeoutMs);

  let url = parseUrl(rawUrl);
  for (let hop = 0; ; hop++) {
    const response = await requestOnce(url, allowed, deadline, maxBytes, kind);
    if (response.status >= 300 && response.status < 400 && response.location) {
      if (hop >= maxRedirects) {
        throw new SafeFetchError("too_many_redirects", `The site redirected more than ${maxRedirects} times`);
      }
      url = parseUrl(new URL(response.location, url).toString());
      continue;
    }
    if (response.status < 200 || response.status >= 300) {
      throw new SafeFetchError("http_status", `The site answered HTTP ${response.status}`);
    }
    return {
      url: url.toString(),
      status: response.status,
      contentType: response.contentType,
      body: response.body,
    };
  }
}

function parseUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new SafeFetchError("bad_url", "That is not a valid URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new SafeFetchError("bad_url", "Only http:// and https:// addresses can be imported");
  }
  if (url.username || url.password)
    throw new SafeFetchError("bad_url", "URLs with a user name or password are not allowed");
  return url;
}

type RawResponse = { status: number; location: string | undefined; contentType: string; body: Buffer };

function checkedLookup(hostname: string, allowed: Set<string>): net.LookupFunction {
  return (host, opts, callback) => {
    dns.lookup(host, { ...opts, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      const list = addresses as dns.LookupAddress[];
      if (!allowed.has(hostname.toLowerCase())) {
        const bad = list.find((a) => !isPublicAddress(a.address));
        if (bad || list.length === 0) {
          return callback(
            new SafeFetchError("blocked_address", "That address points to a private network"),
            "",
            0,
          );
        }
      }
      const first = list[0];
      if (!first) return callback(new SafeFetchError("dns", "The host name could not be found"), "", 0);
      if ((opts as { all?: boolean }).all) return callback(null, list as unknown as string, 0);
      callback(null, first.address, first.family);
    });
  };
}

function requestOnce(
  url: URL,
  allowed: Set<string>,
  signal: AbortSignal,
  maxBytes: number,
  kind: { accept: string; what: "page" | "image" | "file" },
): Promise<RawResponse> {
  const hostname = url.hostname.replace(/^\[|\]$/g, "");
  if (net.isIP(hostname) && !allowed.has(hostname) && !isPublicAddress(hostname)) {
    return Promise.reject(new SafeFetchError("blocked_address", "That address points to a private network"));
  }
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: "GET",
        signal,
        // No shared keep-alive sockets: a socket opened under one request's address rules must
        // never carry another request past its own check.
        agent: false,
        lookup: checkedLookup(hostname, allowed),
        headers: {
          "user-agent": "ShobaiSiteImport/1.0 (+https://shobai.example/import)",
          accept: kind.accept,
          "accept-encoding": "identity",
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const base = {
          status,
          location: typeof res.headers.location === "string" ? res.headers.location : undefined,
          contentType: String(res.headers["content-type"] ?? ""),
        };
        if (status >= 300 && status < 400) {
          res.resume();
          return resolve({ ...base, body: Buffer.alloc(0) });
        }
        const declared = Number(res.headers["content-length"]);
        if (Number.isFinite(declared) && declared > maxBytes) {
          res.destroy();
          return reject(tooLarge(maxBytes, kind.what));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            res.destroy();
            reject(tooLarge(maxBytes, kind.what));
            return;
          }
          chunks.push(chunk);
        });
        res.on("end", () => resolve({ ...base, body: Buffer.concat(chunks) }));
        res.on("error", (error) => reject(translate(error, signal)));
      },
    );
    req.on("error", (error) => reject(translate(error, signal)));
    req.end();
  });
}

function tooLarge(maxBytes: number, what: "page" | "image" | "file"): SafeFetchError {
  return new SafeFetchError(
    "too_large",
    `The ${what} is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`,
  );
}

function translate(error: unknown, signal: AbortSignal): SafeFetchError {
  if (error instanceof SafeFetchError) return error;
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof SafeFetchError) return cause;
  if (signal.aborted) return new SafeFetchError("timeout", "The site took too long to answer");
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOTFOUND" || code === "EAI_AGAIN")
    return new SafeFetchError("dns", "The host name could not be found");
  return new SafeFetchError("network", "The site could not be reached");
}

/**
 * Japanese sites still serve Shift_JIS and EUC-JP: honour the declared charset (HTTP header, then
 * `<meta charset>`); an undeclared one is detected from the bytes (chardet), since old sites often
 * declare nothing and browsers guess too.
 */
export function decodeHtml(body: Buffer, contentType: string): string {
  const head = body.subarray(0, 4096).toString("latin1");
  const declared =
    /charset=["']?([\w-]+)/i.exec(contentType)?.[1] ??
    /<meta[^>]+charset=["']?([\w-]+)/i.exec(head)?.[1] ??
    /<\?xml[^>]+encoding=["']?([\w-]+)/i.exec(head)?.[1] ??
    detectCharset(body);
  try {
    return new TextDecoder(declared.toLowerCase()).decode(body);
  } catch {
    return new TextDecoder("utf-8").decode(body);
  }
}

function detectCharset(body: Buffer): string {
  const sample = body.subarray(0, 64 * 1024);
  // Valid UTF-8 is UTF-8 (chardet may call short ASCII-heavy text ISO-8859-1).
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(sample.length < body.length ? trimUtf8(sample) : sample);
    return "utf-8";
  } catch {}
  return chardet.detect(sample) ?? "utf-8";
}

/** The sample without a multi-byte character cut at its end. */
function trimUtf8(sample: Buffer): Buffer {
  const end = sample.length;
  for (let i = 1; i <= 3 && end - i >= 0; i++) {
    const byte = sample[end - i] as number;
    if ((byte & 0xc0) === 0xc0) return sample.subarray(0, end - i);
    if ((byte & 0x80) === 0) break;
  }
  return sample.subarray(0, end);
}
