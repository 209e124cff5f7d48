import { ZCustomDomainList } from "@shobai/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api-request";

export const CONNECTIONS_QUERY_KEY = ["/api/domain/connections"] as const;

/** GET /api/domain/connections: host names pointed (or being pointed) at the owner's websites. */
export const fetchConnections = (signal?: AbortSignal) =>
  apiGet("/api/domain/connections", ZCustomDomainList, { signal });

export const connectionsQueryOptions = () =>
  queryOptions({ queryKey: CONNECTIONS_QUERY_KEY, queryFn: ({ signal }) => fetchConnections(signal) });

export function useConnections({ enabled }: { enabled: boolean }) {
  return useQuery({ ...connectionsQueryOptions(), enabled });
}
