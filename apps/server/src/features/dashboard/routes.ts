import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import { ZApiError, ZDashboardStats, ZFirstRun, ZOk, ZUnreadEnquiries } from "@shobai/shared";
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
    async (request) => opts.service.stats(request.workspace.id),
  );

  app.get(
    "/api/dashboard/first-run",
    {
      config: { access: "user" },
      schema: {
        tags: ["analytics"],
        summary: "The first-run checklist",
        description:
          "Each step from what exists: a website, a published website, an enquiry alert address saved on a " +
          "website, a verified sender; and whether the owner dismissed the checklist.",
        response: { 200: ZFirstRun, 401: ZApiError },
      },
    },
    async (request) => opts.service.firstRun(request.workspace.id),
  );

  app.post(
    "/api/dashboard/first-run/dismiss",
    {
      config: { access: "user" },
      schema: {
        tags: ["analytics"],
        summary: "Hide the first-run checklist",
        response: { 200: ZOk, 401: ZApiError },
      },
    },
    async (request) => {
      await opts.service.dismissFirstRun(request.workspace.id);
      return { ok: true as const };
    },
  );

  app.get(
    "/api/enquiries/unread",
    {
      config: { access: "user" },
      schema: {
        tags: ["crm"],
        summary: "Form enquiries not yet seen",
        description: "Site form submissions since the owner last marked them seen (opening the CRM does).",
        response: { 200: ZUnreadEnquiries, 401: ZApiError },
      },
    },
    async (request) => opts.service.unreadEnquiries(request.workspace.id),
  );

  app.post(
    "/api/enquiries/seen",
    {
      config: { access: "user" },
      schema: {
        tags: ["crm"],
        summary: "Mark every form enquiry so far as seen",
        response: { 200: ZOk, 401: ZApiError },
      },
    },
    async (request) => {
      await opts.service.markEnquiriesSeen(request.workspace.id);
      return { ok: true as const };
    },
  );
};
