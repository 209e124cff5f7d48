import type { IncomingMessage, ServerResponse } from "node:http";
import { clientAddress, type TrustFunction } from "../../lib/client-address";
import { type SiteHostRules, siteHostOf } from "../../lib/site-host";
import { type createBeaconHandler, MAX_EVENT_BYTES } from "./routes";
import { COLLECT_PATH } from "./tracker";

function answer(res: ServerResponse, status: number) {
  res.writeHead(status, { "cache-control": "no-store", "content-length": "0" });
  res.end();
}

/**
 * Beacons straight from the HTTP server, before Fastify's routing, hooks and reply objects: thousands
 * arrive a second and each needs only "202". Same handler, same rules as the Fastify route (which
 * still answers `inject` in tests and anything this path declines). Returns whether it took the request.
 */
export function createBeaconFastPath(options: {
  handle: ReturnType<typeof createBeaconHandler>;
  /** Which hosts are sites (app.ts's rules): beacons are taken on a site's own host only. */
  siteHosts: SiteHostRules;
  /** The TRUST_PROXY rule Fastify uses for request.ip, so both paths see the same client address. */
  trust: TrustFunction | false;
}) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = req.url ?? "";
    if (req.method !== "POST" || url !== COLLECT_PATH) return false;
    const slug = siteHostOf(req.headers.host, options.siteHosts)?.slug;
    if (!slug) return false;
    if (Number(req.headers["content-length"] ?? 0) > MAX_EVENT_BYTES) {
      answer(res, 413);
      req.resume();
      return true;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_EVENT_BYTES) chunks.push(chunk);
    });
    req.on("error", () => res.destroy());
    req.on("end", () => {
      if (size > MAX_EVENT_BYTES) return answer(res, 413);
      const done = options.handle({
        slug,
        base: "",
        host: String(req.headers.host ?? ""),
        ip: clientAddress(req, options.trust),
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      if (!done) return answer(res, 202);
      done.then(
        () => answer(res, 202),
        () => answer(res, 202),
      );
    });
    return true;
  };
}
