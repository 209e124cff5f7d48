import { isWithinDomain, toAsciiHostname } from "@shobai/shared";
import type { CustomDomainsService } from "../custom-domains/service";
import type { WebsitesService } from "../websites/service";

export type TlsDeps = {
  /** Hosted sites answer at {slug}.{sitesDomain}. */
  sitesDomain: string;
  /** Host names of the platform itself (APP_URL, PUBLIC_URL). */
  platformHosts: readonly string[];
  websites: Pick<WebsitesService, "findBySlug">;
  customDomains: Pick<CustomDomainsService, "isServedHost">;
};

const SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;

/**
 * Which host names the front proxy (Caddy's on-demand TLS) may get a certificate for: the app's own
 * hosts, `{slug}.{SITES_DOMAIN}` of an existing website, and custom hosts whose owner proved control
 * (decision 0019). Everything else is refused, so nobody can make the server request certificates
 * (and spend the CA's rate limits) for names pointed at it.
 */
export function createTlsService(deps: TlsDeps) {
  const sitesDomain = deps.sitesDomain.toLowerCase();
  const platformHosts = new Set(deps.platformHosts.map((host) => host.toLowerCase()));

  return {
    async certificateAllowed(domain: string): Promise<boolean> {
      const host = toAsciiHostname(domain);
      // Only a bare host name: no port, path or address (Caddy sends the TLS ServerName).
      if (!host || host !== domain.toLowerCase().replace(/\.$/, "")) return false;
      if (platformHosts.has(host)) return true;
      if (isWithinDomain(host, sitesDomain)) {
        const slug = host.slice(0, -(sitesDomain.length + 1));
        if (!SLUG.test(slug) || slug === "www") return false;
        return (await deps.websites.findBySlug(slug)) !== undefined;
      }
      return deps.customDomains.isServedHost(host);
    },
  };
}

export type TlsService = ReturnType<typeof createTlsService>;
