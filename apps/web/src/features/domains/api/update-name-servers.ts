import { type TOwnedDomain, ZOwnedDomain } from "@shobai/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-request";
import { OWNED_DOMAINS_QUERY_KEY } from "./get-domains";

/** PUT /api/domain/domains/{domain}/nameservers: at least two host names. */
export function updateNameServers({
  domain,
  nameServers,
}: {
  domain: string;
  nameServers: string[];
}): Promise<TOwnedDomain> {
  return apiJson(
    "PUT",
    `/api/domain/domains/${encodeURIComponent(domain)}/nameservers`,
    {
      nameServers,
    },
    ZOwnedDomain,
  );
}

export function useUpdateNameServers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNameServers,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: OWNED_DOMAINS_QUERY_KEY }),
  });
}
