import type { TOwnedDomain } from "@shobai/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";

export const OWNED_DOMAINS_QUERY_KEY = ["/api/domain/domains"] as const;

/** GET /api/domain/domains: the domains the owner registered through Shobai. */
export const ownedDomainsQueryOptions = () =>
  queryOptions<{ domains: TOwnedDomain[] }>({ queryKey: OWNED_DOMAINS_QUERY_KEY });

export function useOwnedDomains({ enabled }: { enabled: boolean }) {
  return useQuery({ ...ownedDomainsQueryOptions(), enabled });
}
