import type { TSubscriptionStatusResponse } from "@shobai/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";

export const SUBSCRIPTION_STATUS_QUERY_KEY = ["/api/subscription/status"] as const;

/** GET /api/subscription/status: the plan and how many of its sites are used. */
export const subscriptionStatusQueryOptions = () =>
  queryOptions<TSubscriptionStatusResponse>({ queryKey: SUBSCRIPTION_STATUS_QUERY_KEY });

export function useSubscriptionStatus({ enabled }: { enabled: boolean }) {
  return useQuery({ ...subscriptionStatusQueryOptions(), enabled });
}
