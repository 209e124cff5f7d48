import { type TDomainPurchaseInput, ZDomainPurchaseResult } from "@shobai/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-request";
import { OWNED_DOMAINS_QUERY_KEY } from "./get-domains";

/** POST /api/domain/purchase: an order, then Stripe's payment page (or the operator's invoice). */
export function purchaseDomain(input: TDomainPurchaseInput) {
  return apiJson("POST", "/api/domain/purchase", input, ZDomainPurchaseResult);
}

export function usePurchaseDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: purchaseDomain,
    onSuccess: (result) => {
      if (result.order.status === "registered")
        void queryClient.invalidateQueries({ queryKey: OWNED_DOMAINS_QUERY_KEY });
    },
  });
}
