import type { TLanguage } from "@shobai/shared";
import type { TSiteContent } from "../content-model.ts";

const escapeXml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * The site's sitemap.xml: every language's home page, each listing all languages as
 * `xhtml:link rel="alternate" hreflang` (Google's sitemap form of hreflang) and x-default.
 * `baseUrl` is the site's configured origin, never a request's Host.
 */
export function renderSitemap(
  site: Pick<TSiteContent, "languages">,
  baseUrl: string,
  lastModified?: Date,
): string {
  const base = baseUrl.replace(/\/+$/, "");
  const page = (lang: TLanguage) => `${base}/${lang}/`;
  const alternates = [
    ...site.languages.map(
      (l) => `    <xhtml:link rel="alternate" hreflang="${l}" href="${escapeXml(page(l))}"/>`,
    ),
    `    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(page(site.languages[0] ?? "ja"))}"/>`,
  ].join("\n");
  const lastmod = lastModified ? `\n    <lastmod>${lastModified.toISOString().slice(0, 10)}</lastmod>` : "";
  const urls = site.languages
    .map((lang) => `  <url>\n    <loc>${escapeXml(page(lang))}</loc>${lastmod}\n${alternates}\n  </url>`)
    .join("\n");
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n` +
    `${urls}\n</urlset>\n`
  );
}

/** robots.txt of a site: everything allowed (or nothing, for previews), and where the sitemap is. */
export function renderRobots(baseUrl: string, allow: boolean): string {
  if (!allow) return "User-agent: *\nDisallow: /\n";
  return `User-agent: *\nAllow: /\n\nSitemap: ${baseUrl.replace(/\/+$/, "")}/sitemap.xml\n`;
}

/** Black or white, whichever reads better on the colour (WCAG relative luminance). */
function inkOn(hex: string): string {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? "#ffffff" : "#000000";
}

/** The site's first letter (or kanji), as an icon shows it: one grapheme, Latin letters upper-case. */
export function monogramOf(name: string): string {
  const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });
  for (const { segment } of segmenter.segment(name.trim())) {
    if (/[\p{L}\p{N}]/u.test(segment)) return segment.toUpperCase();
  }
  return "•";
}

/** favicon.svg: the name's first letter in the theme colour's square (no logo is stored yet). */
export function renderFavicon(site: Pick<TSiteContent, "businessName" | "colours">): string {
  const colour = site.colours.primary;
  const letter = escapeXml(monogramOf(site.businessName));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">` +
    `<rect width="64" height="64" rx="14" fill="${colour}"/>` +
    `<text x="32" y="32" dy=".35em" text-anchor="middle" font-family="system-ui,-apple-system,'Hiragino Sans','Noto Sans JP',sans-serif" font-size="36" font-weight="700" fill="${inkOn(colour)}">${letter}</text>` +
    `</svg>\n`
  );
}
