import fs from "node:fs";
import path from "node:path";
import {
  CONSENT_COOKIE,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGES,
  PUBLIC_PAGE_PATHS,
  type TLanguage,
} from "@shobai/shared";
import { languageFromHeader } from "./accept-language";

/** One page in one language: without and with the cookie banner (for a visitor who has not answered it). */
export type PrerenderedPage = { plain: string; withBanner: string };

/**
 * path → the page's HTML in each language, as `npm run build` prerendered it
 * (apps/web/scripts/prerender.mjs), and the 'Page Not Found' page in each language (404.html).
 */
export type PrerenderedPages = Map<string, Record<TLanguage, PrerenderedPage>> & {
  notFound: Record<TLanguage, PrerenderedPage> | null;
};

const ORIGIN_PLACEHOLDER = /%SHOBAI_ORIGIN%/g;

/** Reads every prerendered page once, with this server's public origin in its absolute links. Null when not built. */
export function loadPrerenderedPages(distDir: string, origin: string): PrerenderedPages | null {
  /** One page (by its file name) in every language; null when any file is missing. */
  const load = (name: string) => {
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
    return byLanguage;
  };
  const pages = Object.assign(new Map<string, Record<TLanguage, PrerenderedPage>>(), {
    notFound: load("404"),
  });
  for (const page of PUBLIC_PAGE_PATHS) {
    const byLanguage = load(page === "/" ? "index" : page.slice(1));
    if (!byLanguage) return null;
    pages.set(page, byLanguage);
  }
  return pages;
}

/**
 * The language a page is answered in, as the browser app would pick it: a `?lang=` link, then the
 * visitor's saved choice (`user_language` cookie), then Accept-Language by its q-values, then ja.
 */
export function pickPageLanguage(input: {
  query: Record<string, unknown>;
  cookies: Map<string, string>;
  acceptLanguage: string | undefined;
}): TLanguage {
  if (isLanguage(input.query.lang)) return input.query.lang;
  const saved = input.cookies.get(LANGUAGE_COOKIE);
  if (isLanguage(saved)) return saved;
  return languageFromHeader(input.acceptLanguage);
}

/** The visitor has answered the cookie banner (the `cookie_consent` cookie the browser app sets). */
export function hasAnsweredConsent(cookies: Map<string, string>): boolean {
  return /^[01]{3}$/.test(cookies.get(CONSENT_COOKIE) ?? "");
}
