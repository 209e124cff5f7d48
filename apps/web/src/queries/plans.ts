import { queryOptions, useQuery } from "@tanstack/react-query";
import { publicApiGet } from "@/lib/api-request";

export const PLANS_QUERY_KEY = ["/api/subscription/plans"] as const;

/** GET /api/subscription/plans (public, also on the landing page): the four paid plans, in display order. */
export const fetchPlans = (signal?: AbortSignal) =>
  publicApiGet("/api/subscription/plans", (m) => m.ZPlan.array(), {
    signal,
  });

export const plansQueryOptions = () =>
  queryOptions({ queryKey: PLANS_QUERY_KEY, queryFn: ({ signal }) => fetchPlans(signal) });

export function usePlans() {
  return useQuery(plansQueryOptions());
}
