// Narrow imports: this module is loaded by a worker thread per import, where every module counts.
import { isLanguage, type TLanguage } from "@shobai/shared/constants";
import { extractAddress, formatPostalAddress, type TPostalAddressParts } from "@shobai/sitegen/address";
import { type DefaultTreeAdapterTypes, parse } from "parse5";

type Node = DefaultTreeAdapterTypes.Node;
type Element = DefaultTreeAdapterTypes.Element;

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
/** Enough of the page to describe the business; the rest is read past, never kept. */
const MAX_TEXT = 3000;
const MAX_RAW_TEXT = 20_000;
const MAX_HEADINGS = 12;
const MAX_ADDRESS_ELEMENTS = 20;
/** An address is a line or two; longer text in `<address>` or JSON-LD is not one. */
const MAX_ADDRESS_SOURCE = 2000;

/** Elements whose content is not the page's visible text (template content is never walked). */
const HIDDEN = new Set(["script", "style", "noscript", "svg", "template", "math"]);
const HEADINGS = new Set(["h1", "h2", "h3"]);

/** Control characters (and the U+FFFD that replaces bad references) mean nothing in the page's text. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffd]/g;

function clean(text: string): string {
  return text.replace(CONTROL, " ").replace(/\s+/g, " ").trim();
}

/** An element's attributes by lower-case name (the parser lower-cases and decodes them). */
function attributes(element: Element): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { name, value } of element.attrs) if (!(name in out)) out[name] = value.trim();
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

function addressFromJsonLd(scripts: string[]): string | undefined {
  for (const script of scripts) {
    let data: unknown;
    try {
      data = JSON.parse(script.trim());
    } catch {
      continue;
    }
    const found = postalFromJson(data);
    if (typeof found === "string") {
      const text = clean(found).slice(0, MAX_ADDRESS_SOURCE);
      const address = extractAddress(text) ?? (text.length <= 200 ? text : undefined);
      if (address) return address;
    } else if (found) {
      const address = formatPostalAddress(found);
      if (address) return address;
    }
  }
  return undefined;
}

function addressFromElements(texts: string[]): string | undefined {
  for (const text of texts) {
    const address = extractAddress(clean(text).slice(0, MAX_ADDRESS_SOURCE));
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

type ImageTag = Record<string, string>;

function imagesOf(
  metas: Record<string, string>[],
  imgs: ImageTag[],
  baseHref: string,
  pageUrl: string,
): PageImage[] {
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

  for (const a of imgs) {
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

/** The parts of the page the facts come from, gathered in one walk of the parsed document. */
type PageParts = {
  lang: string;
  title: string;
  metas: Record<string, string>[];
  baseHref: string;
  headings: string[];
  text: string;
  addressTexts: string[];
  jsonLd: string[];
  imgs: ImageTag[];
};

/**
 * Walks the document as a browser built it, without recursion (pages may nest elements thousands
 * deep). Hidden content (scripts, styles, SVG, templates) is no text; `<nav>` and `<footer>` hold
 * logos and banners, not the business's pictures.
 */
function partsOf(html: string): PageParts {
  const document = parse(html);
  const parts: PageParts = {
    lang: "",
    title: "",
    metas: [],
    baseHref: "",
    headings: [],
    text: "",
    addressTexts: [],
    jsonLd: [],
    imgs: [],
  };
  const body: string[] = [];
  let bodyLength = 0;
  let titleText: string[] | undefined;
  let heading: string[] | undefined;
  let address: string[] | undefined;
  let hidden = 0;
  let chrome = 0;
  let inBody = 0;

  type Step = { node: Node; leaving: boolean };
  const steps: Step[] = [{ node: document, leaving: false }];
  for (let step = steps.pop(); step; step = steps.pop()) {
    const { node } = step;
    if (node.nodeName === "#text") {
      const value = (node as DefaultTreeAdapterTypes.TextNode).value;
      if (titleText) titleText.push(value);
      if (hidden) continue;
      if (heading && heading.length < 200) heading.push(" ", value);
      if (address && address.length < 200) address.push(" ", value);
      if (inBody && bodyLength < MAX_RAW_TEXT) {
        body.push(" ", value);
        bodyLength += value.length + 1;
      }
      continue;
    }
    if (!("tagName" in node)) {
      if ("childNodes" in node)
        for (let i = node.childNodes.length - 1; i >= 0; i--)
          steps.push({ node: node.childNodes[i] as Node, leaving: false });
      continue;
    }
    const tag = node.tagName;
    if (step.leaving) {
      if (HIDDEN.has(tag)) hidden--;
      else if (tag === "nav" || tag === "footer") chrome--;
      else if (tag === "body") inBody--;
      if (tag === "title" && titleText) {
        parts.title = clean(titleText.join(""));
        titleText = undefined;
      } else if (HEADINGS.has(tag) && heading) {
        const text = clean(heading.join(""));
        if (text && parts.headings.length < MAX_HEADINGS) parts.headings.push(text);
        heading = undefined;
      } else if (tag === "address" && address) {
        if (parts.addressTexts.length < MAX_ADDRESS_ELEMENTS) parts.addressTexts.push(address.join(""));
        address = undefined;
      }
      continue;
    }
    if (tag === "html" && !parts.lang) parts.lang = attributes(node).lang ?? "";
    if (tag === "script" && (attributes(node).type ?? "").toLowerCase() === "application/ld+json") {
      const text = node.childNodes.map((child) => ("value" in child ? child.value : "")).join("");
      if (parts.jsonLd.length < 10) parts.jsonLd.push(text);
    }
    if (!hidden) {
      if (tag === "title" && !parts.title && !titleText) titleText = [];
      else if (HEADINGS.has(tag) && !heading) heading = [];
      else if (tag === "address" && !address) address = [];
      else if (tag === "meta" && parts.metas.length < 200) parts.metas.push(attributes(node));
      else if (tag === "base" && !parts.baseHref) parts.baseHref = attributes(node).href ?? "";
      else if (tag === "img" && !chrome && inBody && parts.imgs.length < 200)
        parts.imgs.push(attributes(node));
    }
    if (HIDDEN.has(tag)) hidden++;
    else if (tag === "nav" || tag === "footer") chrome++;
    else if (tag === "body") inBody++;
    steps.push({ node, leaving: true });
    for (let i = node.childNodes.length - 1; i >= 0; i--)
      steps.push({ node: node.childNodes[i] as Node, leaving: false });
  }
  parts.text = clean(body.join("")).slice(0, MAX_TEXT);
  return parts;
}

/** What the page says, read without running it; `pageUrl` (after redirects) resolves relative links. */
export function readPageFacts(html: string, pageUrl = ""): PageFacts {
  const parts = partsOf(html);
  const { title, text } = parts;
  const meta = (key: string) =>
    clean(
      parts.metas.find((a) => [a.name, a.property].some((k) => k?.toLowerCase() === key) && a.content)
        ?.content ?? "",
    );
  const lang = parts.lang.toLowerCase().split("-")[0] ?? "";
  const siteName = meta("og:site_name") || (title.split(/\s*[|｜\-–—:：]\s*/)[0] ?? "").trim();
  const address =
    addressFromJsonLd(parts.jsonLd) ?? addressFromElements(parts.addressTexts) ?? extractAddress(text);
  return {
    siteName,
    title,
    description: meta("description") || meta("og:description"),
    headings: parts.headings,
    text,
    language: isLanguage(lang) ? lang : /[\u3040-\u30ff]/.test(text) ? "ja" : "en",
    emails: [...new Set(text.match(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g) ?? [])].slice(0, 3),
    phones: [...new Set(text.match(/(?:\+81[\s-]?|0)\d{1,4}[\s-]?\d{1,4}[\s-]?\d{3,4}/g) ?? [])].slice(0, 3),
    ...(address ? { address } : {}),
    images: imagesOf(parts.metas, parts.imgs, parts.baseHref, pageUrl),
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
