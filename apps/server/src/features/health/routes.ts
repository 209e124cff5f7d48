import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import { ZHealth, ZReady } from "@shobai/shared";
import type { HealthService } from "./service";

export const healthRoutes: FastifyPluginAsyncZod<{ service: HealthService }> = async (app, opts) => {
  app.get(
    "/api/health",
    {
      schema: {
        tags: ["system"],
        summary: "Liveness and database check",
        response: { 200: ZHealth },
      },
    },
    // A failing database makes this throw, so the answer is a 500 a load balancer can see.
    async () => opts.service.health(),
  );

  app.get(
    "/api/ready",
    {
      schema: {
        tags: ["system"],
        summary: "Readiness for a load balancer: database answers, migrations applied, not shutting down",
        response: { 200: ZReady, 503: ZReady },
      },
    },
    async (_request, reply) => {
      const report = await opts.service.ready();
      reply.header("cache-control", "no-store");
      return reply.code(report.status === "ready" ? 200 : 503).send(report);
    },
  );
};
