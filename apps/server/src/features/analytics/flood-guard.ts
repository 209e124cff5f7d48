import { randomInt } from "node:crypto";

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
  /**
   * Counters per row of each count-min sketch (a power of two): 2^20, so 2 rows × 2 sketches × 2^20
   * × 2 bytes = 8 MiB whatever the traffic. A minute of 20,000 events/s from visitors who send 4
   * each is 300,000 visitors: a row is then 29 % full, and a visitor wrongly capped would need the
   * counts of dozens of others in both of its counters.
   */
  slots: 1 << 20,
} as const;

export type FloodCaps = { perVisitor: number; perAddress: number; slots: number };

const WINDOW_MS = 60_000;
const TWO_24 = 2 ** 24;

/**
 * Counts of one minute in a count-min sketch (decision 0062): two rows of 16-bit counters, a key
 * counted in one counter of each row, its count the smaller of the two. Memory is fixed, so a flood
 * of distinct keys cannot grow it, nor (unlike a bounded map) lock out the real visitors who come
 * after it; a count can only be overestimated, by keys that share both counters. Conservative
 * update: only the counters at the minimum are raised, which keeps overestimates small.
 */
function createSketch(slots: number) {
  if (!Number.isInteger(Math.log2(slots))) throw new Error("flood guard slots must be a power of two");
  const mask = slots - 1;
  const a = new Uint16Array(slots);
  const b = new Uint16Array(slots);
  let used = 0;
  return {
    /** Counts one event of the key hashed to (i, j); false, and nothing counted, at the cap. */
    hit(i: number, j: number, cap: number): boolean {
      const x = a[i & mask] as number;
      const y = b[j & mask] as number;
      const count = x < y ? x : y;
      if (count >= cap) return false;
      if (x === 0) used += 1;
      if (x === count) a[i & mask] = count + 1;
      if (y === count) b[j & mask] = count + 1;
      return true;
    },
    clear(): void {
      if (used === 0) return;
      a.fill(0);
      b.fill(0);
      used = 0;
    },
    /** Counters of the first row in use (tests, logs). */
    used: () => used,
  };
}

const FNV_PRIME = 0x01000193;
const MURMUR_M = 0x5bd1e995;

/**
 * Two 32-bit multiplicative hashes (FNV-1a and one with MurmurHash2's constant) of the text, from a
 * seed chosen per process, so that nobody can choose addresses that share a real visitor's
 * counters. Written out: a beacon's two short strings, hashed without allocating.
 */
function hashInto(out: Uint32Array, text: string): void {
  let h1 = out[0] as number;
  let h2 = out[1] as number;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, FNV_PRIME);
    h2 = Math.imul(h2 ^ c, MURMUR_M);
    h2 ^= h2 >>> 13;
  }
  out[0] = Math.imul(h1 ^ 10, FNV_PRIME);
  out[1] = Math.imul(h2 ^ 10, MURMUR_M);
}

/**
 * Counts of the current minute, emptied when the minute turns. Visitor hashes already include the
 * site (48 bits of sha256): their own bits choose the counters. Addresses are hashed with the site.
 */
export function createFloodGuard(
  caps: FloodCaps = FLOOD_CAPS,
  clock: () => number = Date.now,
  seed: number = randomInt(0, 2 ** 31),
) {
  let window = Math.floor(clock() / WINDOW_MS);
  const visitors = createSketch(caps.slots);
  const addresses = createSketch(caps.slots);
  const hashes = new Uint32Array(2);

  /** Empties the counters when the minute has turned. */
  function tick(): void {
    const now = Math.floor(clock() / WINDOW_MS);
    if (now !== window) {
      window = now;
      visitors.clear();
      addresses.clear();
    }
  }

  return {
    /** Counts one event of this client address on this site; false when over the cap. */
    address(websiteId: string, ip: string): boolean {
      tick();
      hashes[0] = 0x811c9dc5 ^ seed;
      hashes[1] = Math.imul(seed, 0x9e3779b1);
      hashInto(hashes, websiteId);
      hashInto(hashes, addressKey(ip));
      return addresses.hit(hashes[0] as number, hashes[1] as number, caps.perAddress);
    },
    /** Counts one event of this visitor (the day's hash of site, address and browser); false when over the cap. */
    visitor(_websiteId: string, visitor: number): boolean {
      tick();
      // The low 24 bits and the high 24 bits of the 48-bit hash: two independent choices.
      return visitors.hit(visitor % TWO_24, Math.floor(visitor / TWO_24), caps.perVisitor);
    },
    /** Visitor and address counters in use this minute (tests, logs). */
    used: () => visitors.used() + addresses.used(),
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
