import fs from "node:fs";
import path from "node:path";
import { DEFAULT_LANGUAGE, LANGUAGES, PUBLIC_PAGE_PATHS, type TLanguage } from "@shobai/shared";

/** One page in one language: without and with the cookie banner (for a visitor who has not answered it). */
export type PrerenderedPage = { plain: string; withBanner: string };

/** path → the page's HTML in each language, as `npm run build` prerendered it (apps/web/scripts/prerender.mjs). */
export type PrerenderedPages = Map<string, Record<TLanguage, PrerenderedPage>>;

const ORIGIN_PLACEHOLDER = /%SHOBAI_ORIGIN%/g;

/** Reads every prerendered page once, with this server's public origin in its absolute links. Null when not built. */
export function loadPrerenderedPages(distDir: string, origin: string): PrerenderedPages | null {
  const pages: PrerenderedPages = new Map();
  for (const page of PUBLIC_PAGE_PATHS) {
    const name = page === "/" ? "index" : page.slice(1);
    const byLanguage = {} as Record<TLanguage, PrerenderedPage>;
    for (const language of LANGUAGES) {
      const read = (suffix: string) => {
        const file = path.join(distDir, "prerendered", language, `${name}${suffix}.html`);
        return fs.existsSync(file) ? fs.readFileSync(file, "utf8").replace(ORIGIN_PLACEHOLDER, origin) : null;
      };
      const plain = read("");
      const withBanner = read(".banner");
      if (plain === null || withBanner === null) return null;
      byLanguage[language] = { plain, withBanner };
    }
    pages.set(page, byLanguage);
  }
  return pages;
}

const ALIASES: Record<string, TLanguage> = { in: "id", zsm: "ms", mo: "ro" };

function languageOf(tag: string): TLanguage | null {
  const primary = tag.trim().toLowerCase().split(/[-_;]/)[0] ?? "";
  if ((LANGUAGES as readonly string[]).includes(primary)) return primary as TLanguage;
  return ALIASES[primary] ?? null;
}

/**
 * The language a page is answered in, as the browser app would pick it: a `?lang=` link, then the
 * visitor's saved choice (`user_language` cookie), then Accept-Language by its q-values, then ja.
 */
export function pickPageLanguage(input: {
  query: Record<string, unknown>;
  cookie: string | undefined;
  acceptLanguage: string | undefined;
}): TLanguage {
  const fromQuery = typeof input.query.lang === "string" ? languageOf(input.query.lang) : null;
  if (fromQuery && input.query.lang === fromQuery) return fromQuery;
  const saved = input.cookie?.match(/(?:^|;\s*)user_language=([a-z]{2})/)?.[1];
  if (saved && (LANGUAGES as readonly string[]).includes(saved)) return saved as TLanguage;
  const ranked = (input.acceptLanguage ?? "")
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { tag, q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.tag.trim() && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const entry of ranked) {
    const language = languageOf(entry.tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

/** The visitor has answered the cookie banner (the `cookie_consent` cookie the browser app sets). */
export function hasConsentCookie(cookie: string | undefined): boolean {
  return cookie !== undefined && /(?:^|;\s*)cookie_consent=[01]{3}(?:;|$)/.test(cookie);
}
