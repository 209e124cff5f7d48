import type { IncomingMessage } from "node:http";
import proxyAddr from "@fastify/proxy-addr";

/** TRUST_PROXY: off, every proxy (true), the number of proxies in front of us, or their addresses/CIDRs. */
export type TrustProxy = boolean | number | readonly string[];
export type TrustFunction = (address: string, hop: number) => boolean;

/**
 * Which hops of `X-Forwarded-For` to believe, as one function that both Fastify (`request.ip`) and
 * the analytics fast path use, so every per-IP rule keys on the same address. A hop count trusts the
 * socket peer and the next `hops - 1` entries from the right (the entries our proxies appended);
 * whatever a client wrote further left is never the client address. Fastify would treat a bare
 * number as "trust nothing", so the count is handed to it as this function.
 */
export function trustFunction(trust: TrustProxy): TrustFunction | false {
  if (trust === false || trust === 0) return false;
  if (trust === true) return () => true;
  if (typeof trust === "number") return (_address, hop) => hop < trust;
  return proxyAddr.compile([...trust]);
}

/** The client's address: the socket peer, or the first untrusted hop of X-Forwarded-For. */
export function clientAddress(req: IncomingMessage, trust: TrustFunction | false): string {
  if (!trust) return req.socket.remoteAddress ?? "";
  return proxyAddr(req, trust);
}
