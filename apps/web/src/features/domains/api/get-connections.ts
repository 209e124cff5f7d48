import type { TCustomDomain } from "@shobai/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";

export const CONNECTIONS_QUERY_KEY = ["/api/domain/connections"] as const;

/** GET /api/domain/connections: host names pointed (or being pointed) at the owner's websites. */
export const connectionsQueryOptions = () =>
  queryOptions<{ connections: TCustomDomain[] }>({ queryKey: CONNECTIONS_QUERY_KEY });

export function useConnections({ enabled }: { enabled: boolean }) {
  return useQuery({ ...connectionsQueryOptions(), enabled });
}
