import { ZDomainOrder } from "@shobai/shared";
import { useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api-request";

/** GET /api/domain/orders/{id}: the order after the payment page, asked again while it is paying. */
export function useDomainOrder(orderId: string | null) {
  return useQuery({
    queryKey: ["/api/domain/orders", orderId],
    queryFn: ({ signal }) =>
      apiGet(`/api/domain/orders/${encodeURIComponent(orderId ?? "")}`, ZDomainOrder, { signal }),
    enabled: Boolean(orderId),
    refetchInterval: (query) =>
      ["pending_payment", "paid"].includes(query.state.data?.status ?? "") ? 2000 : false,
  });
}
