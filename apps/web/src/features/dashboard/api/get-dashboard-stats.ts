import type { TDashboardStats } from "@shobai/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";

export const DASHBOARD_STATS_QUERY_KEY = ["/api/dashboard/stats"] as const;

/**
 * GET /api/dashboard/stats (the default query function joins the key). Visits and leads arrive
 * without the owner doing anything, so the figures are read again when the dashboard opens a
 * minute or more after the last reading; there is still no polling nor refetch on focus.
 */
export const dashboardStatsQueryOptions = () =>
  queryOptions<TDashboardStats>({ queryKey: DASHBOARD_STATS_QUERY_KEY, staleTime: 60_000 });

export function useDashboardStats({ enabled }: { enabled: boolean }) {
  return useQuery({ ...dashboardStatsQueryOptions(), enabled });
}
