import type { TOperatorInfo } from "@shobai/shared";
import { useQuery } from "@tanstack/react-query";

export const OPERATOR_QUERY_KEY = ["/api/public/operator"] as const;

/** GET /api/public/operator (public): the seller's details from the OPERATOR_* variables. */
export function useOperator() {
  return useQuery<TOperatorInfo>({ queryKey: OPERATOR_QUERY_KEY });
}
