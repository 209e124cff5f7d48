import { DEFAULT_LANGUAGE } from "./languages.ts";

/**
 * The public pages a visitor (or a search engine) may open without signing in: listed in
 * `sitemap.xml`. App screens are left out: they are for signed-in owners.
 */
export const PUBLIC_PAGE_PATHS = [
  "/",
  "/pricing",
  "/features",
  "/about",
  "/faq",
  "/contact",
  "/help",
  "/case-studies",
  "/tutorials",
  "/sitemap",
  "/terms",
  "/privacy",
  "/security",
  "/cookies",
  "/commercial-law",
] as const;

/**
 * The address of a public page in one language, as canonical links, hreflang alternates and the
 * sitemap name it: Japanese (the default) at the bare path, the others with `?lang=`.
 */
export function publicPageUrl(origin: string, page: string, language: string): string {
  return `${origin}${page}${language === DEFAULT_LANGUAGE ? "" : `?lang=${language}`}`;
}

/** The interface language the visitor chose (local storage and cookie: the server answers in it). */
export const LANGUAGE_COOKIE = "user_language";

/**
 * The visitor's cookie-banner answer (local storage, and a cookie of three 0/1 flags: analytics,
 * functional, marketing), so the server leaves the banner out of prerendered pages.
 */
export const CONSENT_COOKIE = "cookie_consent";
