import { queryOptions, useQuery } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/query-client";
import type { OpenApiDocument } from "../openapi-types";

export const fetchOpenApi = getQueryFn<OpenApiDocument>({ on401: "throw" });

export const openApiQueryOptions = () =>
  queryOptions({ queryKey: ["/api/openapi.json"], queryFn: fetchOpenApi });

export function useOpenApi() {
  return useQuery(openApiQueryOptions());
}
