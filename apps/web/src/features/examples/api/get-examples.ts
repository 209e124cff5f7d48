import { queryOptions, useQuery } from "@tanstack/react-query";
import { publicApiGet } from "@/lib/api-request";

/** GET /api/examples (public): one example site per industry, made by the built-in generator. */
export const fetchExamples = (signal?: AbortSignal) =>
  publicApiGet("/api/examples", (m) => m.ZExampleSiteList, { signal });

export const examplesQueryOptions = () =>
  queryOptions({ queryKey: ["/api/examples"], queryFn: ({ signal }) => fetchExamples(signal) });

export function useExamples() {
  return useQuery(examplesQueryOptions());
}
