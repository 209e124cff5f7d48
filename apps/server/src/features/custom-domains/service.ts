import { randomBytes } from "node:crypto";
import {
  CUSTOM_DOMAIN_CLAIM_DAYS,
  CUSTOM_DOMAIN_PROOF_GRACE_DAYS,
  ERROR_CODES,
  isWithinDomain,
  OWNERSHIP_TXT_LABEL,
  OWNERSHIP_TXT_PREFIX,
  type TConnectCustomDomain,
  type TCustomDomain,
  type TDnsRecord,
  type TRemovedCustomDomain,
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
import type { DnsChecker, DnsCheckResult, DnsExpectation } from "./dns-check";
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

const DAY_MS = 24 * 60 * 60 * 1000;
const CLAIM_MS = CUSTOM_DOMAIN_CLAIM_DAYS * DAY_MS;
const GRACE_MS = CUSTOM_DOMAIN_PROOF_GRACE_DAYS * DAY_MS;
/** Verified hosts are looked up again when their last check is older than this. */
const RECHECK_AGE_MS = 6 * 60 * 60 * 1000;
const RECHECK_BATCH = 25;

/** Where the ownership proof lives: `_shobai.www.example.jp`. */
export const ownershipRecordName = (hostname: string) => `${OWNERSHIP_TXT_LABEL}.${hostname}`;
export const ownershipRecordValue = (token: string) => `${OWNERSHIP_TXT_PREFIX}${token}`;
/** 128 random bits, hex: nothing about the owner or host can be derived from it. */
const newToken = () => randomBytes(16).toString("hex");

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

  function routingRecords(hostname: string, slug: string): TDnsRecord[] {
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

  function ownershipRecord(row: { hostname: string; verificationToken: string }): TDnsRecord {
    return {
      type: "TXT",
      name: ownershipRecordName(row.hostname),
      value: ownershipRecordValue(row.verificationToken),
    };
  }

  /** The records the owner sets: the TXT proof (unless registration proves it), then the routing. */
  function recordsOf(row: q.ConnectionRow, provenByRegistration: boolean): TDnsRecord[] {
    const routing = routingRecords(row.hostname, row.websiteSlug);
    return provenByRegistration ? routing : [ownershipRecord(row), ...routing];
  }

  function toCustomDomain(row: q.ConnectionRow, zones: readonly string[]): TCustomDomain {
    const byRegistration = provenByRegistration(row.hostname, zones);
    const missingSince = row.status === "verified" ? row.proofMissingSince : null;
    return {
      id: row.id,
      hostname: row.hostname,
      unicodeHostname: toUnicodeHostname(row.hostname),
      websiteId: row.websiteId,
      websiteName: row.websiteName,
      status: toStatus(row.status),
      dnsRecords: recordsOf(row, byRegistration),
      proof: byRegistration ? "registration" : "txt",
      verifiedAt: row.verifiedAt?.toISOString() ?? null,
      lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
      lastError: row.lastError,
      expiresAt: row.status === "pending" ? (row.expiresAt?.toISOString() ?? null) : null,
      proofMissingSince: missingSince?.toISOString() ?? null,
      servingEndsAt: missingSince ? new Date(missingSince.getTime() + GRACE_MS).toISOString() : null,
      dnsManaged: managedIn(row, zones) !== null,
      createdAt: row.createdAt.toISOString(),
    };
  }

  /**
   * A host in the owner's own domain registered through Shobai on the registrar's name servers:
   * Shobai answers for that domain's DNS on the owner's behalf, so the registration is the proof.
   */
  function provenByRegistration(hostname: string, zones: readonly string[]): boolean {
    return zones.some((zone) => isWithinDomain(hostname, zone));
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

  /** Is the owner's TXT proof at `_shobai.<host>`? (null: yes; else what was found, in words.) */
  async function proofProblem(
    row: q.ConnectionRow,
    zones: readonly string[],
  ): Promise<{ problem: string | null; found: string[] }> {
    if (provenByRegistration(row.hostname, zones)) return { problem: null, found: [] };
    const name = ownershipRecordName(row.hostname);
    const wanted = ownershipRecordValue(row.verificationToken);
    const lookup = await deps.dns.txt(name);
    if ("failed" in lookup) return { problem: lookup.failed, found: [] };
    const found = lookup.found.map((text) => text.trim());
    if (found.includes(wanted)) return { problem: null, found };
    const proofs = found.filter((text) => text.startsWith(OWNERSHIP_TXT_PREFIX));
    const problem =
      proofs.length > 0
        ? `the TXT record at ${name} does not have this connection's value ${wanted} (it has another shobai-verify value)`
        : `no TXT record ${wanted} found at ${name}`;
    return { problem, found };
  }

  /**
   * Looks the claim's host up and records the outcome. `byOwner`: the owner pressed Check DNS (a
   * record Shobai manages at the registrar is set again then).
   */
  async function check(row: q.ConnectionRow, zones: readonly string[], byOwner: boolean) {
    const managed = managedIn(row, zones);
    let route: DnsCheckResult = await deps.dns.check(row.hostname, expectation(row.websiteSlug));
    if (!route.verified && managed && byOwner) {
      // Shobai owns this record: set it again (it may have failed before, or been replaced).
      const problem = await setAtRegistrar(row.ownerId, managed);
      route = {
        verified: false,
        problem:
          problem ??
          `${route.problem.replace(/\.$/, "")}. Shobai has set the record at the registrar; ` +
            "it can take a few minutes to take effect.",
      };
    }
    const proof = await proofProblem(row, zones);
    const at = now();
    let change: Partial<q.CustomDomainRow> = { lastCheckedAt: at };

    if (route.verified && proof.problem === null) {
      const holder = row.status === "verified" ? undefined : await q.findVerifiedClaim(db, row.hostname);
      const holderProofHere =
        holder &&
        holder.ownerId !== row.ownerId &&
        proof.found.includes(ownershipRecordValue(holder.verificationToken));
      if (holderProofHere) {
        // Both accounts' values are in place: whoever controls the DNS has to say which one counts.
        change.lastError =
          `${toUnicodeHostname(row.hostname)} is served by another Shobai account whose shobai-verify value ` +
          `is also at ${ownershipRecordName(row.hostname)}; remove the value that is not this connection's ` +
          `(${ownershipRecordValue(row.verificationToken)}) and press Check DNS again`;
        await q.recordCheck(db, row.ownerId, row.id, change);
        return { ...row, ...change };
      }
      const verifiedAt = row.status === "verified" && row.verifiedAt ? row.verifiedAt : at;
      const lostReason =
        `Another Shobai account proved control of ${toUnicodeHostname(row.hostname)} with its TXT record ` +
        `on ${at.toISOString().slice(0, 10)}, and its site is served there now. If the domain is yours, set ` +
        "this connection's TXT record (and remove the other shobai-verify value), then press Check DNS.";
      try {
        const lost = await q.winClaim(db, row, { verifiedAt, lastCheckedAt: at }, lostReason);
        if (lost > 0)
          deps.log?.info({ hostname: row.hostname, lost }, "custom domain proven: other claims lost");
      } catch (error) {
        // Another account proved it at the same moment; its proof stands, this check says so.
        if (!isUniqueViolation(error)) throw error;
        change.lastError = `${toUnicodeHostname(row.hostname)} was just proven by another Shobai account; press Check DNS again`;
        await q.recordCheck(db, row.ownerId, row.id, change);
        return { ...row, ...change };
      }
      if (row.status !== "verified") await deps.hosts.reload();
      return {
        ...row,
        status: "verified",
        verifiedAt,
        lastCheckedAt: at,
        lastError: null,
        proofMissingSince: null,
        expiresAt: null,
      };
    }

    const problems = [route.verified ? null : route.problem, proof.problem].filter(Boolean).join("; ");
    if (row.status === "verified" && route.verified) {
      // Still pointing here but the TXT proof is gone: served for the grace period, flagged meanwhile.
      const since = row.proofMissingSince ?? at;
      const ends = new Date(since.getTime() + GRACE_MS);
      if (at < ends) {
        change = {
          ...change,
          proofMissingSince: since,
          lastError: `${problems}. The site stays on this address until ${ends.toISOString().slice(0, 10)}; put the TXT record back before then`,
        };
      } else {
        change = {
          ...change,
          status: "pending",
          verifiedAt: null,
          proofMissingSince: null,
          expiresAt: new Date(at.getTime() + CLAIM_MS),
          lastError: `${problems}. The TXT proof was missing for ${CUSTOM_DOMAIN_PROOF_GRACE_DAYS} days, so the site is no longer served here`,
        };
      }
    } else if (row.status === "verified") {
      // The routing record is gone: the host no longer reaches Shobai, so it is not served.
      change = {
        ...change,
        status: "pending",
        verifiedAt: null,
        proofMissingSince: null,
        expiresAt: new Date(at.getTime() + CLAIM_MS),
        lastError: problems,
      };
    } else {
      change.lastError = problems;
    }
    await q.recordCheck(db, row.ownerId, row.id, change);
    if (row.status !== (change.status ?? row.status)) await deps.hosts.reload();
    return { ...row, ...change };
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
      return rows.map((row) => toCustomDomain(row, zones));
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

      // Another account's claim does not block this one (decision 0019): whoever proves control
      // with the TXT record wins the host. The owner's own live claim does.
      const own = await q.findOwnClaim(db, ownerId, hostname);
      if (own && (own.status === "pending" || own.status === "verified")) throw inUse(hostname);
      // An expired or lost claim of the owner's is replaced by a fresh one (a new token).
      if (own) await q.deleteConnection(db, ownerId, own.id);
      let row: q.ConnectionRow;
      try {
        const inserted = await q.insertConnection(db, {
          id: crypto.randomUUID(),
          ownerId,
          websiteId: website.id,
          hostname,
          status: "pending",
          verificationToken: newToken(),
          expiresAt: new Date(now().getTime() + CLAIM_MS),
        });
        row = { ...inserted, websiteName: website.name, websiteSlug: website.slug };
      } catch (error) {
        // Two requests of the owner's for the same name at once: the unique index decides.
        if (isUniqueViolation(error)) throw inUse(hostname);
        throw error;
      }
      // The owner's own domain on the registrar's DNS: Shobai sets the record there. A failure does
      // not undo the connection; lastError says what happened and what the owner can do.
      const zones = registered?.registrarDns ? [registered.domain] : [];
      const managed = managedIn(row, zones);
      if (managed) {
        const problem = await setAtRegistrar(ownerId, managed);
        if (problem) {
          await q.setLastError(db, ownerId, row.id, problem);
          row = { ...row, lastError: problem };
        }
      }
      return toCustomDomain(row, zones);
    },

    /**
     * Looks the host up in DNS now: verified when both the TXT proof and the routing record are
     * there, which also takes the host from any other account's claim whose proof is gone.
     */
    async verify(ownerId: string, id: string): Promise<TCustomDomain> {
      const row = await requireConnection(ownerId, id);
      const zones = await deps.domains.registrarDnsDomains(ownerId);
      const checked = await check(row, zones, true);
      return toCustomDomain(checked, zones);
    },

    /** Disconnects; answers the DNS records the owner may now remove at their DNS provider. */
    async remove(ownerId: string, id: string): Promise<TRemovedCustomDomain> {
      const existing = await requireConnection(ownerId, id);
      const zones = await deps.domains.registrarDnsDomains(ownerId);
      await q.deleteConnection(db, ownerId, id);
      if (existing.status === "verified") await deps.hosts.reload();
      // A lost host's routing record now serves the account that proved control: only the TXT is ours.
      const records =
        existing.status === "lost"
          ? [ownershipRecord(existing)]
          : recordsOf(existing, provenByRegistration(existing.hostname, zones));
      return {
        hostname: existing.hostname,
        unicodeHostname: toUnicodeHostname(existing.hostname),
        recordsToRemove: records,
      };
    },

    /**
     * The periodic work (every process runs it; each step is idempotent): pending claims past their
     * 7 days expire, and verified hosts not checked for a while are looked up again, so a host whose
     * routing record or TXT proof went away is flagged, and after the grace period no longer served.
     */
    async recheck(): Promise<{ expired: number; checked: number }> {
      const at = now();
      const expired = await q.expireClaims(
        db,
        at,
        `Not proven within ${CUSTOM_DOMAIN_CLAIM_DAYS} days: this claim no longer counts. Add the TXT ` +
          "record and press Check DNS, or disconnect it.",
      );
      const due = await q.verifiedDueForCheck(db, new Date(at.getTime() - RECHECK_AGE_MS), RECHECK_BATCH);
      for (const row of due) {
        await check(row, await deps.domains.registrarDnsDomains(row.ownerId), false);
      }
      return { expired, checked: due.length };
    },

    /** Caddy's `ask`: may a certificate be issued for this custom host (verified on some account)? */
    async isServedHost(hostname: string): Promise<boolean> {
      return (await q.findVerifiedClaim(db, hostname)) !== undefined;
    },

    /** Every verified host name with its slug (loads the request router's map). */
    verifiedHosts: () => q.verifiedHosts(db),

    /** The first verified host name of each of these websites, by website id (websites feature). */
    verifiedDomainsOf: (ownerId: string, websiteIds: string[]) => q.verifiedDomains(db, ownerId, websiteIds),
  };
}

function inUse(hostname: string): AppError {
  return AppError.conflict(
    ERROR_CODES.domainInUse,
    `${toUnicodeHostname(hostname)} is already connected to one of your websites; remove that connection first`,
  );
}

const STATUSES = new Set<string>(["pending", "verified", "expired", "lost"]);
const toStatus = (status: string): TCustomDomain["status"] =>
  STATUSES.has(status) ? (status as TCustomDomain["status"]) : "pending";

export type CustomDomainsService = ReturnType<typeof createCustomDomainsService>;
