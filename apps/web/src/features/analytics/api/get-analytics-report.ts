import { type TAnalyticsRange, type TAnalyticsReport, ZAnalyticsReport } from "@shobai/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api-request";

/** Every analytics query starts with this. */
export const ANALYTICS_QUERY_KEY = ["/api/analytics"] as const;

export function analyticsReportKey(websiteId: string, range: TAnalyticsRange) {
  return [...ANALYTICS_QUERY_KEY, websiteId, { range }] as const;
}

/** GET /api/analytics/{websiteId}?range=: one site's report over the last 7, 30 or 90 days. */
export async function fetchAnalyticsReport(
  websiteId: string,
  range: TAnalyticsRange,
  signal?: AbortSignal,
): Promise<TAnalyticsReport> {
  const params = new URLSearchParams({ range });
  return apiGet(`/api/analytics/${encodeURIComponent(websiteId)}?${params}`, ZAnalyticsReport, { signal });
}

/**
 * Visits keep arriving while the app is open, so a report read more than a minute ago is read
 * again when the screen opens (there is still no refetch on focus).
 */
export const analyticsReportQueryOptions = (websiteId: string, range: TAnalyticsRange) =>
  queryOptions({
    queryKey: analyticsReportKey(websiteId, range),
    queryFn: ({ signal }) => fetchAnalyticsReport(websiteId, range, signal),
    staleTime: 60_000,
  });

export function useAnalyticsReport(
  websiteId: string | null,
  range: TAnalyticsRange,
  { enabled, refetchInterval }: { enabled: boolean; refetchInterval: number | false },
) {
  return useQuery({
    ...analyticsReportQueryOptions(websiteId ?? "", range),
    enabled: enabled && websiteId !== null,
    refetchInterval,
  });
}
