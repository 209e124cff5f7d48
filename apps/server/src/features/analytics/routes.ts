import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import { ZAnalyticsQuery, ZAnalyticsReport, ZApiError, ZCollectEvent } from "@shobai/shared";
import { z } from "zod";
import { AppError } from "../../lib/app-error";
import type { SessionReader } from "../auth/session";
import { isBot } from "./ingest";
import type { AnalyticsService } from "./service";
import { COLLECT_PATH, TRACKER_ETAG, TRACKER_PATH, TRACKER_SOURCE } from "./tracker";

export type AnalyticsRoutesOptions = { service: AnalyticsService; session: SessionReader };

const ZSlugParams = z.object({ slug: z.string() });
const SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;
const MAX_EVENT_BYTES = 4 * 1024;

/**
 * The tracker and its endpoint live under every hosted site (`/s/{slug}/_shobai/…`, or the site's
 * own host), so the beacon is same-origin: no CORS, no cookies. The reports are API routes.
 */
export const analyticsRoutes: FastifyPluginAsyncZod<AnalyticsRoutesOptions> = async (app, opts) => {
  const { service, session } = opts;

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

  app.post<{ Params: { slug: string } }>(
    `/s/:slug${COLLECT_PATH}`,
    // An empty 202 to a beacon needs no security headers (helmet costs more than the rest of the work).
    { schema: { hide: true }, bodyLimit: MAX_EVENT_BYTES, helmet: false },
    (request, reply) => {
      reply.header("cache-control", "no-store").status(202);
      const { slug } = request.params;
      const userAgent = request.headers["user-agent"];
      if (!SLUG.test(slug) || isBot(userAgent, request.headers)) return reply.send();
      let parsed: unknown;
      try {
        parsed = JSON.parse(typeof request.body === "string" ? request.body : "");
      } catch {
        return reply.send();
      }
      const event = ZCollectEvent.safeParse(parsed);
      if (!event.success) return reply.send();
      const done = service.collect(slug, event.data, {
        base: request.originalUrl.startsWith(`/s/${slug}/`) ? `/s/${slug}` : "",
        host: request.host,
        ip: request.ip,
        userAgent: userAgent as string,
      });
      return done instanceof Promise ? done.then(() => reply.send()) : reply.send();
    },
  );

  app.get(
    "/api/analytics/:websiteId",
    {
      schema: {
        tags: ["analytics"],
        summary: "Traffic report of one of the owner's websites",
        description:
          "Daily series for every day of the range (Asia/Tokyo days, zeros included), visits, conversion " +
          "and bounce rates, top pages, referrers, devices, languages and the last 5 minutes. Visitors are " +
          "counted without cookies: a visitor is recognised within one day only.",
        params: z.object({ websiteId: z.string().min(1).max(100) }),
        querystring: ZAnalyticsQuery,
        response: { 200: ZAnalyticsReport, 400: ZApiError, 401: ZApiError, 404: ZApiError },
      },
    },
    async (request, reply) => {
      const user = await session.requireUser(request, reply);
      const report = await service.report(user.id, request.params.websiteId, request.query.range);
      if (!report) throw AppError.notFound("Website not found");
      return report;
    },
  );
};
