import { type TConnectCustomDomainInput, type TCustomDomain, ZCustomDomain } from "@shobai/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-request";
import { WEBSITES_QUERY_KEY } from "@/queries/websites";
import { CONNECTIONS_QUERY_KEY } from "./get-connections";

/** POST /api/domain/connections: 409 domain_in_use, 403 plan_required (Business plan or higher). */
export function connectDomain(input: TConnectCustomDomainInput): Promise<TCustomDomain> {
  return apiJson("POST", "/api/domain/connections", input, ZCustomDomain);
}

export function useConnectDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: connectDomain,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: CONNECTIONS_QUERY_KEY });
      // A site's address changes once its domain is verified.
      void queryClient.invalidateQueries({ queryKey: WEBSITES_QUERY_KEY, refetchType: "none" });
    },
  });
}
