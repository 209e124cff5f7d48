import { queryOptions, useQuery } from "@tanstack/react-query";
import { publicApiGet } from "@/lib/api-request";

/** GET /api/public/operator: the seller, for its invoice registration number (decision 0043). */
export const sellerQueryOptions = () =>
  queryOptions({
    queryKey: ["/api/public/operator"],
    queryFn: ({ signal }) => publicApiGet("/api/public/operator", (m) => m.ZOperatorInfo, { signal }),
  });

export function useSeller() {
  return useQuery(sellerQueryOptions());
}
