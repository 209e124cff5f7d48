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
