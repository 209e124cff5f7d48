import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import { ZApiError, ZDashboardStats } from "@shobai/shared";
import type { DashboardService } from "./service";

export type DashboardRoutesOptions = { service: DashboardService };

export const dashboardRoutes: FastifyPluginAsyncZod<DashboardRoutesOptions> = async (app, opts) => {
  app.get(
    "/api/dashboard/stats",
    {
      config: { access: "user" },
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
    async (request) => opts.service.stats(request.user.id),
  );
};
