import type { TPlan } from "@shobai/shared/constants";
import { queryOptions, useQuery } from "@tanstack/react-query";

export const PLANS_QUERY_KEY = ["/api/subscription/plans"] as const;

/** GET /api/subscription/plans (public): the four paid plans, in display order. */
export const plansQueryOptions = () => queryOptions<TPlan[]>({ queryKey: PLANS_QUERY_KEY });

export function usePlans() {
  return useQuery(plansQueryOptions());
}
