import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api-request";
import type { OpenApiDocument } from "../openapi-types";

/**
 * The document is @fastify/swagger's, made from the shared schemas rather than one of them: the
 * page needs `paths` to be an object and guards every field below it.
 */
const openApiShape = {
  parse(data: unknown): OpenApiDocument {
    const paths = typeof data === "object" && data !== null ? (data as { paths?: unknown }).paths : undefined;
    if (typeof paths !== "object" || paths === null) throw new Error("paths: expected an object");
    return data as OpenApiDocument;
  },
};

/** GET /api/openapi.json. */
export const fetchOpenApi = (signal?: AbortSignal) => apiGet("/api/openapi.json", openApiShape, { signal });

export const openApiQueryOptions = () =>
  queryOptions({ queryKey: ["/api/openapi.json"], queryFn: ({ signal }) => fetchOpenApi(signal) });

export function useOpenApi() {
  return useQuery(openApiQueryOptions());
}
