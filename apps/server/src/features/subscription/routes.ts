import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import { ZApiError, ZPlan, ZSubscriptionStatusResponse } from "@shobai/shared";
import { z } from "zod";
import type { SessionReader } from "../auth/session";
import type { SubscriptionService } from "./service";

export type SubscriptionRoutesOptions = { service: SubscriptionService; session: SessionReader };

export const subscriptionRoutes: FastifyPluginAsyncZod<SubscriptionRoutesOptions> = async (app, opts) => {
  const tags = ["subscription"];

  app.get(
    "/api/subscription/plans",
    { schema: { tags, summary: "The plans on sale (monthly, JPY)", response: { 200: z.array(ZPlan) } } },
    async () => opts.service.plans(),
  );

  app.get(
    "/api/subscription/status",
    {
      schema: {
        tags,
        summary: "The signed-in user's plan, status and website usage",
        response: { 200: ZSubscriptionStatusResponse, 401: ZApiError },
      },
    },
    async (request, reply) => opts.service.status(await opts.session.requireUser(request, reply)),
  );
};
