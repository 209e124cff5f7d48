import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import { collectEventOf, ZAnalyticsQuery, ZAnalyticsReport, ZApiError, ZId } from "@shobai/shared";
import { z } from "zod";
import { AppError } from "../../lib/app-error";
import { isBot } from "./ingest";
import type { AnalyticsService } from "./service";
import { COLLECT_PATH, TRACKER_ETAG, TRACKER_PATH, TRACKER_SOURCE } from "./tracker";

export type AnalyticsRoutesOptions = { service: AnalyticsService };

const ZSlugParams = z.object({ slug: z.string() });
const SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;
export const MAX_EVENT_BYTES = 4 * 1024;

export type Beacon = {
  slug: string;
  /** The platform prefix the page was served under (/s/{slug}), or "" on the site's own host. */
  base: string;
  host: string;
  ip: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
};

/**
 * What a beacon does, whichever way it arrived (the route, or the server's fast path in app.ts):
 * drops what is not a person's event on one of the site's pages, queues the rest. Answers nothing:
 * the caller always says 202. Returns a promise only when it had to wait (site or salt not cached).
 */
export function createBeaconHandler(service: AnalyticsService) {
  return (beacon: Beacon): Promise<unknown> | undefined => {
    const userAgent = beacon.headers["user-agent"];
    if (!SLUG.test(beacon.slug) || typeof userAgent !== "string" || isBot(userAgent, beacon.headers)) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(beacon.body);
    } catch {
      return;
    }
    // ZCollectEvent's rules without zod's cost per beacon (the shared test holds them equal).
    const event = collectEventOf(parsed);
    if (!event) return;
    const done = service.collect(beacon.slug, event, {
      base: beacon.base,
      host: beacon.host,
      ip: beacon.ip,
      userAgent,
    });
    return done instanceof Promise ? done : undefined;
  };
}

/**
 * The tracker and its endpoint live under every hosted site (`/s/{slug}/_shobai/…`, or the site's
 * own host), so the beacon is same-origin: no CORS, no cookies. The reports are API routes.
 */
export const analyticsRoutes: FastifyPluginAsyncZod<AnalyticsRoutesOptions> = async (app, opts) => {
  const { service } = opts;

  // sendBeacon posts text/plain; the body is parsed in the handler so that bad JSON is dropped quietly.
  app.addContentTypeParser(
    ["text/plain", "application/json"],
    { parseAs: "string", bodyLimit: MAX_EVENT_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.get(
    `/s/:slug${TRACKER_PATH}`,
    { schema: { hide: true, params: ZSlugParams } },
    async (request, reply) => {
      reply
        .header("cache-control", "public, max-age=3600")
        .header("etag", TRACKER_ETAG)
        .header("x-content-type-options", "nosniff");
      if (request.headers["if-none-match"] === TRACKER_ETAG) return reply.status(304).send();
      return reply.type("text/javascript; charset=utf-8").send(TRACKER_SOURCE);
    },
  );

  const beacon = createBeaconHandler(service);
  app.post<{ Params: { slug: string } }>(
    `/s/:slug${COLLECT_PATH}`,
    // An empty 202 to a beacon needs no security headers nor compression (they cost more than the work).
    { schema: { hide: true }, bodyLimit: MAX_EVENT_BYTES, helmet: false, compress: false },
    (request, reply) => {
      reply.header("cache-control", "no-store").status(202);
      const { slug } = request.params;
      const done = beacon({
        slug,
        // Served on the site's own host only (decision 0020), so paths have no platform prefix.
        base: "",
        host: String(request.headers.host ?? ""),
        ip: request.ip,
        headers: request.headers,
        body: typeof request.body === "string" ? request.body : "",
      });
      return done ? done.then(() => reply.send()) : reply.send();
    },
  );

  app.get(
    "/api/analytics/:websiteId",
    {
      config: { access: "user" },
      schema: {
        tags: ["analytics"],
        summary: "Traffic report of one of the owner's websites",
        description:
          "Daily series for every day of the range (Asia/Tokyo days, zeros included), visits, conversion " +
          "and bounce rates, top pages, referrers, devices, languages and the last 5 minutes. Visitors are " +
          "counted without cookies: a visitor is recognised within one day only.",
        params: z.object({ websiteId: ZId }),
        querystring: ZAnalyticsQuery,
        response: { 200: ZAnalyticsReport, 400: ZApiError, 401: ZApiError, 404: ZApiError },
      },
    },
    async (request) => {
      const report = await service.report(
        request.workspace.id,
        request.params.websiteId,
        request.query.range,
      );
      if (!report) throw AppError.notFound("Website not found");
      return report;
    },
  );
};
