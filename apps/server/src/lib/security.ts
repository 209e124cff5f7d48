import helmet from "@fastify/helmet";
import { ERROR_CODES } from "@shobai/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";

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

export async function registerSecurity(app: FastifyInstance, appUrl: string | undefined): Promise<void> {
  await app.register(helmet, {
    // The SPA: own scripts only, no inline script, no third parties. Styles may be inline (Radix).
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:"],
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
    strictTransportSecurity: appUrl?.startsWith("https://") ? { maxAge: 31_536_000 } : false,
  });

  // A callback hook, not an async one: it runs on every request, beacons included.
  app.addHook("onRequest", (request, reply, done) => {
    if (!isCrossOriginWrite(request, appUrl)) return done();
    request.log.warn({ origin: request.headers.origin, url: request.url }, "cross-origin write refused");
    reply
      .status(403)
      .send({ message: "Cross-origin requests are not allowed", code: ERROR_CODES.crossOrigin });
  });
}
