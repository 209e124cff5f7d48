import { XMLParser } from "fast-xml-parser";
import robotsParser from "robots-parser";
import { fetchPublicHtml, fetchPublicText, SafeFetchError } from "../../lib/safe-fetch";
import type { PageFacts } from "./page-facts";

/** The importer's name in robots.txt groups (the fetcher's User-Agent starts with it). */
export const CRAWLER_AGENT = "ShobaiSiteImport";

export type CrawlOptions = {
  allowedHosts: readonly string[];
  /** Reads one fetched page (on a worker thread in the server). */
  read: (html: string, url: string) => Promise<PageFacts>;
  maxPages?: number;
  /** The whole crawl's budget; pages not fetched by then are left out. */
  budgetMs?: number;
  /** Each page after the first: smaller caps, since the first already told what the site is. */
  pageTimeoutMs?: number;
  pageMaxBytes?: number;
  onProgress?: (done: number, total: number) => void;
};

export type CrawledPage = PageFacts & { url: string };

export type CrawlResult = { pages: CrawledPage[]; skippedByRobots: number };

/** Paths worth reading first: where sites state services, prices, profile and access. */
const USEFUL =
  /service|menu|price|pricing|fee|rate|about|profile|company|office|access|contact|map|gaiyou|annai|ryokin|gyomu|jimusho|aisatsu|greeting|staff|layanan|harga|paket|tentang|kontak|料金|業務|概要|プロフィール|アクセス|事務所|会社|メニュー|サービス|ご挨拶/i;
/** Links that are not pages of the site. */
const NOT_PAGE =
  /\.(?:jpe?g|png|gif|webp|avif|svg|ico|pdf|zip|docx?|xlsx?|pptx?|mp[34]|mov|avi|css|js|json|xml|txt|rss|atom)$/i;
const SKIP_PATH =
  /\/(?:wp-admin|wp-login|wp-json|feed|cart|checkout|login|logout|search|tag|author|page\/\d+)(?:\/|$)|\?(?:replytocom|s)=/i;

function sameSite(a: URL, b: URL): boolean {
  const strip = (h: string) => h.toLowerCase().replace(/^www\./, "");
  return strip(a.hostname) === strip(b.hostname) && a.port === b.port;
}

/** A page's URL as the crawler keys it: no fragment, no tracking parameters. */
function normalise(raw: string, site: URL): URL | undefined {
  let url: URL;
  try {
    url = new URL(raw, site);
  } catch {
    return undefined;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
  if (!sameSite(url, site) || NOT_PAGE.test(url.pathname) || SKIP_PATH.test(`${url.pathname}${url.search}`))
    return undefined;
  url.hash = "";
  // "/index.html" is the directory's page: read once.
  url.pathname = url.pathname.replace(/\/index\.(?:html?|php)$/i, "/");
  for (const key of [...url.searchParams.keys()])
    if (/^(?:utm_|fbclid|gclid|ref$)/i.test(key)) url.searchParams.delete(key);
  return url;
}

type Robots = { isAllowed: (url: string, ua?: string) => boolean | undefined; getSitemaps: () => string[] };

async function robotsOf(origin: string, allowedHosts: readonly string[]): Promise<Robots | undefined> {
  const url = `${origin}/robots.txt`;
  try {
    const file = await fetchPublicText(url, { allowedHosts, timeoutMs: 5000, maxBytes: 500 * 1024 });
    return robotsParser(url, file.text) as Robots;
  } catch {
    return undefined; // No robots.txt (or none readable): everything is allowed.
  }
}

const xml = new XMLParser({ ignoreAttributes: true, processEntities: false });

/** Page URLs listed by the site's sitemaps (a sitemap index is followed one level, two files at most). */
async function sitemapUrls(
  sitemaps: string[],
  allowedHosts: readonly string[],
  site: URL,
): Promise<string[]> {
  const urls: string[] = [];
  const queue = [...sitemaps];
  for (let fetched = 0; queue.length > 0 && fetched < 3; fetched++) {
    let next: string;
    try {
      // "Sitemap: /sitemap.xml" is relative in many robots.txt files, though the standard wants it absolute.
      next = new URL(queue.shift() as string, site).toString();
    } catch {
      continue;
    }
    if (!sameSite(new URL(next), site)) continue;
    let doc: Record<string, unknown>;
    try {
      const file = await fetchPublicText(next, { allowedHosts, timeoutMs: 5000 });
      doc = xml.parse(file.text) as Record<string, unknown>;
    } catch {
      continue;
    }
    const locs = (node: unknown): string[] => {
      const list = Array.isArray(node) ? node : node ? [node] : [];
      return list
        .map((entry) => (entry as { loc?: unknown }).loc)
        .filter((loc): loc is string => typeof loc === "string")
        .map((loc) => loc.trim());
    };
    const set = doc.urlset as { url?: unknown } | undefined;
    const index = doc.sitemapindex as { sitemap?: unknown } | undefined;
    if (set) urls.push(...locs(set.url).slice(0, 200));
    if (index) queue.push(...locs(index.sitemap).slice(0, 2));
  }
  return urls;
}

/**
 * The owner's own site: the given page, then same-host pages found in its links and sitemap.xml,
 * the useful ones (services, prices, profile, access) first, up to `maxPages`, never a page that
 * robots.txt keeps from this crawler. Every fetch goes through the SSRF-safe fetcher; a page that
 * fails is skipped, only the first page's failure fails the import.
 */
export async function crawlSite(startUrl: string, options: CrawlOptions): Promise<CrawlResult> {
  const maxPages = options.maxPages ?? 15;
  const deadline = Date.now() + (options.budgetMs ?? 45_000);
  const allowedHosts = options.allowedHosts;
  const first = await fetchPublicHtml(startUrl, { allowedHosts });
  const site = new URL(first.url);
  const firstFacts = await options.read(first.html, first.url);
  const pages: CrawledPage[] = [{ ...firstFacts, url: first.url }];
  const seen = new Set<string>([normalise(first.url, site)?.toString() ?? first.url]);
  const start = normalise(startUrl, site);
  if (start) seen.add(start.toString());

  const robots = await robotsOf(site.origin, allowedHosts);
  const allowed = (url: string) => robots?.isAllowed(url, CRAWLER_AGENT) !== false;
  let skippedByRobots = 0;

  const candidates: { url: string; score: number; order: number }[] = [];
  let order = 0;
  const offer = (raw: string, text: string, bonus: number) => {
    const url = normalise(raw, site);
    if (!url) return;
    const key = url.toString();
    if (seen.has(key)) return;
    seen.add(key);
    if (!allowed(key)) {
      skippedByRobots++;
      return;
    }
    const useful = USEFUL.test(decodeURIComponent(url.pathname)) || USEFUL.test(text);
    candidates.push({
      url: key,
      score: bonus + (useful ? 10 : 0) - url.pathname.split("/").length,
      order: order++,
    });
  };
  for (const link of firstFacts.links) offer(link.href, link.text, 5);
  const mapped = await sitemapUrls(
    robots?.getSitemaps().length ? robots.getSitemaps() : [`${site.origin}/sitemap.xml`],
    allowedHosts,
    site,
  );
  for (const url of mapped) offer(url, "", 0);

  options.onProgress?.(1, Math.min(maxPages, 1 + candidates.length));
  while (pages.length < maxPages && candidates.length > 0 && Date.now() < deadline) {
    candidates.sort((a, b) => b.score - a.score || a.order - b.order);
    const batch = candidates.splice(0, Math.min(3, maxPages - pages.length));
    const results = await Promise.allSettled(
      batch.map(async ({ url }) => {
        const remaining = Math.max(1000, deadline - Date.now());
        const page = await fetchPublicHtml(url, {
          allowedHosts,
          timeoutMs: Math.min(options.pageTimeoutMs ?? 10_000, remaining),
          maxBytes: options.pageMaxBytes ?? 2 * 1024 * 1024,
        });
        // A redirect off the site, or to a page already read, adds nothing.
        const landed = normalise(page.url, site);
        if (!landed) throw new SafeFetchError("bad_url", "left the site");
        return { page, facts: await options.read(page.html, page.url) };
      }),
    );
    for (const result of results) {
      if (result.status !== "fulfilled" || pages.length >= maxPages) continue;
      const { page, facts } = result.value;
      if (pages.some((p) => p.url === page.url)) continue;
      pages.push({ ...facts, url: page.url });
      for (const link of facts.links) offer(link.href, link.text, 0);
    }
    options.onProgress?.(pages.length, Math.min(maxPages, pages.length + candidates.length));
  }
  return { pages, skippedByRobots };
}
