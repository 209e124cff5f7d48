import { type TAnalyticsRange, type TDeliveryStats, ZDeliveryStats } from "@shobai/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api-request";

export const DELIVERY_STATS_QUERY_KEY = ["/api/email/delivery-stats"] as const;

/** GET /api/email/delivery-stats?range=: sent, opened and clicked emails per day. */
export async function fetchDeliveryStats(
  range: TAnalyticsRange,
  signal?: AbortSignal,
): Promise<TDeliveryStats> {
  return apiGet(`/api/email/delivery-stats?${new URLSearchParams({ range })}`, ZDeliveryStats, { signal });
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
