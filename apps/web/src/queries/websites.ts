import { ZWebsite } from "@shobai/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api-request";

/** Every website query starts with this; invalidating it refreshes the grid and open settings. */
export const WEBSITES_QUERY_KEY = ["/api/websites"] as const;

/** GET /api/websites: the owner's sites, newest first. */
export const fetchWebsites = (signal?: AbortSignal) => apiGet("/api/websites", ZWebsite.array(), { signal });

export const websitesQueryOptions = () =>
  queryOptions({ queryKey: WEBSITES_QUERY_KEY, queryFn: ({ signal }) => fetchWebsites(signal) });

export function useWebsites({ enabled }: { enabled: boolean }) {
  return useQuery({ ...websitesQueryOptions(), enabled });
}
