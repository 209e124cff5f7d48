import { ZOwnedDomainList } from "@shobai/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api-request";

export const OWNED_DOMAINS_QUERY_KEY = ["/api/domain/domains"] as const;

/** GET /api/domain/domains: the domains the owner registered through Shobai. */
export const fetchOwnedDomains = (signal?: AbortSignal) =>
  apiGet("/api/domain/domains", ZOwnedDomainList, { signal });

export const ownedDomainsQueryOptions = () =>
  queryOptions({ queryKey: OWNED_DOMAINS_QUERY_KEY, queryFn: ({ signal }) => fetchOwnedDomains(signal) });

export function useOwnedDomains({ enabled }: { enabled: boolean }) {
  return useQuery({ ...ownedDomainsQueryOptions(), enabled });
}
