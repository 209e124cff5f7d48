import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import { ZHealth } from "@shobai/shared";
import { sql } from "drizzle-orm";
import type { Database, DbKind } from "../../db/client";

export const healthRoutes: FastifyPluginAsyncZod<{ db: Database; kind: DbKind }> = async (app, opts) => {
  app.get(
    "/api/health",
    {
      schema: {
        tags: ["system"],
        summary: "Liveness and database check",
        response: { 200: ZHealth },
      },
    },
    async () => {
      // A failing database makes this throw, so the answer is a 500 a load balancer can see.
      await opts.db.execute(sql`select 1`);
      return { status: "ok" as const, db: opts.kind };
    },
  );
};
