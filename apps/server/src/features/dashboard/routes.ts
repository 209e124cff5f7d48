import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import { ZApiError, ZDashboardStats } from "@shobai/shared";
import type { SessionReader } from "../auth/session";
import type { DashboardService } from "./service";

export type DashboardRoutesOptions = { service: DashboardService; session: SessionReader };

export const dashboardRoutes: FastifyPluginAsyncZod<DashboardRoutesOptions> = async (app, opts) => {
  app.get(
    "/api/dashboard/stats",
    {
      schema: {
        tags: ["analytics"],
        summary: "The signed-in owner's headline figures",
        description:
          "Websites (all and published), contacts (all and this month), this month's visits and conversion " +
          "rate (form submissions per visit, percent), all-time visitors and pageviews, emails sent. " +
          "Months are Tokyo calendar months.",
        response: { 200: ZDashboardStats, 401: ZApiError },
      },
    },
    async (request, reply) => opts.service.stats((await opts.session.requireUser(request, reply)).id),
  );
};
