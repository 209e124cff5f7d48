import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import { ERROR_CODES, ZApiError, ZTlsAskQuery } from "@shobai/shared";
import { z } from "zod";
import { AppError } from "../../lib/app-error";
import type { TlsService } from "./service";

export const TLS_ASK_PATH = "/internal/tls/ask";

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/**
 * Caddy's on-demand TLS `ask` (deploy/Caddyfile): 200 when a certificate may be issued for `domain`,
 * 404 when not. Caddy calls it on loopback; a request that came through a proxy (it carries
 * X-Forwarded-For) or from another machine is not answered, and deploy/Caddyfile does not forward
 * /internal/ either.
 */
export const tlsRoutes: FastifyPluginAsyncZod<{ service: TlsService }> = async (app, opts) => {
  app.get(
    TLS_ASK_PATH,
    {
      schema: {
        tags: ["system"],
        summary: "May the front proxy get a certificate for this host? (Caddy on-demand TLS, loopback only)",
        description:
          "200 for the app's own hosts, `{slug}.SITES_DOMAIN` of an existing website and custom hosts " +
          "whose owner proved control; 404 otherwise; 400 without `domain`. Answers only direct " +
          "loopback callers (403 otherwise).",
        querystring: ZTlsAskQuery,
        response: {
          200: z.object({ allowed: z.literal(true) }),
          400: ZApiError,
          403: ZApiError,
          404: ZApiError,
        },
      },
    },
    async (request) => {
      const direct =
        LOOPBACK.has(request.raw.socket.remoteAddress ?? "") && !request.headers["x-forwarded-for"];
      if (!direct) throw new AppError(403, ERROR_CODES.forbidden, "Only the local front proxy may ask");
      const domain = request.query.domain?.trim();
      if (!domain) throw AppError.badRequest(ERROR_CODES.validation, "domain is required");
      if (!(await opts.service.certificateAllowed(domain))) {
        throw AppError.notFound(`No certificate for ${domain}: not a host served by Shobai`);
      }
      return { allowed: true as const };
    },
  );
};
