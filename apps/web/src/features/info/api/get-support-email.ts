import { queryOptions, useQuery } from "@tanstack/react-query";
import { publicApiGet } from "@/lib/api-request";

/** GET /api/public/operator (public); the legal pages read the same answer under the same key. */
export const fetchOperatorContact = (signal?: AbortSignal) =>
  publicApiGet("/api/public/operator", (m) => m.ZOperatorInfo, {
    signal,
  });

export const operatorContactQueryOptions = () =>
  queryOptions({ queryKey: ["/api/public/operator"], queryFn: ({ signal }) => fetchOperatorContact(signal) });

/**
 * The support address is the operator's own (OPERATOR_EMAIL, GET /api/public/operator); until it
 * is set the page points to the form instead of showing an invented address.
 */
export function useSupportEmail(): string | null {
  const { data } = useQuery(operatorContactQueryOptions());
  return data?.email?.trim() || null;
}
