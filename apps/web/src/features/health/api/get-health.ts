import type { THealth } from "@shobai/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/query-client";

export const fetchHealth = getQueryFn<THealth>({ on401: "throw" });

export const healthQueryOptions = () => queryOptions({ queryKey: ["/api/health"], queryFn: fetchHealth });

export function useHealth() {
  return useQuery(healthQueryOptions());
}
