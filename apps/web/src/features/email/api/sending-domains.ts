import { type TSendingDomain, ZSendingDomain } from "@shobai/shared";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiJson, apiRequest } from "@/lib/api-request";

export const SENDING_DOMAINS_QUERY_KEY = ["/api/email/domains"] as const;

/** GET /api/email/domains: the owner's sending domains (DKIM) with the records to publish. */
export const sendingDomainsQueryOptions = () =>
  queryOptions({
    queryKey: SENDING_DOMAINS_QUERY_KEY,
    queryFn: ({ signal }) => apiGet("/api/email/domains", ZSendingDomain.array(), { signal }),
  });

export function useSendingDomains({ enabled }: { enabled: boolean }) {
  return useQuery({ ...sendingDomainsQueryOptions(), enabled });
}

function useDomainMutation<T>(fn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: SENDING_DOMAINS_QUERY_KEY }),
  });
}

export const useAddSendingDomain = () =>
  useDomainMutation(
    (domain: string): Promise<TSendingDomain> =>
      apiJson("POST", "/api/email/domains", { domain }, ZSendingDomain),
  );

export const useCheckSendingDomain = () =>
  useDomainMutation(
    (id: string): Promise<TSendingDomain> =>
      apiJson("POST", `/api/email/domains/${encodeURIComponent(id)}/check`, undefined, ZSendingDomain),
  );

export const useRemoveSendingDomain = () =>
  useDomainMutation((id: string) => apiRequest("DELETE", `/api/email/domains/${encodeURIComponent(id)}`));
