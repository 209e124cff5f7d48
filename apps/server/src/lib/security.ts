import fastifyHelmet from "@fastify/helmet";
import { ERROR_CODES } from "@shobai/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import helmet from "helmet";
import { isHttps } from "./http";
import { siteHostOfRequest } from "./site-host";

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The origins a browser may send state-changing requests from: ours (as the request sees it) and APP_URL. */
function allowedOrigins(request: FastifyRequest, appUrl: string | undefined): Set<string> {
  const origins = new Set([`${request.protocol}://${request.host}`]);
  if (appUrl) origins.add(new URL(appUrl).origin);
  return origins;
}

/** Refuses cross-origin writes to the API (CSRF), whatever the cookie's SameSite says. */
export function isCrossOriginWrite(request: FastifyRequest, appUrl: string | undefined): boolean {
  if (!UNSAFE_METHODS.has(request.method) || !request.url.startsWith("/api/")) return false;
  const origin = request.headers.origin;
  if (origin) return !allowedOrigins(request, appUrl).has(origin);
  // No Origin header: browsers still say where the request came from; other clients (curl) are fine.
  return request.headers["sec-fetch-site"] === "cross-site";
}

/**
 * Browser features no page of ours uses, app or hosted site: refused everywhere, so a script that
 * slips into a page cannot ask for them either.
 */
export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "usb=()",
  "xr-spatial-tracking=()",
  "browsing-topics=()",
  "fullscreen=(self)",
].join(", ");

/**
 * Origins hosted pages may frame. None today; maps and videos go here when sites embed them (for
 * example "https://www.google.com/maps/embed/", "https://www.youtube-nocookie.com/embed/").
 */
export const SITE_FRAME_SOURCES: readonly string[] = [];

/**
 * The hosted sites' policy (their own origin, decision 0020): the tracker is their one script, from
 * their own host; styles are inline; photos are their own or https; forms post to themselves. Framing
 * is refused as for the app (`frame-ancestors 'none'` with `X-Frame-Options: DENY`).
 */
export function siteContentSecurityPolicy(https: boolean, imageOrigins: readonly string[] = []): string {
  const frameSrc = SITE_FRAME_SOURCES.length > 0 ? SITE_FRAME_SOURCES.join(" ") : "'none'";
  // Stock photos come from their provider's https CDN; a local test server's http origin is named.
  const extraImages = imageOrigins.filter((o) => !o.startsWith("https://"));
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'unsafe-inline'",
    ["img-src 'self' data: https:", ...extraImages].join(" "),
    "font-src 'self' data:",
    "connect-src 'self'",
    "form-action 'self'",
    `frame-src ${frameSrc}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "object-src 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/** A year, this host and the names under it: the app's host and site hosts under SITES_DOMAIN. */
export const HSTS = "max-age=31536000; includeSubDomains";
/**
 * A year, this host only: an owner's custom domain. The names under it are the owner's, not ours
 * (a mail or intranet host may not speak HTTPS), so we never make browsers insist on them.
 */
export const HSTS_CUSTOM_DOMAIN = "max-age=31536000";

export async function registerSecurity(
  app: FastifyInstance,
  appUrl: string | undefined,
  /** Origins the editor shows pictures from besides its own (the stock photo CDN). */
  imageOrigins: readonly string[] = [],
): Promise<void> {
  // @fastify/helmet builds helmet's middleware again on every request (parsing the policy each
  // time); it is built once here instead. The plugin stays, not global, for the routes' own
  // `helmet: false` (the analytics beacon).
  await app.register(fastifyHelmet, { global: false });
  const securityHeaders = helmet({
    // The SPA: own scripts only, no inline script, no third parties. Styles may be inline (Radix).
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", ...imageOrigins],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: appUrl?.startsWith("https://") ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Framing is refused on every surface, said twice the same way (old browsers read only this one).
    frameguard: { action: "deny" },
    // Set below, per request: on whatever arrived over HTTPS.
    strictTransportSecurity: false,
  });
  app.addHook("onRequest", (request, reply, done) => {
    const route = request.routeOptions.config as { helmet?: { skipRoute?: boolean } };
    if (route.helmet?.skipRoute) return done();
    securityHeaders(request.raw, reply.raw, () => done());
  });

  // A callback hook, not an async one: it runs on every request, beacons included.
  app.addHook("onRequest", (request, reply, done) => {
    reply.header("permissions-policy", PERMISSIONS_POLICY);
    // HSTS on every HTTPS answer: the app's host, a site's host under SITES_DOMAIN, a custom
    // domain behind Caddy (X-Forwarded-Proto, with TRUST_PROXY). Browsers ignore it over HTTP.
    if (isHttps(request, appUrl)) {
      const custom = siteHostOfRequest(request.raw)?.kind === "custom";
      reply.header("strict-transport-security", custom ? HSTS_CUSTOM_DOMAIN : HSTS);
    }
    if (!isCrossOriginWrite(request, appUrl)) return done();
    request.log.warn({ origin: request.headers.origin, url: request.url }, "cross-origin write refused");
    reply
      .status(403)
      .send({ message: "Cross-origin requests are not allowed", code: ERROR_CODES.crossOrigin });
  });
}
