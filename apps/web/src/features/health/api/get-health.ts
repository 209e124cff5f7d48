import { queryOptions, useQuery } from "@tanstack/react-query";
import { publicApiGet } from "@/lib/api-request";

/** GET /api/health (public status page). */
export const fetchHealth = (signal?: AbortSignal) =>
  publicApiGet("/api/health", (m) => m.ZHealth, { signal });

export const healthQueryOptions = () =>
  queryOptions({ queryKey: ["/api/health"], queryFn: ({ signal }) => fetchHealth(signal) });

export function useHealth() {
  return useQuery(healthQueryOptions());
}
