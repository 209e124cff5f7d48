import type { TAnalyticsRange, TDeliveryStats } from "@shobai/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { throwIfResNotOk } from "@/lib/api-request";

export const DELIVERY_STATS_QUERY_KEY = ["/api/email/delivery-stats"] as const;

/** GET /api/email/delivery-stats?range=: sent, opened and clicked emails per day. */
export async function fetchDeliveryStats(
  range: TAnalyticsRange,
  signal?: AbortSignal,
): Promise<TDeliveryStats> {
  const res = await fetch(`/api/email/delivery-stats?${new URLSearchParams({ range })}`, {
    credentials: "include",
    signal,
  });
  await throwIfResNotOk(res);
  return (await res.json()) as TDeliveryStats;
}

export const deliveryStatsQueryOptions = (range: TAnalyticsRange) =>
  queryOptions({
    queryKey: [...DELIVERY_STATS_QUERY_KEY, { range }],
    queryFn: ({ signal }) => fetchDeliveryStats(range, signal),
    // Opens and clicks keep arriving: read again when the tab opens after a minute.
    staleTime: 60_000,
  });

export function useDeliveryStats(range: TAnalyticsRange, { enabled }: { enabled: boolean }) {
  return useQuery({ ...deliveryStatsQueryOptions(range), enabled });
}
