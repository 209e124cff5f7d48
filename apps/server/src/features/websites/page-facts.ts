import { isLanguage, type TLanguage } from "@shobai/shared";
import { extractAddress, formatPostalAddress, type TPostalAddressParts } from "@shobai/sitegen";

/** An image the page shows, by absolute URL, before it is downloaded and checked. */
export type PageImage = { url: string; alt: string };

/** What an imported page says about the business, read from its HTML without running it. */
export type PageFacts = {
  siteName: string;
  title: string;
  description: string;
  headings: string[];
  text: string;
  language: TLanguage;
  emails: string[];
  phones: string[];
  /** The postal address: schema.org JSON-LD first, then `<address>`, then the page text. */
  address?: string;
  /** og:image / twitter:image first, then the content's images, without icons, pixels or repeats. */
  images: PageImage[];
};

/** More candidates than a site shows, since some fail to download or turn out too small. */
const MAX_IMAGE_CANDIDATES = 10;

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, code: string) => {
    if (code.startsWith("#x") || code.startsWith("#X"))
      return String.fromCodePoint(Number.parseInt(code.slice(2), 16));
    if (code.startsWith("#")) return String.fromCodePoint(Number.parseInt(code.slice(1), 10));
    return ENTITIES[code.toLowerCase()] ?? whole;
  });
}

function clean(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>/g, " "))
    .replace(/\s+/g, " ")
    .trim();
}

function meta(html: string, key: string): string {
  const re = new RegExp(`<meta[^>]+(?:name|property)=["']${key}["'][^>]*>`, "i");
  const tag = re.exec(html)?.[0] ?? "";
  return clean(/content=["']([^"']*)["']/i.exec(tag)?.[1] ?? "");
}

/** A tag's attributes, names lower-cased, values entity-decoded. */
function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  const body = tag.replace(/^<\w+/, "").replace(/\/?>$/, "");
  for (const m of body.matchAll(/([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    const name = (m[1] ?? "").toLowerCase();
    if (!(name in out)) out[name] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? "").trim();
  }
  return out;
}

// ---- address from structured data ----

function postalFromJson(node: unknown, depth = 0): TPostalAddressParts | string | undefined {
  if (depth > 8 || node === null || typeof node !== "object") return undefined;
  if (Array.isArray(node)) {
    for (const item of node) {
      const found = postalFromJson(item, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  const record = node as Record<string, unknown>;
  const type = record["@type"];
  const types = (Array.isArray(type) ? type : [type]).map(String);
  const str = (key: string) =>
    typeof record[key] === "string" || typeof record[key] === "number" ? String(record[key]) : undefined;
  if (types.includes("PostalAddress")) {
    const region = record.addressRegion;
    const country = record.addressCountry;
    return {
      postalCode: str("postalCode"),
      addressRegion: typeof region === "string" ? region : undefined,
      addressLocality: str("addressLocality"),
      streetAddress: str("streetAddress"),
      addressCountry:
        typeof country === "string"
          ? country
          : typeof (country as { name?: unknown } | undefined)?.name === "string"
            ? String((country as { name: string }).name)
            : undefined,
    };
  }
  if (typeof record.address === "string" && record.address.trim()) return record.address;
  for (const key of [
    "address",
    "location",
    "@graph",
    "mainEntity",
    "publisher",
    "provider",
    "itemListElement",
  ]) {
    const found = postalFromJson(record[key], depth + 1);
    if (found) return found;
  }
  return undefined;
}

function addressFromJsonLd(html: string): string | undefined {
  for (const m of html.matchAll(
    /<script[^>]+type=["']?application\/ld\+json["']?[^>]*>([\s\S]*?)<\/script>/gi,
  )) {
    let data: unknown;
    try {
      data = JSON.parse((m[1] ?? "").trim());
    } catch {
      continue;
    }
    const found = postalFromJson(data);
    if (typeof found === "string") {
      const address = extractAddress(found) ?? (found.length <= 200 ? clean(found) : undefined);
      if (address) return address;
    } else if (found) {
      const address = formatPostalAddress(found);
      if (address) return address;
    }
  }
  return undefined;
}

function addressFromElements(body: string): string | undefined {
  for (const m of body.matchAll(/<address[^>]*>([\s\S]*?)<\/address>/gi)) {
    const text = clean((m[1] ?? "").replace(/<br\s*\/?>/gi, " "));
    const address = extractAddress(text);
    if (address) return address;
  }
  return undefined;
}

// ---- images ----

/** Share buttons and network logos: not the business's own pictures. */
const SOCIAL =
  /(?:^|[^a-z])(?:facebook|fb|twitter|x-twitter|instagram|youtube|tiktok|linkedin|pinterest|line|hatena|threads|bluesky|whatsapp|wechat|weibo|sns)(?:[^a-z]|$)/i;
/** Tracking pixels, spacers, icons and interface bits. */
const NOT_CONTENT =
  /(?:^|[^a-z])(?:pixel|spacer|tracking|beacon|1x1|blank|transparent|icon|icons|favicon|sprite|emoji|spinner|loading|loader|arrow|btn|button|badge|avatar|gravatar|logo)(?:[^a-z]|$)/i;
const TRACKER_HOSTS =
  /(?:^|\.)(?:google-analytics\.com|googletagmanager\.com|doubleclick\.net|facebook\.com|facebook\.net|bat\.bing\.com|analytics\.|scorecardresearch\.com|quantserve\.com|pixel\.)/i;

function largestFromSrcset(srcset: string): string | undefined {
  let best: { url: string; size: number } | undefined;
  for (const part of srcset.split(/,\s+/)) {
    const [url = "", descriptor = ""] = part.trim().split(/\s+/);
    if (!url) continue;
    const w = /^(\d+)w$/i.exec(descriptor);
    const x = /^(\d+(?:\.\d+)?)x$/i.exec(descriptor);
    // Widths and densities are not comparable; a width descriptor is normally used for all.
    const size = w ? Number(w[1]) : x ? Number(x[1]) * 1000 : 1000;
    if (!best || size > best.size) best = { url, size };
  }
  return best?.url;
}

function resolveImageUrl(raw: string, base: string): string | undefined {
  const value = raw.trim();
  if (!value || /^(?:data|blob|javascript):/i.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value, base || undefined);
  } catch {
    return undefined;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
  if (/\.(?:svgz?|ico)$/i.test(url.pathname) || /[?&](?:format|fm)=svg/i.test(url.search)) return undefined;
  if (TRACKER_HOSTS.test(url.hostname)) return undefined;
  url.hash = "";
  return url.toString();
}

function tiny(value: string | undefined): boolean {
  const n = Number.parseInt(value ?? "", 10);
  return Number.isFinite(n) && n <= 2;
}

function imagesOf(head: string, body: string, pageUrl: string): PageImage[] {
  const baseHref = attributes(/<base\b[^>]*>/i.exec(head)?.[0] ?? "").href;
  let base = pageUrl;
  if (baseHref) {
    try {
      base = new URL(baseHref, pageUrl || undefined).toString();
    } catch {}
  }
  const found: PageImage[] = [];
  const seen = new Set<string>();
  const add = (raw: string, alt: string, hints: string, shared = false) => {
    const url = resolveImageUrl(raw, base);
    if (!url) return;
    if (seen.has(url)) {
      // The share image often appears again in the page, where it has its alt text.
      const earlier = found.find((image) => image.url === url);
      if (earlier && !earlier.alt && alt.trim()) earlier.alt = clean(alt).slice(0, 300);
      return;
    }
    let file = "";
    try {
      file = decodeURIComponent(new URL(url).pathname.split("/").pop() ?? "");
    } catch {}
    // The page's share image is its own by definition; only a logo there is no photo.
    if (!shared && SOCIAL.test(`${file} ${hints} ${alt}`)) return;
    if (NOT_CONTENT.test(`${file} ${hints}`)) return;
    seen.add(url);
    found.push({ url, alt: clean(alt).slice(0, 300) });
  };

  const metas = [...head.matchAll(/<meta\b[^>]*>/gi)].map((m) => attributes(m[0]));
  const metaValue = (...keys: string[]) =>
    metas.find((a) => keys.includes((a.property ?? a.name ?? "").toLowerCase()) && a.content)?.content ?? "";
  const shareAlt = metaValue("og:image:alt", "twitter:image:alt");
  for (const key of [
    "og:image:secure_url",
    "og:image:url",
    "og:image",
    "twitter:image",
    "twitter:image:src",
  ]) {
    const value = metaValue(key);
    if (value) {
      add(value, shareAlt, "", true);
      break;
    }
  }

  // Navigation and footers hold logos and banners, not the business's pictures.
  const content = body.replace(/<(nav|footer)\b[\s\S]*?<\/\1>/gi, " ");
  for (const m of content.matchAll(/<img\b[^>]*>/gi)) {
    const a = attributes(m[0]);
    if (tiny(a.width) || tiny(a.height) || a["aria-hidden"] === "true" || a.role === "presentation") continue;
    const srcset = a["data-srcset"] || a.srcset;
    const src =
      (srcset && largestFromSrcset(srcset)) ||
      a["data-src"] ||
      a["data-lazy-src"] ||
      a["data-original"] ||
      a.src ||
      "";
    add(src, a.alt ?? "", `${a.class ?? ""} ${a.id ?? ""}`);
    if (found.length >= MAX_IMAGE_CANDIDATES) break;
  }
  return found.slice(0, MAX_IMAGE_CANDIDATES);
}

/** What the page says, read without running it; `pageUrl` (after redirects) resolves relative links. */
export function readPageFacts(html: string, pageUrl = ""): PageFacts {
  const withoutComments = html.replace(/<!--[\s\S]*?-->/g, " ");
  const body = withoutComments.replace(/<(script|style|noscript|svg|template)[\s\S]*?<\/\1>/gi, " ");
  const title = clean(/<title[^>]*>([\s\S]*?)<\/title>/i.exec(body)?.[1] ?? "");
  const headings = [...body.matchAll(/<h[1-3][^>]*>([\s\S]*?)<\/h[1-3]>/gi)]
    .map((m) => clean(m[1] ?? ""))
    .filter(Boolean)
    .slice(0, 12);
  const text = clean(/<body[^>]*>([\s\S]*)<\/body>/i.exec(body)?.[1] ?? body).slice(0, 3000);
  const lang = (/<html[^>]*\slang=["']?([a-zA-Z-]+)/i.exec(html)?.[1] ?? "").toLowerCase().split("-")[0];
  const siteName = meta(body, "og:site_name") || (title.split(/\s*[|｜\-–—:：]\s*/)[0] ?? "").trim();
  const headEnd = body.search(/<body[\s>]/i);
  const head = headEnd >= 0 ? body.slice(0, headEnd) : body;
  const bodyHtml = headEnd >= 0 ? body.slice(headEnd) : body;
  const address = addressFromJsonLd(withoutComments) ?? addressFromElements(body) ?? extractAddress(text);
  return {
    siteName,
    title,
    description: meta(body, "description") || meta(body, "og:description"),
    headings,
    text,
    language: isLanguage(lang) ? lang : /[\u3040-\u30ff]/.test(text) ? "ja" : "en",
    emails: [...new Set(text.match(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g) ?? [])].slice(0, 3),
    phones: [...new Set(text.match(/(?:\+81[\s-]?|0)\d{1,4}[\s-]?\d{1,4}[\s-]?\d{3,4}/g) ?? [])].slice(0, 3),
    ...(address ? { address } : {}),
    images: imagesOf(head, bodyHtml, pageUrl),
  };
}

/** The imported page retold as a business description the composer can work from. */
export function describeForComposer(facts: PageFacts): string {
  const parts = [
    facts.siteName ? `「${facts.siteName}」` : "",
    // Early and as its own sentence, so regenerating from this text finds the same address.
    facts.address ? `住所：${facts.address}。` : "",
    facts.description,
    facts.headings.join("、"),
    facts.text.slice(0, 1200),
    facts.phones[0] ? `電話 ${facts.phones[0]}` : "",
    facts.emails[0] ? `メール ${facts.emails[0]}` : "",
  ];
  return parts.filter(Boolean).join(" ").slice(0, 3900);
}
