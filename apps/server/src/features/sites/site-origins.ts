/**
 * The configured addresses of hosted sites. Built from configuration only (APP_URL's scheme and port,
 * SITES_DOMAIN), never from a request's Host header, so a page cached for a minute cannot carry an
 * address a client made up.
 */
export type SiteOrigins = {
  /** `http://{slug}.localhost:5000` locally, `https://{slug}.{SITES_DOMAIN}` in production. */
  forSlug(slug: string): string;
  /** A verified custom domain's origin, with the app's scheme. No port: owners' DNS reaches the standard ones. */
  forHost(hostname: string): string;
  /** The site's canonical origin: its verified custom domain when it has one, else its SITES_DOMAIN host. */
  canonical(slug: string, customDomain: string | null): string;
};

export function createSiteOrigins(appBaseUrl: string, sitesDomain: string): SiteOrigins {
  const app = new URL(appBaseUrl);
  // Locally the app and its sites share one listener, so they share its port; behind a proxy
  // APP_URL has no port and neither do the sites.
  const port = app.port ? `:${app.port}` : "";
  const forHost = (hostname: string) => `${app.protocol}//${hostname}`;
  const forSlug = (slug: string) => `${app.protocol}//${slug}.${sitesDomain}${port}`;
  return { forSlug, forHost, canonical: (slug, custom) => (custom ? forHost(custom) : forSlug(slug)) };
}
