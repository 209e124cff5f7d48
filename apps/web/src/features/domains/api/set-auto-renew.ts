import { ZOwnedDomain } from "@shobai/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-request";
import { OWNED_DOMAINS_QUERY_KEY } from "./get-domains";

/** PUT /api/domain/domains/{domain}/auto-renew. */
export function useSetAutoRenew() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ domain, autoRenew }: { domain: string; autoRenew: boolean }) =>
      apiJson(
        "PUT",
        `/api/domain/domains/${encodeURIComponent(domain)}/auto-renew`,
        { autoRenew },
        ZOwnedDomain,
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: OWNED_DOMAINS_QUERY_KEY }),
  });
}
