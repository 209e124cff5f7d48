import { ZReceiptList } from "@shobai/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api-request";

export const RECEIPTS_QUERY_KEY = ["/api/billing/receipts"] as const;

/** GET /api/billing/receipts: the owner's receipts (適格請求書), newest first. */
export const receiptsQueryOptions = () =>
  queryOptions({
    queryKey: RECEIPTS_QUERY_KEY,
    queryFn: ({ signal }) => apiGet("/api/billing/receipts", ZReceiptList, { signal }),
  });

export function useReceipts({ enabled }: { enabled: boolean }) {
  return useQuery({ ...receiptsQueryOptions(), enabled });
}
