import dgram from "node:dgram";
import net from "node:net";
import dnsPacket from "dns-packet";

/**
 * A minimal authoritative DNS server on 127.0.0.1 (UDP, random port) for tests: answers A, AAAA,
 * CNAME and TXT queries from an in-memory zone, NXDOMAIN for names it does not know, for node's
 * `dns.Resolver` (c-ares) pointed at it with `setServers`. Messages are read and written by
 * dns-packet.
 */
export type DnsPeerRecords = { A?: string[]; AAAA?: string[]; CNAME?: string; TXT?: string[] };

export type DnsPeer = {
  /** "127.0.0.1:port", as `Resolver.setServers` and DNS_SERVERS take it. */
  server: string;
  /** Names are lower-case, without the trailing dot. */
  set(name: string, records: DnsPeerRecords): void;
  remove(name: string): void;
  /** Questions received, as "name TYPE" (for assertions). */
  queries: string[];
  close(): Promise<void>;
};

const TTL = 60;
const MAX_CHAIN = 16;
const AUTHORITATIVE = 0x0400;
const RECURSION_DESIRED = 0x0100;
const FORMERR = 1;
const NXDOMAIN = 3;

const canonical = (name: string) => name.toLowerCase().replace(/\.$/, "");

/** A query dns-packet cannot read gets FORMERR (with its id, when the header is there). */
function formatError(query: Buffer): Buffer | null {
  if (query.length < 12 || query.readUInt16BE(2) & 0x8000) return null;
  return dnsPacket.encode({
    id: query.readUInt16BE(0),
    type: "response",
    flags: (query.readUInt16BE(2) & RECURSION_DESIRED) | FORMERR,
  });
}

export function answerQuery(query: Buffer, zone: Map<string, DnsPeerRecords>): Buffer | null {
  let packet: dnsPacket.Packet;
  try {
    packet = dnsPacket.decode(query);
  } catch {
    return formatError(query);
  }
  if (packet.type === "response") return null;
  const question = packet.questions?.length === 1 ? packet.questions[0] : undefined;
  if (!question) return formatError(query);

  const answers: dnsPacket.Answer[] = [];
  let name = canonical(question.name);
  let rcode = 0;
  for (let hops = 0; hops < MAX_CHAIN; hops++) {
    const entry = zone.get(name);
    if (!entry) {
      // NXDOMAIN only for the asked name; a chain leaving the zone just ends.
      if (hops === 0) rcode = NXDOMAIN;
      break;
    }
    if (entry.CNAME) {
      answers.push({ type: "CNAME", name, ttl: TTL, data: canonical(entry.CNAME) });
      if (question.type === "CNAME") break;
      name = canonical(entry.CNAME);
      continue;
    }
    if (question.type === "A") {
      for (const address of entry.A ?? []) answers.push({ type: "A", name, ttl: TTL, data: address });
    } else if (question.type === "AAAA") {
      for (const address of entry.AAAA ?? []) answers.push({ type: "AAAA", name, ttl: TTL, data: address });
    } else if (question.type === "TXT") {
      for (const text of entry.TXT ?? [])
        answers.push({ type: "TXT", name, ttl: TTL, data: characterStrings(text) });
    }
    break;
  }
  return dnsPacket.encode({
    id: packet.id ?? 0,
    type: "response",
    flags: AUTHORITATIVE | ((packet.flags ?? 0) & RECURSION_DESIRED) | rcode,
    questions: [question],
    answers,
  });
}

/** A TXT record's text as character-strings of at most 255 bytes each. */
function characterStrings(text: string): Buffer[] {
  const bytes = Buffer.from(text, "utf8");
  const parts: Buffer[] = [];
  for (let at = 0; at < bytes.length || parts.length === 0; at += 255)
    parts.push(bytes.subarray(at, at + 255));
  return parts;
}

export async function startDnsPeer(initial: Record<string, DnsPeerRecords> = {}): Promise<DnsPeer> {
  const zone = new Map<string, DnsPeerRecords>();
  for (const [name, records] of Object.entries(initial)) zone.set(canonical(name), records);
  const queries: string[] = [];
  const socket = dgram.createSocket("udp4");
  socket.on("message", (msg, from) => {
    try {
      for (const question of dnsPacket.decode(msg).questions ?? [])
        queries.push(`${canonical(question.name)} ${question.type}`);
    } catch {}
    const reply = answerQuery(msg, zone);
    if (reply) socket.send(reply, from.port, from.address);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once("error", reject);
    socket.bind(0, "127.0.0.1", () => {
      socket.off("error", reject);
      resolve();
    });
  });
  const { port } = socket.address();
  return {
    server: `127.0.0.1:${port}`,
    queries,
    set(name, records) {
      for (const address of records.A ?? []) if (!net.isIPv4(address)) throw new Error(`bad A ${address}`);
      for (const address of records.AAAA ?? [])
        if (!net.isIPv6(address)) throw new Error(`bad AAAA ${address}`);
      zone.set(canonical(name), records);
    },
    remove(name) {
      zone.delete(canonical(name));
    },
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
