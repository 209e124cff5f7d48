import type { TWebsite } from "@shobai/shared";

/** What to show as the site's address: its own domain, else where this platform serves it. */
export function siteAddress(
  website: Pick<TWebsite, "domain" | "url">,
  origin = window.location.origin,
): string {
  if (website.domain) return website.domain;
  if (website.url === "#") return "";
  try {
    const url = new URL(website.url, origin);
    return url.pathname === "/" ? url.host : `${url.host}${url.pathname}`;
  } catch {
    return website.url;
  }
}
