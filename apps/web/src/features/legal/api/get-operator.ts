import { queryOptions, useQuery } from "@tanstack/react-query";
import { publicApiGet } from "@/lib/api-request";

export const OPERATOR_QUERY_KEY = ["/api/public/operator"] as const;

/** GET /api/public/operator (public): the seller's details from the OPERATOR_* variables. */
export const fetchOperator = (signal?: AbortSignal) =>
  publicApiGet("/api/public/operator", (m) => m.ZOperatorInfo, {
    signal,
  });

export const operatorQueryOptions = () =>
  queryOptions({ queryKey: OPERATOR_QUERY_KEY, queryFn: ({ signal }) => fetchOperator(signal) });

export function useOperator() {
  return useQuery(operatorQueryOptions());
}
