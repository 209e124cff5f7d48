import { type TSubscriptionStatusResponse, ZSubscriptionStatusResponse } from "@shobai/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api-request";

export const SUBSCRIPTION_STATUS_QUERY_KEY = ["/api/subscription/status"] as const;

/** GET /api/subscription/status: the plan, what the account may do now, and its usage. */
export const fetchSubscriptionStatus = (signal?: AbortSignal) =>
  apiGet("/api/subscription/status", ZSubscriptionStatusResponse, { signal });

export const subscriptionStatusQueryOptions = () =>
  queryOptions({
    queryKey: SUBSCRIPTION_STATUS_QUERY_KEY,
    queryFn: ({ signal }) => fetchSubscriptionStatus(signal),
  });

export function useSubscriptionStatus({
  enabled,
  fresh = false,
  pollEvery,
}: {
  enabled: boolean;
  /** Read again on opening the screen: the plan may have changed in Stripe since the last read. */
  fresh?: boolean;
  /** While a payment's webhook may still be on its way: ms until the next read, or false to stop. */
  pollEvery?: (status: TSubscriptionStatusResponse | undefined) => number | false;
}) {
  return useQuery({
    ...subscriptionStatusQueryOptions(),
    enabled,
    refetchOnMount: fresh ? "always" : true,
    refetchInterval: pollEvery ? (query) => pollEvery(query.state.data) : false,
  });
}
