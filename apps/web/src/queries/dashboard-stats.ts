import { ZDashboardStats } from "@shobai/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api-request";

export const DASHBOARD_STATS_QUERY_KEY = ["/api/dashboard/stats"] as const;

/** GET /api/dashboard/stats: the owner's figures across websites, contacts and emails. */
export const fetchDashboardStats = (signal?: AbortSignal) =>
  apiGet("/api/dashboard/stats", ZDashboardStats, { signal });

/**
 * Visits and leads arrive
 * without the owner doing anything, so the figures are read again when the dashboard opens a
 * minute or more after the last reading; there is still no polling nor refetch on focus.
 */
export const dashboardStatsQueryOptions = () =>
  queryOptions({
    queryKey: DASHBOARD_STATS_QUERY_KEY,
    queryFn: ({ signal }) => fetchDashboardStats(signal),
    staleTime: 60_000,
  });

export function useDashboardStats({ enabled }: { enabled: boolean }) {
  return useQuery({ ...dashboardStatsQueryOptions(), enabled });
}
