import type { FastifyInstance } from "fastify";
import { siteContentSecurityPolicy } from "../../lib/security";
import { safeRedirectPath, siteHostOfRequest } from "../../lib/site-host";
import type { SiteOrigins } from "./site-origins";

const SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;
const PLAIN_QUERY = /^[\x21-\x7e]*$/;

/**
 * Keeps the two surfaces apart (decision 0020). On a site host: the sites' own security policy.
 * On the app's host: `/s/{slug}/…` is no longer served, it moves permanently (301) to the same
 * path on the site's own host; anything but GET/HEAD there is 404.
 */
export function registerSiteHostGuard(
  app: FastifyInstance,
  deps: { origins: SiteOrigins; https: boolean; imageOrigins?: readonly string[] },
) {
  const sitePolicy = siteContentSecurityPolicy(deps.https, deps.imageOrigins);
  app.addHook("onRequest", (request, reply, done) => {
    if (siteHostOfRequest(request.raw)) {
      reply
        .header("content-security-policy", sitePolicy)
        // Photos of a site are loaded by its pages on both of its hosts (canonical links point at one).
        .header("cross-origin-resource-policy", "cross-origin");
      return done();
    }
    const url = request.url;
    if (!url.startsWith("/s/")) return done();
    const queryAt = url.indexOf("?");
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    const query = queryAt === -1 ? "" : url.slice(queryAt);
    const [, slug = "", ...rest] = path.slice(1).split("/");
    const methodOk = request.method === "GET" || request.method === "HEAD";
    if (!methodOk || !SLUG.test(slug)) {
      reply
        .status(404)
        .header("cache-control", "no-store")
        .type("text/plain; charset=utf-8")
        .send("Not found");
      return;
    }
    const restPath = `/${rest.join("/")}`;
    const location =
      deps.origins.forSlug(slug) +
      safeRedirectPath(restPath, rest.length === 0 || restPath.endsWith("/")) +
      (query.length > 1 && PLAIN_QUERY.test(query) ? query : "");
    reply.redirect(location, 301);
  });
}
