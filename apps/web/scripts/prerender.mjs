// Writes dist/prerendered/{lang}/{page}.html for every public page in every language: the page's
// markup in #root, its title, description, canonical and hreflang links and Open Graph tags.
// The server fills in ORIGIN_PLACEHOLDER (its PUBLIC_URL) when it loads them.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, "..", "dist");
const ssrEntry = path.join(here, "..", "dist-ssr", "entry-prerender.js");

const {
  renderPublicPage,
  NOT_FOUND_PATH,
  LANGUAGES,
  DEFAULT_LANGUAGE,
  OG_LOCALES,
  PUBLIC_PAGE_PATHS,
  publicPageUrl,
} = await import(ssrEntry);

const ORIGIN = "%SHOBAI_ORIGIN%";
/** Each route's screen module, so its chunk is fetched with the entry instead of after it. */
const PAGE_MODULES = {
  "/": "src/features/landing/pages/landing-page.tsx",
  "/pricing": "src/features/subscription/pages/pricing-page.tsx",
  "/features": "src/features/info/pages/features-page.tsx",
  "/about": "src/features/info/pages/about-page.tsx",
  "/faq": "src/features/info/pages/faq-page.tsx",
  "/contact": "src/features/info/pages/contact-page.tsx",
  "/help": "src/features/info/pages/help-page.tsx",
  "/case-studies": "src/features/examples/pages/case-studies-page.tsx",
  "/tutorials": "src/features/tutorials/pages/tutorials-page.tsx",
  "/sitemap": "src/features/info/pages/sitemap-page.tsx",
  "/terms": "src/features/legal/pages/terms-page.tsx",
  "/privacy": "src/features/legal/pages/privacy-page.tsx",
  "/security": "src/features/legal/pages/security-page.tsx",
  "/cookies": "src/features/legal/pages/cookies-page.tsx",
  "/commercial-law": "src/features/legal/pages/commercial-law-page.tsx",
  [NOT_FOUND_PATH]: "src/features/not-found/pages/not-found-page.tsx",
};

const escapeAttr = (s) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
const escapeText = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
/** JSON inside <script>: no "</script>" or "<!--" can end or confuse it. */
const scriptJson = (value) => JSON.stringify(value).replace(/</g, "\\u003c");

/** The address of `page` in `language` (the server fills in the origin). */
const pageUrl = (page, language) => publicPageUrl(ORIGIN, page, language);

const manifest = JSON.parse(fs.readFileSync(path.join(dist, ".vite", "manifest.json"), "utf8"));
const entryChunk = Object.values(manifest).find((chunk) => chunk.isEntry);
const initialFiles = new Set([entryChunk.file, ...(entryChunk.imports ?? []).map((k) => manifest[k].file)]);

/** The page chunk and the shared chunks it imports that the entry does not already bring. */
function pagePreloads(page) {
  const files = [];
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || initialFiles.has(chunk.file) || files.includes(chunk.file)) return;
    files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(PAGE_MODULES[page]);
  return files;
}

const template = fs.readFileSync(path.join(dist, "index.html"), "utf8");
if (!template.includes('<div id="root"></div>')) throw new Error("index.html has no empty #root");

let count = 0;
for (const language of LANGUAGES) {
  // The public pages, and 'Page Not Found' (404.html), which the server sends for unknown paths.
  for (const page of [...PUBLIC_PAGE_PATHS, NOT_FOUND_PATH]) {
    const name = page === "/" ? "index" : page === NOT_FOUND_PATH ? "404" : page.slice(1);
    // Two versions: with the cookie banner (a visitor who has not answered it yet: the server saw no
    // cookie_consent cookie) and without. The banner is then part of the first paint, not added later.
    for (const consentBanner of [false, true]) {
      const rendered = await renderPublicPage(page, language, { consentBanner });
      const html = pageHtml(page, language, rendered, consentBanner);
      const file = path.join(dist, "prerendered", language, `${name}${consentBanner ? ".banner" : ""}.html`);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, html);
      count++;
    }
  }
}

/** A public page's own address, its language versions and its Open Graph card. */
function pageLinks(page, language, rendered) {
  return [
    `<link rel="canonical" href="${pageUrl(page, language)}" />`,
    ...LANGUAGES.map((l) => `<link rel="alternate" hreflang="${l}" href="${pageUrl(page, l)}" />`),
    `<link rel="alternate" hreflang="x-default" href="${pageUrl(page, DEFAULT_LANGUAGE)}" />`,
    '<meta property="og:type" content="website" />',
    '<meta property="og:site_name" content="Shobai 商売" />',
    `<meta property="og:title" content="${escapeAttr(rendered.title)}" />`,
    `<meta property="og:description" content="${escapeAttr(rendered.description)}" />`,
    `<meta property="og:url" content="${pageUrl(page, language)}" />`,
    `<meta property="og:image" content="${ORIGIN}/og-image.png" />`,
    `<meta property="og:locale" content="${OG_LOCALES[language]}" />`,
    ...LANGUAGES.filter((l) => l !== language).map(
      (l) => `<meta property="og:locale:alternate" content="${OG_LOCALES[l]}" />`,
    ),
    '<meta name="twitter:card" content="summary_large_image" />',
  ];
}

function pageHtml(page, language, rendered, consentBanner) {
  const bannerChunk = consentBanner
    ? manifest["src/features/consent/components/cookie-banner.tsx"]?.file
    : null;
  const notFound = page === NOT_FOUND_PATH;
  const head = [
    `<title>${escapeText(rendered.title)}</title>`,
    `<meta name="description" content="${escapeAttr(rendered.description)}" />`,
    // 'Page Not Found' has no address of its own: no canonical, alternates or card.
    ...(notFound ? ['<meta name="robots" content="noindex" />'] : pageLinks(page, language, rendered)),
    ...[...pagePreloads(page), ...(bannerChunk ? [bannerChunk] : [])].map(
      (file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}" />`,
    ),
  ].join("\n    ");
  const rootAttributes = `data-prerendered=""${consentBanner ? ' data-consent-banner=""' : ""}`;
  return (
    template
      // The page is readable before any script runs, so its scripts yield to the HTML and the
      // stylesheet on a slow connection: first paint does not wait for 115 KB of JavaScript.
      .replace(/<script type="module" crossorigin/g, '<script type="module" fetchpriority="low" crossorigin')
      .replace(
        /<link rel="modulepreload" crossorigin/g,
        '<link rel="modulepreload" fetchpriority="low" crossorigin',
      )
      .replace(/<html lang="[^"]*">/, `<html lang="${language}">`)
      .replace(/<title>[\s\S]*?<\/title>/, "")
      .replace(/<meta name="description"[^>]*>/, head)
      .replace(
        '<div id="root"></div>',
        `<div id="root" ${rootAttributes}>${rendered.html}</div>\n    <script type="application/json" id="prerender-state">${scriptJson(rendered.state)}</script>\n    <script type="application/json" id="prerender-texts">${scriptJson(rendered.texts)}</script>`,
      )
  );
}
console.log(
  `prerendered ${count} pages (${PUBLIC_PAGE_PATHS.length} pages and 'Page Not Found' × ${LANGUAGES.length} languages × with and without the cookie banner)`,
);
