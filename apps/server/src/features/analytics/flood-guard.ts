/**
 * Analytics flood caps (decision 0017): events a minute per visitor of a site, and per client
 * address of a site. A person reading a shop's site sends a pageview and a leave per page, a few a
 * minute; a busy office or school behind one address is a few hundred. Beyond the caps the events
 * are dropped before they are buffered or stored, and the beacon still answers 202 (a script gets
 * no signal to adapt to).
 */
export const FLOOD_CAPS = {
  /** Events (pageview + leave) per visitor per site per minute: 60 pages a minute. */
  perVisitor: 120,
  /** Events per client address (IPv6: its /64) per site per minute. */
  perAddress: 600,
  /** Keys counted per minute at most; beyond it new keys are refused (memory stays bounded). */
  maxKeys: 200_000,
} as const;

const WINDOW_MS = 60_000;

/**
 * Counters in fixed one-minute windows: the maps are emptied when the minute turns, so they hold at
 * most the keys of one minute, and never more than `maxKeys` of them. When a flood of distinct keys
 * fills it, further new keys are refused until the minute turns (fail closed: no unbounded memory,
 * and real visitors already counted keep their budget).
 */
export function createFloodGuard(
  caps: { perVisitor: number; perAddress: number; maxKeys: number } = FLOOD_CAPS,
  clock: () => number = Date.now,
) {
  let window = Math.floor(clock() / WINDOW_MS);
  // Visitor hashes already include the site, so a number is key enough (cheaper than a string).
  const visitors = new Map<number, number>();
  // Per site, then per address: no key string to build and hash per beacon.
  const addresses = new Map<string, Map<string, number>>();
  let addressKeys = 0;

  /** Empties the counters when the minute has turned. */
  function tick(): void {
    const now = Math.floor(clock() / WINDOW_MS);
    if (now !== window) {
      window = now;
      visitors.clear();
      addresses.clear();
      addressKeys = 0;
    }
  }

  const full = () => visitors.size + addressKeys >= caps.maxKeys;

  return {
    /** Counts one event of this client address on this site; false when over the cap. */
    address(websiteId: string, ip: string): boolean {
      tick();
      const key = addressKey(ip);
      let counts = addresses.get(websiteId);
      const seen = counts?.get(key);
      if (seen === undefined) {
        if (full()) return false;
        if (!counts) {
          counts = new Map();
          addresses.set(websiteId, counts);
        }
        counts.set(key, 1);
        addressKeys += 1;
        return true;
      }
      if (seen >= caps.perAddress) return false;
      counts?.set(key, seen + 1);
      return true;
    },
    /** Counts one event of this visitor (the day's hash of site, address and browser); false when over the cap. */
    visitor(_websiteId: string, visitor: number): boolean {
      tick();
      const seen = visitors.get(visitor);
      if (seen === undefined) {
        if (full()) return false;
        visitors.set(visitor, 1);
        return true;
      }
      if (seen >= caps.perVisitor) return false;
      visitors.set(visitor, seen + 1);
      return true;
    },
    /** Keys counted in the current minute (tests, logs). */
    size: () => visitors.size + addressKeys,
  };
}

/**
 * The part of an address that names one client: an IPv4 address (also IPv4-mapped IPv6) whole, an
 * IPv6 address by its /64, since one subscriber usually holds a whole /64.
 */
export function addressKey(ip: string): string {
  if (!ip.includes(":")) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  const [head = "", tail] = ip.toLowerCase().split("%")[0]?.split("::") ?? [];
  const front = head ? head.split(":") : [];
  if (tail === undefined) return front.slice(0, 4).join(":");
  const back = tail ? tail.split(":") : [];
  const zeros = Array.from({ length: Math.max(0, 8 - front.length - back.length) }, () => "0");
  return [...front, ...zeros, ...back].slice(0, 4).join(":");
}
