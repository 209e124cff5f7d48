import { ZApiError } from "@shobai/shared";
import type { FastifyInstance } from "fastify";

type ResponseMap = Record<string | number, unknown>;

/**
 * Puts the error answers every API route (`/api/`, and `/internal/` for the front proxy) can give into its schema, so the OpenAPI document lists
 * them beside the ones the route declares itself (401, 404, 409, 503, …): 400 when the route reads
 * a body, query or path parameters, 413 and 415 when it reads a body, 429 when it is rate limited,
 * and 500. Every declared 4xx/5xx answers the one shared error shape.
 */
export function registerErrorResponses(app: FastifyInstance): void {
  app.addHook("onRoute", (route) => {
    const api = route.url.startsWith("/api/") || route.url.startsWith("/internal/");
    if (!api || route.schema?.hide) return;
    route.schema ??= {};
    const schema = route.schema;
    schema.response ??= {};
    const response = schema.response as ResponseMap;
    const add = (status: number) => {
      response[status] ??= ZApiError;
    };
    if (schema.body || schema.querystring || schema.params) add(400);
    if (schema.body) {
      add(413);
      add(415);
    }
    const config = route.config as { rateLimit?: unknown } | undefined;
    if (config?.rateLimit) add(429);
    add(500);
  });
}
