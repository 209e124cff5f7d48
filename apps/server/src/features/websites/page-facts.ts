// Narrow imports: this module is loaded by a worker thread per import, where every module counts.
import { isLanguage, type TLanguage } from "@shobai/shared/constants";
import { extractAddress, formatPostalAddress, type TPostalAddressParts } from "@shobai/sitegen/address";
import { type DefaultTreeAdapterTypes, parse } from "parse5";

type Node = DefaultTreeAdapterTypes.Node;
type Element = DefaultTreeAdapterTypes.Element;

/** An image the page shows, by absolute URL, before it is downloaded and checked. */
export type PageImage = { url: string; alt: string };

/** Where on the page a block stands: the site's chrome (header, navigation, footer) or its content. */
export type PageArea = "main" | "header" | "nav" | "footer";

/**
 * A piece of the page's structure, in document order: a heading, a list item, a table row (its
 * cells), a term or definition of a `<dl>`, or a run of text between block elements. Items, prices
 * and labelled facts (営業時間, 所在地) are read from these, never from the page's text as one string.
 */
export type PageBlock = {
  kind: "heading" | "item" | "row" | "term" | "definition" | "text";
  text: string;
  /** Table rows only: the cells' text. */
  cells?: string[];
  /** Headings only: 1–6. */
  level?: number;
  area: PageArea;
};

/** A link as written on the page: absolute href (http(s), tel:, mailto:) and its text. */
export type PageLink = { href: string; text: string };

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
  /** The page's own `og:site_name`, empty when it has none (siteName falls back to the title). */
  ogSiteName: string;
  /** The alt text of images that are the business's logo. */
  logoAlts: string[];
  /** JSON-LD scripts as written (parsed by the site reader). */
  jsonLd: string[];
  links: PageLink[];
  blocks: PageBlock[];
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
const MAX_BLOCKS = 600;
const MAX_BLOCK_TEXT = 400;
const MAX_LINKS = 300;
const MAX_JSON_LD = 20_000;

/** Elements that end a run of text: what is inside or after them is another block. */
const BLOCK_TAGS = new Set([
  "p",
  "div",
  "li",
  "tr",
  "td",
  "th",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "dt",
  "dd",
  "dl",
  "ul",
  "ol",
  "table",
  "address",
  "section",
  "article",
  "header",
  "footer",
  "main",
  "aside",
  "nav",
  "blockquote",
  "figcaption",
  "caption",
  "form",
  "br",
  "hr",
  "center",
  "tbody",
  "thead",
  "pre",
  "body",
]);
/** A cell holding these is part of a layout table, not a data table's cell. */
const LAYOUT_INSIDE = new Set(["table", "p", "div", "ul", "ol", "dl", "h1", "h2", "h3", "h4", "h5", "h6"]);
/** id or class names that old and builder-made sites give their chrome. */
const AREA_NAMES: [RegExp, PageArea][] = [
  [/(?:^|[-_\s])(?:footer|foot|copyright|site-info)(?:[-_\s]|$)/i, "footer"],
  [/(?:^|[-_\s])(?:nav|navi|navigation|gnav|global-nav|menu-main|breadcrumbs?)(?:[-_\s]|$)/i, "nav"],
  [/(?:^|[-_\s])(?:header|masthead|site-header)(?:[-_\s]|$)/i, "header"],
];

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

/** The text inside an element, cells and line breaks as spaces (iterative: pages nest deeply). */
function textOf(root: Element): string {
  const out: string[] = [];
  const stack: Node[] = [root];
  while (stack.length > 0 && out.length < 400) {
    const node = stack.pop() as Node;
    if (node.nodeName === "#text") out.push((node as DefaultTreeAdapterTypes.TextNode).value);
    else if ("tagName" in node) {
      if (HIDDEN.has(node.tagName)) continue;
      if (node.tagName === "br" || BLOCK_TAGS.has(node.tagName)) out.push(" ");
      for (let i = node.childNodes.length - 1; i >= 0; i--) stack.push(node.childNodes[i] as Node);
    }
  }
  return clean(out.join("")).slice(0, MAX_BLOCK_TEXT);
}

/** Whether the element holds one of the tags (searched iteratively, a bounded number of nodes). */
function holds(root: Element, tags: Set<string>): boolean {
  const stack: Node[] = [...root.childNodes];
  for (let seen = 0; stack.length > 0 && seen < 5000; seen++) {
    const node = stack.pop() as Node;
    if (!("tagName" in node)) continue;
    if (tags.has(node.tagName)) return true;
    stack.push(...node.childNodes);
  }
  return false;
}

/** The links inside an element that is not walked (a data table's row). */
function linksIn(root: Element): PageLink[] {
  const out: PageLink[] = [];
  const stack: Node[] = [...root.childNodes];
  while (stack.length > 0 && out.length < 20) {
    const node = stack.pop() as Node;
    if (!("tagName" in node)) continue;
    const href = node.tagName === "a" ? attributes(node).href : undefined;
    if (href) out.push({ href, text: textOf(node) });
    stack.push(...node.childNodes);
  }
  return out;
}

/** The cells of a data table's row, or undefined for a row of a layout table. */
function dataRow(tr: Element): string[] | undefined {
  const cells = tr.childNodes.filter(
    (c): c is Element => "tagName" in c && (c.tagName === "td" || c.tagName === "th"),
  );
  if (cells.length === 0) return undefined;
  for (const cell of cells) if (holds(cell, LAYOUT_INSIDE)) return undefined;
  const texts = cells.map(textOf);
  if (texts.some((t) => t.length > 300)) return undefined;
  return texts;
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
  logoAlts: string[];
  links: PageLink[];
  blocks: PageBlock[];
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
    logoAlts: [],
    links: [],
    blocks: [],
  };
  const body: string[] = [];
  let bodyLength = 0;
  let titleText: string[] | undefined;
  let heading: string[] | undefined;
  let address: string[] | undefined;
  let hidden = 0;
  let chrome = 0;
  let inBody = 0;
  const areas: PageArea[] = [];
  const kinds: { kind: PageBlock["kind"]; level?: number }[] = [];
  let run: string[] = [];
  let link: { href: string; text: string[] } | undefined;
  const area = (): PageArea => areas[areas.length - 1] ?? "main";
  const pushBlock = (block: PageBlock) => {
    if (parts.blocks.length < MAX_BLOCKS) parts.blocks.push(block);
  };
  /** Ends the current run of text as a block of the innermost block element's kind. */
  const flush = () => {
    const text = clean(run.join("")).slice(0, MAX_BLOCK_TEXT);
    run = [];
    if (!text) return;
    const top = kinds[kinds.length - 1] ?? { kind: "text" as const };
    pushBlock({ kind: top.kind, text, ...(top.level ? { level: top.level } : {}), area: area() });
  };
  const KIND_OF: Record<string, { kind: PageBlock["kind"]; level?: number }> = {
    h1: { kind: "heading", level: 1 },
    h2: { kind: "heading", level: 2 },
    h3: { kind: "heading", level: 3 },
    h4: { kind: "heading", level: 4 },
    h5: { kind: "heading", level: 5 },
    h6: { kind: "heading", level: 6 },
    li: { kind: "item" },
    dt: { kind: "term" },
    dd: { kind: "definition" },
    caption: { kind: "heading", level: 6 },
  };

  type Step = { node: Node; leaving: boolean; area?: boolean; kind?: boolean };
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
      if (inBody && run.length < 400) run.push(value);
      if (link && link.text.length < 50) link.text.push(value);
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
      if (!hidden && BLOCK_TAGS.has(tag)) flush();
      if (step.area) areas.pop();
      if (step.kind) kinds.pop();
      if (tag === "a" && link) {
        if (parts.links.length < MAX_LINKS)
          parts.links.push({ href: link.href, text: clean(link.text.join("")) });
        link = undefined;
      }
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
      if (parts.jsonLd.length < 10 && text.length <= MAX_JSON_LD) parts.jsonLd.push(text);
    }
    let leaving: Step = { node, leaving: true };
    if (!hidden && inBody) {
      const attrs = attributes(node);
      if (BLOCK_TAGS.has(tag)) flush();
      const named =
        tag === "footer" || tag === "nav" || tag === "header"
          ? (tag as PageArea)
          : AREA_NAMES.find(([re]) => re.test(`${attrs.id ?? ""} ${attrs.class ?? ""}`))?.[1];
      if (named) {
        areas.push(named);
        leaving = { ...leaving, area: true };
      }
      const kind = KIND_OF[tag];
      if (kind) {
        kinds.push(kind);
        leaving = { ...leaving, kind: true };
      }
      if (tag === "a" && attrs.href && !link) link = { href: attrs.href, text: [] };
      if (tag === "img") {
        const hint = `${attrs.src ?? ""} ${attrs.class ?? ""} ${attrs.id ?? ""}`;
        if (/logo/i.test(hint) && attrs.alt && parts.logoAlts.length < 5)
          parts.logoAlts.push(clean(attrs.alt));
        else if (attrs.alt && link && area() === "header" && parts.logoAlts.length < 5) {
          // A header image linking home is the logo, whatever its file is called.
          if (/^(?:\.?\/|index\.html?|\.\/index\.html?)?$/i.test(link.href))
            parts.logoAlts.push(clean(attrs.alt));
        }
      }
      if (tag === "tr") {
        const cells = dataRow(node);
        if (cells) {
          if (cells.some(Boolean)) pushBlock({ kind: "row", text: cells.join(" "), cells, area: area() });
          for (const a of linksIn(node)) if (parts.links.length < MAX_LINKS) parts.links.push(a);
          if (named) areas.pop();
          continue;
        }
      }
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
    steps.push(leaving);
    for (let i = node.childNodes.length - 1; i >= 0; i--)
      steps.push({ node: node.childNodes[i] as Node, leaving: false });
  }
  flush();
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
    ogSiteName: meta("og:site_name"),
    logoAlts: parts.logoAlts,
    jsonLd: parts.jsonLd,
    links: absoluteLinks(parts.links, parts.baseHref, pageUrl),
    blocks: parts.blocks,
  };
}

/** Links resolved against the page (and its `<base>`); http(s), tel: and mailto: only, no repeats. */
function absoluteLinks(links: PageLink[], baseHref: string, pageUrl: string): PageLink[] {
  let base = pageUrl;
  try {
    if (baseHref) base = new URL(baseHref, pageUrl || undefined).toString();
  } catch {}
  const seen = new Set<string>();
  const out: PageLink[] = [];
  for (const link of links) {
    let href: string;
    try {
      const url = new URL(link.href.trim(), base || undefined);
      if (!["http:", "https:", "tel:", "mailto:"].includes(url.protocol)) continue;
      url.hash = "";
      href = url.toString();
    } catch {
      continue;
    }
    if (seen.has(href)) continue;
    seen.add(href);
    out.push({ href, text: link.text.slice(0, 200) });
  }
  return out;
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
