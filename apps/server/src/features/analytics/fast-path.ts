import type { IncomingMessage, ServerResponse } from "node:http";
import { rewriteSiteHost } from "../sites/site-host";
import { type createBeaconHandler, MAX_EVENT_BYTES } from "./routes";
import { COLLECT_PATH } from "./tracker";

const BEACON_PATH = new RegExp(`^/s/([a-z0-9][a-z0-9-]{0,62})${COLLECT_PATH.replaceAll("/", "\\/")}$`);

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
  sitesDomain: string;
  trustProxy: boolean;
  /** Verified custom domains (host → slug), served like {slug}.{sitesDomain}. */
  customSlugFor?: (host: string) => string | undefined;
}) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = req.url ?? "";
    if (req.method !== "POST" || !url.endsWith(COLLECT_PATH)) return false;
    const match = BEACON_PATH.exec(
      rewriteSiteHost(req.headers.host, url, options.sitesDomain, options.customSlugFor),
    );
    const slug = match?.[1];
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
      const forwardedFor = options.trustProxy
        ? String(req.headers["x-forwarded-for"] ?? "")
            .split(",")[0]
            ?.trim()
        : "";
      const forwardedHost = options.trustProxy ? req.headers["x-forwarded-host"] : undefined;
      const done = options.handle({
        slug,
        base: url.startsWith(`/s/${slug}/`) ? `/s/${slug}` : "",
        host: String(forwardedHost ?? req.headers.host ?? ""),
        ip: forwardedFor || req.socket.remoteAddress || "",
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
