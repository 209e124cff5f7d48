import {
  ERROR_CODES,
  isWithinDomain,
  type TConnectCustomDomain,
  type TCustomDomain,
  type TDnsRecord,
  toUnicodeHostname,
  ZConnectCustomDomain,
} from "@shobai/shared";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { isUniqueViolation } from "../../lib/db-errors";
import type { Entitlements } from "../../lib/entitlements";
import type { DomainsService, HostRecord } from "../domains/service";
import type { WebsitesService } from "../websites/service";
import type { DnsChecker, DnsExpectation } from "./dns-check";
import type { CustomHostMap } from "./host-map";
import * as q from "./queries";

/** What this feature uses of the domains feature (domains registered through Shobai). */
export type RegisteredDomains = Pick<
  DomainsService,
  "registeredDomainOf" | "registrarDnsDomains" | "setDnsRecord"
>;

export type CustomDomainsDeps = {
  db: Database;
  /** Domains bought through Shobai: their DNS records are set at the registrar for the owner. */
  domains: RegisteredDomains;
  entitlements: Entitlements;
  /** The owner's websites (a connection names one; another owner's is not found). */
  websites: Pick<WebsitesService, "get">;
  dns: DnsChecker;
  hosts: CustomHostMap;
  /** Hosted sites answer at {slug}.{sitesDomain}. */
  sitesDomain: string;
  /** SITES_CNAME_TARGET: one name every custom host may point at (load balancer, CDN). */
  cnameTarget?: string | undefined;
  /** SITES_IPV4 / SITES_IPV6: the addresses an apex A / AAAA record points at. */
  ipv4?: readonly string[];
  ipv6?: readonly string[];
  /** Host names of the platform itself (APP_URL, PUBLIC_URL): never connectable. */
  platformHosts?: readonly string[];
  log?: FastifyBaseLogger;
  now?: () => Date;
};

/**
 * Second-level names under which registries sell domains (example.co.jp is an apex, like
 * example.jp). A short list covering the product's markets, not the whole public-suffix list: an
 * unlisted one is only shown the sub-domain advice (a CNAME), which DNS providers then refuse.
 */
const REGISTRY_SECOND_LEVELS = new Set([
  "co.jp",
  "ne.jp",
  "or.jp",
  "ac.jp",
  "ad.jp",
  "ed.jp",
  "go.jp",
  "gr.jp",
  "lg.jp",
  "com.my",
  "net.my",
  "org.my",
  "co.id",
  "or.id",
  "web.id",
  "my.id",
  "com.pl",
  "net.pl",
  "org.pl",
  "com.ro",
  "org.ro",
  "co.uk",
  "org.uk",
  "com.au",
  "com.sg",
  "com.hk",
  "com.tw",
  "co.kr",
]);

function isApex(hostname: string): boolean {
  const labels = hostname.split(".");
  if (labels.length <= 2) return true;
  return labels.length === 3 && REGISTRY_SECOND_LEVELS.has(labels.slice(1).join("."));
}

export function createCustomDomainsService(deps: CustomDomainsDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const sitesDomain = deps.sitesDomain.toLowerCase();
  const ipv4 = deps.ipv4 ?? [];
  const ipv6 = deps.ipv6 ?? [];

  const siteHost = (slug: string) => `${slug}.${sitesDomain}`;
  /** The CNAME value shown to owners: the shared target when configured, else the site's own name. */
  const cnameValue = (slug: string) => deps.cnameTarget ?? siteHost(slug);

  function expectation(slug: string): DnsExpectation {
    const targets = [cnameValue(slug), siteHost(slug)];
    return { cnameTargets: [...new Set(targets)], ipv4: [...ipv4], ipv6: [...ipv6] };
  }

  function dnsRecords(hostname: string, slug: string): TDnsRecord[] {
    const cname: TDnsRecord = { type: "CNAME", name: hostname, value: cnameValue(slug) };
    // An apex cannot hold a CNAME next to its SOA/NS records; the A record is the standard answer,
    // the CNAME stays as the alternative for DNS providers with ALIAS / CNAME flattening.
    if (isApex(hostname) && ipv4.length > 0) {
      return [...ipv4.map((value): TDnsRecord => ({ type: "A", name: hostname, value })), cname];
    }
    return [cname];
  }

  /**
   * The record Shobai sets at the registrar for a host in one of the owner's domains on the
   * registrar's DNS: a CNAME (with the trailing dot LiveDNS wants) for a sub-domain, the A records of
   * SITES_IPV4 for the domain itself; null for the domain itself when no SITES_IPV4 is configured.
   */
  function registrarRecord(hostname: string, slug: string, domain: string): HostRecord | null {
    if (hostname !== domain) return { hostname, type: "CNAME", values: [`${cnameValue(slug)}.`] };
    return ipv4.length > 0 ? { hostname, type: "A", values: [...ipv4] } : null;
  }

  /** The owner's domain (on the registrar's DNS) where Shobai sets this host's record; null if none. */
  function managedIn(row: { hostname: string; websiteSlug: string }, zones: readonly string[]) {
    const domain = zones.find((zone) => isWithinDomain(row.hostname, zone));
    const record = domain ? registrarRecord(row.hostname, row.websiteSlug, domain) : null;
    return domain && record ? { domain, record } : null;
  }

  /** Sets the host's record at the registrar; what to tell the owner when that failed, else null. */
  async function setAtRegistrar(
    ownerId: string,
    managed: { domain: string; record: HostRecord },
  ): Promise<string | null> {
    const { domain, record } = managed;
    try {
      await deps.domains.setDnsRecord(ownerId, domain, record);
      return null;
    } catch (error) {
      deps.log?.warn(
        { domain, hostname: record.hostname, err: error },
        "could not set a DNS record at the registrar",
      );
      const reason =
        error instanceof AppError ? error.message : "The domain registrar could not be reached just now.";
      const shown = toUnicodeHostname(record.hostname);
      const wanted =
        record.type === "CNAME"
          ? `a CNAME record for ${shown} pointing at ${record.values[0]?.replace(/\.$/, "")}`
          : `an A record for ${shown} with ${record.values.join(", ")}`;
      return (
        `Shobai could not set the DNS record at the registrar automatically: ${reason.replace(/\.?$/, ".")} ` +
        `Press Check DNS to try again, or set the record by hand: point ${toUnicodeHostname(domain)}'s ` +
        `name servers at your own DNS provider and add ${wanted} there.`
      );
    }
  }

  function toCustomDomain(row: q.ConnectionRow, dnsManaged: boolean): TCustomDomain {
    return {
      id: row.id,
      hostname: row.hostname,
      unicodeHostname: toUnicodeHostname(row.hostname),
      websiteId: row.websiteId,
      websiteName: row.websiteName,
      status: row.status === "verified" ? "verified" : "pending",
      dnsRecords: dnsRecords(row.hostname, row.websiteSlug),
      verifiedAt: row.verifiedAt?.toISOString() ?? null,
      lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
      lastError: row.lastError,
      dnsManaged,
      createdAt: row.createdAt.toISOString(),
    };
  }

  /** Shobai's own names (and their sub-domains) cannot be connected as someone's domain. */
  const reservedHosts = [sitesDomain, deps.cnameTarget, ...(deps.platformHosts ?? [])].filter(
    (host): host is string => Boolean(host),
  );

  function platformHostProblem(hostname: string): string | null {
    const shown = toUnicodeHostname(hostname);
    if (isWithinDomain(hostname, "localhost")) return `${shown} is a local name and cannot be connected`;
    if (reservedHosts.some((host) => isWithinDomain(hostname, host)))
      return `${shown} is one of Shobai's own addresses; connect a domain you own, such as www.example.jp`;
    return null;
  }

  async function requireConnection(ownerId: string, id: string): Promise<q.ConnectionRow> {
    const row = await q.findConnection(db, ownerId, id);
    if (!row) throw AppError.notFound("Domain connection not found");
    return row;
  }

  return {
    async list(ownerId: string): Promise<TCustomDomain[]> {
      const [rows, zones] = await Promise.all([
        q.listConnections(db, ownerId),
        deps.domains.registrarDnsDomains(ownerId),
      ]);
      return rows.map((row) => toCustomDomain(row, managedIn(row, zones) !== null));
    },

    async connect(ownerId: string, input: TConnectCustomDomain): Promise<TCustomDomain> {
      const { hostname, websiteId } = ZConnectCustomDomain.parse(input);
      const problem = platformHostProblem(hostname);
      if (problem) throw AppError.badRequest(ERROR_CODES.validation, problem);
      const website = await deps.websites.get(ownerId, websiteId);

      await deps.entitlements.requireCustomDomain(ownerId, toUnicodeHostname(hostname));

      // A domain registered through Shobai is known to be its owner's: nobody else may claim it.
      const registered = await deps.domains.registeredDomainOf(hostname);
      if (registered && registered.ownerId !== ownerId) {
        throw AppError.conflict(
          ERROR_CODES.domainInUse,
          `${toUnicodeHostname(hostname)} belongs to ${toUnicodeHostname(registered.domain)}, which another ` +
            "Shobai account registered; only that account can connect it",
        );
      }

      const taken = await q.findByHostname(db, hostname);
      if (taken) throw inUse(hostname, taken.ownerId === ownerId);
      let row: q.ConnectionRow;
      try {
        const inserted = await q.insertConnection(db, {
          id: crypto.randomUUID(),
          ownerId,
          websiteId: website.id,
          hostname,
          status: "pending",
        });
        row = { ...inserted, websiteName: website.name, websiteSlug: website.slug };
      } catch (error) {
        // Two requests for the same name at once: the unique index decides.
        if (isUniqueViolation(error)) throw inUse(hostname, false);
        throw error;
      }
      // The owner's own domain on the registrar's DNS: Shobai sets the record there. A failure does
      // not undo the connection; lastError says what happened and what the owner can do.
      const managed = registered?.registrarDns ? managedIn(row, [registered.domain]) : null;
      if (managed) {
        const problem = await setAtRegistrar(ownerId, managed);
        if (problem) {
          await q.setLastError(db, ownerId, row.id, problem);
          row = { ...row, lastError: problem };
        }
      }
      return toCustomDomain(row, managed !== null);
    },

    /** Looks the host up in DNS now; verified when it points at the site, back to pending when not. */
    async verify(ownerId: string, id: string): Promise<TCustomDomain> {
      const row = await requireConnection(ownerId, id);
      const managed = managedIn(row, await deps.domains.registrarDnsDomains(ownerId));
      let result = await deps.dns.check(row.hostname, expectation(row.websiteSlug));
      if (!result.verified && managed) {
        // Shobai owns this record: set it again (it may have failed before, or been replaced).
        const problem = await setAtRegistrar(ownerId, managed);
        result = {
          verified: false,
          problem:
            problem ??
            `${result.problem.replace(/\.$/, "")}. Shobai has set the record at the registrar; ` +
              "it can take a few minutes to take effect.",
        };
      }
      const checkedAt = now();
      const change = result.verified
        ? {
            status: "verified",
            verifiedAt: row.status === "verified" && row.verifiedAt ? row.verifiedAt : checkedAt,
            lastCheckedAt: checkedAt,
            lastError: null,
          }
        : { status: "pending", verifiedAt: null, lastCheckedAt: checkedAt, lastError: result.problem };
      await q.recordCheck(db, ownerId, id, change);
      if (row.status !== change.status) await deps.hosts.reload();
      return toCustomDomain({ ...row, ...change }, managed !== null);
    },

    async remove(ownerId: string, id: string): Promise<void> {
      const existing = await requireConnection(ownerId, id);
      await q.deleteConnection(db, ownerId, id);
      if (existing.status === "verified") await deps.hosts.reload();
    },

    /** Every verified host name with its slug (loads the request router's map). */
    verifiedHosts: () => q.verifiedHosts(db),

    /** The first verified host name of each of these websites, by website id (websites feature). */
    verifiedDomainsOf: (ownerId: string, websiteIds: string[]) => q.verifiedDomains(db, ownerId, websiteIds),
  };
}

function inUse(hostname: string, ownConnection: boolean): AppError {
  const shown = toUnicodeHostname(hostname);
  return AppError.conflict(
    ERROR_CODES.domainInUse,
    ownConnection
      ? `${shown} is already connected to one of your websites; remove that connection first`
      : `${shown} is already connected to another Shobai website`,
  );
}

export type CustomDomainsService = ReturnType<typeof createCustomDomainsService>;
