/**
 * Maps a request on a site's own host name to its path on the platform:
 * `sakura.localhost:5000/ja/` → `/s/sakura/ja/`. A verified custom domain (`customSlugFor`, e.g.
 * www.example.jp → sakura) is served the same way. API paths and other hosts pass unchanged.
 */
export function rewriteSiteHost(
  host: string | undefined,
  url: string,
  sitesDomain: string,
  /** Looks up a host name already normalised here. */
  customSlugFor?: (host: string) => string | undefined,
): string {
  if (!host || url.startsWith("/api/")) return url;
  // Lower case, no port, no trailing dot: the form custom domains are stored in.
  const name = host.toLowerCase().replace(/:\d+$/, "").replace(/\.$/, "");
  const path = url.startsWith("/") ? url : `/${url}`;
  const suffix = `.${sitesDomain}`;
  if (!name.endsWith(suffix)) {
    const custom = customSlugFor?.(name);
    return custom ? `/s/${custom}${path}` : url;
  }
  const slug = name.slice(0, -suffix.length);
  if (!/^[a-z0-9][a-z0-9-]{0,62}$/.test(slug) || slug === "www") return url;
  return `/s/${slug}${path}`;
}
