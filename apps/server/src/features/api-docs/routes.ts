import type { FastifyPluginAsync } from "fastify";

/** The OpenAPI document, generated from the same zod schemas that validate requests. */
export const docsRoutes: FastifyPluginAsync = async (app) => {
  app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());
};
