import { ZWebsite } from "@shobai/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api-request";
import { WEBSITES_QUERY_KEY } from "@/queries/websites";

export const websiteKey = (id: string) => [...WEBSITES_QUERY_KEY, id] as const;

/** GET /api/websites/{id}: one site, for its settings page. */
export const fetchWebsite = (id: string, signal?: AbortSignal) =>
  apiGet(`/api/websites/${encodeURIComponent(id)}`, ZWebsite, { signal });

export const websiteQueryOptions = (id: string) =>
  queryOptions({ queryKey: websiteKey(id), queryFn: ({ signal }) => fetchWebsite(id, signal) });

export function useWebsite(id: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...websiteQueryOptions(id), enabled });
}
