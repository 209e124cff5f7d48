import { Resolver } from "node:dns/promises";
import net from "node:net";

/** Where a connected host name must point for Shobai to serve it. */
export type DnsExpectation = {
  /** CNAME targets that count: `{slug}.{SITES_DOMAIN}` and SITES_CNAME_TARGET when set. */
  cnameTargets: string[];
  /** SITES_IPV4 / SITES_IPV6: addresses an A or AAAA record may point at. */
  ipv4: string[];
  ipv6: string[];
};

export type DnsCheckResult = { verified: true } | { verified: false; problem: string };

/** The TXT texts found at a name (each record's strings joined), or why the lookup failed. */
export type TxtLookup = { found: string[] } | { failed: string };

export type DnsChecker = {
  check(hostname: string, expected: DnsExpectation): Promise<DnsCheckResult>;
  txt(name: string): Promise<TxtLookup>;
};

export type DnsCheckerOptions = {
  /** ip[:port] entries (DNS_SERVERS); the system's resolvers otherwise. */
  servers?: readonly string[];
  timeoutMs?: number;
  tries?: number;
  /** The whole check (every hop of a chain) ends by then, so the owner's request does not hang. */
  deadlineMs?: number;
};

const MAX_CNAME_HOPS = 8;
/** Answers that mean "this name has no such record", as opposed to "the lookup failed". */
const NO_RECORD = new Set(["ENODATA", "ENOTFOUND", "NXDOMAIN"]);

class LookupFailed extends Error {}

const canonical = (name: string) => name.toLowerCase().replace(/\.$/, "");

/** Looks up what a host name points at with node's resolver and compares it with the expectation. */
export function createDnsChecker(options: DnsCheckerOptions = {}): DnsChecker {
  function resolver(): Resolver {
    const r = new Resolver({ timeout: options.timeoutMs ?? 3000, tries: options.tries ?? 2 });
    if (options.servers?.length) r.setServers([...options.servers]);
    return r;
  }

  async function lookup<T>(query: () => Promise<T[]>): Promise<T[]> {
    try {
      return await query();
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? "";
      if (NO_RECORD.has(code)) return [];
      throw new LookupFailed(code || (error as Error).message);
    }
  }

  /** Runs `work` with a fresh resolver, or answers `late` when the deadline passes first. */
  async function withDeadline<T>(work: (r: Resolver) => Promise<T>, late: T): Promise<T> {
    const r = resolver();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<T>((resolve) => {
      timer = setTimeout(() => {
        r.cancel();
        resolve(late);
      }, options.deadlineMs ?? 10_000);
    });
    try {
      return await Promise.race([work(r), deadline]);
    } finally {
      clearTimeout(timer);
    }
  }

  const tooLong = (name: string) => `the DNS lookup for ${name} took too long; try again in a few minutes`;

  return {
    check: (hostname, expected) =>
      withDeadline((r) => follow(r, hostname, expected), { verified: false, problem: tooLong(hostname) }),

    txt: (name) =>
      withDeadline(
        async (r): Promise<TxtLookup> => {
          try {
            return { found: (await lookup(() => r.resolveTxt(name))).map((chunks) => chunks.join("")) };
          } catch (error) {
            if (!(error instanceof LookupFailed)) throw error;
            return {
              failed: `the DNS lookup for ${name} failed (${error.message}); try again in a few minutes`,
            };
          }
        },
        { failed: tooLong(name) },
      ),
  };

  async function follow(r: Resolver, hostname: string, expected: DnsExpectation): Promise<DnsCheckResult> {
    const targets = new Set(expected.cnameTargets.map(canonical));
    const wanted = expected.cnameTargets[0] ?? "";
    try {
      // Follow the CNAME chain ourselves so that any hop may be the platform's name.
      const chain: string[] = [];
      let name = hostname;
      for (;;) {
        const [next] = (await lookup(() => r.resolveCname(name))).map(canonical);
        if (!next) break;
        if (targets.has(next)) return { verified: true };
        if (next === hostname || chain.includes(next)) {
          return {
            verified: false,
            problem: `${hostname} has a CNAME loop (${[hostname, ...chain, next].join(" → ")})`,
          };
        }
        chain.push(next);
        if (chain.length >= MAX_CNAME_HOPS) {
          return {
            verified: false,
            problem: `${hostname} has a CNAME chain longer than ${MAX_CNAME_HOPS} names; point it at ${wanted} directly`,
          };
        }
        name = next;
      }
      const [v4, v6] = await Promise.all([
        lookup(() => r.resolve4(name)),
        expected.ipv6.length > 0 ? lookup(() => r.resolve6(name)) : Promise.resolve([]),
      ]);
      const ipv6 = new Set(expected.ipv6.map(normalizeIpv6));
      if (v4.some((a) => expected.ipv4.includes(a)) || v6.some((a) => ipv6.has(normalizeIpv6(a)))) {
        return { verified: true };
      }
      return { verified: false, problem: describe(hostname, chain, [...v4, ...v6], expected) };
    } catch (error) {
      if (!(error instanceof LookupFailed)) throw error;
      return {
        verified: false,
        problem: `the DNS lookup for ${hostname} failed (${error.message}); try again in a few minutes`,
      };
    }
  }
}

function normalizeIpv6(address: string): string {
  // Two spellings of one address (2001:db8::1 and 2001:0db8:0:0:0:0:0:1) compare equal.
  if (!net.isIPv6(address)) return address;
  const socket = new net.SocketAddress({ address, family: "ipv6" });
  return socket.address;
}

/** What was found, in the owner's words. */
function describe(hostname: string, chain: string[], addresses: string[], expected: DnsExpectation): string {
  const wanted = expected.cnameTargets[0] ?? "";
  const wantedAddress = [...expected.ipv4, ...expected.ipv6];
  if (chain.length > 0) {
    const path = chain.length > 1 ? ` (→ ${chain.slice(1).join(" → ")})` : "";
    return `${hostname} has a CNAME to ${chain[0]}${path}, expected ${wanted}`;
  }
  if (addresses.length > 0) {
    const expectation =
      wantedAddress.length > 0
        ? `expected ${wantedAddress.join(" or ")} or a CNAME to ${wanted}`
        : `expected a CNAME to ${wanted}`;
    return `${hostname} points to ${addresses.join(", ")}, ${expectation}`;
  }
  return `no A or CNAME record found for ${hostname}`;
}
