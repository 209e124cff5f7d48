import dgram from "node:dgram";
import net from "node:net";

/**
 * A minimal authoritative DNS server on 127.0.0.1 (UDP, random port) for tests: answers A, AAAA
 * and CNAME queries from an in-memory zone, NXDOMAIN for names it does not know. Enough of RFC 1035
 * for node's `dns.Resolver` (c-ares) pointed at it with `setServers`.
 */
export type DnsPeerRecords = { A?: string[]; AAAA?: string[]; CNAME?: string };

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

const TYPE = { A: 1, CNAME: 5, AAAA: 28 } as const;
const TYPE_NAME: Record<number, string> = { 1: "A", 5: "CNAME", 28: "AAAA" };
const CLASS_IN = 1;
const TTL = 60;
const MAX_CHAIN = 16;

const canonical = (name: string) => name.toLowerCase().replace(/\.$/, "");

/** Reads the question's name (no compression is used in questions); null when malformed. */
function readName(msg: Buffer, offset: number): { name: string; end: number } | null {
  const labels: string[] = [];
  let at = offset;
  for (;;) {
    const length = msg[at];
    if (length === undefined || length >= 0xc0 || length > 63) return null;
    at += 1;
    if (length === 0) break;
    if (at + length > msg.length) return null;
    labels.push(msg.toString("latin1", at, at + length));
    at += length;
  }
  return { name: labels.join("."), end: at };
}

function encodeName(name: string): Buffer {
  const parts = canonical(name)
    .split(".")
    .filter(Boolean)
    .map((label) => {
      const bytes = Buffer.from(label, "latin1");
      return Buffer.concat([Buffer.from([bytes.length]), bytes]);
    });
  return Buffer.concat([...parts, Buffer.from([0])]);
}

function ipv6Bytes(address: string): Buffer {
  const [head = "", tail] = address.split("::");
  const groups = (text: string) => (text ? text.split(":") : []);
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const missing = 8 - left.length - right.length;
  const all = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill("0"), ...right];
  const out = Buffer.alloc(16);
  all.forEach((group, i) => {
    out.writeUInt16BE(Number.parseInt(group, 16), i * 2);
  });
  return out;
}

/** One resource record; `owner` is either a compression pointer or an encoded name. */
function record(owner: Buffer, type: number, rdata: Buffer): Buffer {
  const fixed = Buffer.alloc(10);
  fixed.writeUInt16BE(type, 0);
  fixed.writeUInt16BE(CLASS_IN, 2);
  fixed.writeUInt32BE(TTL, 4);
  fixed.writeUInt16BE(rdata.length, 8);
  return Buffer.concat([owner, fixed, rdata]);
}

/** Pointer to the question's name, which always sits at offset 12 of the message. */
const QUESTION_NAME = Buffer.from([0xc0, 0x0c]);

export function answerQuery(query: Buffer, zone: Map<string, DnsPeerRecords>): Buffer | null {
  if (query.length < 12) return null;
  const id = query.readUInt16BE(0);
  const flags = query.readUInt16BE(2);
  if (flags & 0x8000) return null; // a response, not a question
  const header = Buffer.alloc(12);
  header.writeUInt16BE(id, 0);
  const rd = flags & 0x0100;
  const qdcount = query.readUInt16BE(4);
  const parsed = qdcount === 1 ? readName(query, 12) : null;
  if (!parsed || parsed.end + 4 > query.length) {
    header.writeUInt16BE(0x8000 | rd | 1, 2); // FORMERR
    return header;
  }
  const questionEnd = parsed.end + 4;
  const qtype = query.readUInt16BE(parsed.end);
  const question = query.subarray(12, questionEnd);
  header.writeUInt16BE(1, 4);

  const answers: Buffer[] = [];
  let name = canonical(parsed.name);
  let owner: Buffer = QUESTION_NAME;
  let rcode = 0;
  for (let hops = 0; hops < MAX_CHAIN; hops++) {
    const entry = zone.get(name);
    if (!entry) {
      // NXDOMAIN only for the asked name; a chain leaving the zone just ends.
      if (hops === 0) rcode = 3;
      break;
    }
    if (entry.CNAME) {
      answers.push(record(owner, TYPE.CNAME, encodeName(entry.CNAME)));
      if (qtype === TYPE.CNAME) break;
      name = canonical(entry.CNAME);
      owner = encodeName(name);
      continue;
    }
    if (qtype === TYPE.A) {
      for (const address of entry.A ?? [])
        answers.push(record(owner, TYPE.A, Buffer.from(address.split(".").map(Number))));
    } else if (qtype === TYPE.AAAA) {
      for (const address of entry.AAAA ?? []) answers.push(record(owner, TYPE.AAAA, ipv6Bytes(address)));
    }
    break;
  }
  // QR, AA, the client's RD bit, RCODE.
  header.writeUInt16BE(0x8000 | 0x0400 | rd | rcode, 2);
  header.writeUInt16BE(answers.length, 6);
  return Buffer.concat([header, question, ...answers]);
}

export async function startDnsPeer(initial: Record<string, DnsPeerRecords> = {}): Promise<DnsPeer> {
  const zone = new Map<string, DnsPeerRecords>();
  for (const [name, records] of Object.entries(initial)) zone.set(canonical(name), records);
  const queries: string[] = [];
  const socket = dgram.createSocket("udp4");
  socket.on("message", (msg, from) => {
    const parsed = msg.length > 12 ? readName(msg, 12) : null;
    if (parsed && parsed.end + 2 <= msg.length) {
      const type = msg.readUInt16BE(parsed.end);
      queries.push(`${canonical(parsed.name)} ${TYPE_NAME[type] ?? type}`);
    }
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
