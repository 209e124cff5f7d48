import type { IncomingMessage } from "node:http";

const SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;

/** A request on a hosted site's own host: `{slug}.SITES_DOMAIN` or a verified custom domain. */
export type SiteHost = {
  /** The site served on this host; null for a name under SITES_DOMAIN that is no site (www, a.b). */
  slug: string | null;
  /** The Host header's name: lower case, without port or trailing dot. */
  hostname: string;
  kind: "sites-domain" | "custom";
};

export type SiteHostRules = {
  sitesDomain: string;
  /** The app's own host names (APP_URL, PUBLIC_URL): never a site, even under SITES_DOMAIN. */
  appHosts: readonly string[];
  /** Verified custom domains; `host` as normalised here. */
  customSlugFor?: (host: string) => string | undefined;
};

/** Lower case, no port, no trailing dot: the form custom domains are stored in. */
export function hostnameOf(host: string): string {
  const name = host.trim().toLowerCase();
  const withoutPort = name.startsWith("[") ? name.replace(/(\]):\d+$/, "$1") : name.replace(/:\d+$/, "");
  return withoutPort.replace(/\.$/, "");
}

/** Which site, if any, a Host header names. Everything else is the app. */
export function siteHostOf(host: string | undefined, rules: SiteHostRules): SiteHost | null {
  if (!host) return null;
  const hostname = hostnameOf(host);
  if (rules.appHosts.includes(hostname)) return null;
  const suffix = `.${rules.sitesDomain}`;
  if (hostname.endsWith(suffix)) {
    const label = hostname.slice(0, -suffix.length);
    const slug = SLUG.test(label) && label !== "www" ? label : null;
    return { slug, hostname, kind: "sites-domain" };
  }
  const custom = rules.customSlugFor?.(hostname);
  return custom ? { slug: custom, hostname, kind: "custom" } : null;
}

const SITE_HOST = Symbol("shobai.siteHost");
type MarkedRequest = IncomingMessage & { [SITE_HOST]?: SiteHost };

/** The site host this request arrived on (set by `rewriteSiteRequest`), or undefined on the app's host. */
export function siteHostOfRequest(req: IncomingMessage): SiteHost | undefined {
  return (req as MarkedRequest)[SITE_HOST];
}

/**
 * Fastify's `rewriteUrl`: a request on a site host is served by the site routes at `/s/{slug}/…`
 * (a host that is no site, at `/s/-/…`, which matches no site), and is marked so that those routes
 * know it came on the site's own origin. Nothing else answers on a site host: not `/api`, not the
 * app. Requests on the app's host pass unchanged (its `/s/…` only redirects, see routes.ts).
 */
export function rewriteSiteRequest(req: IncomingMessage, rules: SiteHostRules): string {
  const url = req.url ?? "/";
  const site = siteHostOf(req.headers.host, rules);
  if (!site) return url;
  (req as MarkedRequest)[SITE_HOST] = site;
  const path = url.startsWith("/") ? url : `/${url}`;
  return `/s/${site.slug ?? "-"}${path}`;
}

/**
 * A path made safe to send in `Location` on the same host: one leading slash, no empty, `.` or `..`
 * segments, no backslashes or control characters, every segment percent-encoded. `//evil.example`,
 * `/%2Fevil.example`, `/\evil.example` and `/%09/evil.example` all stay on this host, and
 * non-ASCII (`/メニュー`) is encoded instead of throwing ERR_INVALID_CHAR.
 */
export function safeRedirectPath(rawPath: string, trailingSlash = true): string {
  const segments: string[] = [];
  for (const raw of rawPath.split(/[/\\]+/)) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      segment = raw;
    }
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    segment = segment.replace(/[\u0000-\u001f\u007f]/g, "");
    if (segment === "" || segment === "." || segment === "..") continue;
    // A decoded "/" or "\" splits again, so "%2F" cannot make an empty segment either.
    for (const part of segment.split(/[/\\]+/)) {
      if (part !== "" && part !== "." && part !== "..") segments.push(encodeURIComponent(part));
    }
  }
  if (segments.length === 0) return "/";
  return `/${segments.join("/")}${trailingSlash ? "/" : ""}`;
}
