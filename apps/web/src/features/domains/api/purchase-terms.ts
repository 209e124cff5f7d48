import { ZDomainPurchaseTerms } from "@shobai/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api-request";

export const PURCHASE_TERMS_QUERY_KEY = ["/api/domain/purchase-terms"] as const;

/** GET /api/domain/purchase-terms: whether this account may buy a domain now, and how it pays. */
export const purchaseTermsQueryOptions = () =>
  queryOptions({
    queryKey: PURCHASE_TERMS_QUERY_KEY,
    queryFn: ({ signal }) => apiGet("/api/domain/purchase-terms", ZDomainPurchaseTerms, { signal }),
  });

export function usePurchaseTerms({ enabled }: { enabled: boolean }) {
  return useQuery({ ...purchaseTermsQueryOptions(), enabled });
}
