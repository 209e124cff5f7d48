import { ZSender } from "@shobai/shared";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiRequest } from "@/lib/api-request";
import { VERIFICATION_STATUS_QUERY_KEY } from "./verification-status";

export const SENDERS_QUERY_KEY = ["/api/email/senders"] as const;

/** GET /api/email/senders: the account's sender addresses with their status. */
export const sendersQueryOptions = () =>
  queryOptions({
    queryKey: SENDERS_QUERY_KEY,
    queryFn: ({ signal }) => apiGet("/api/email/senders", ZSender.array(), { signal }),
  });

export function useSenders({ enabled }: { enabled: boolean }) {
  return useQuery({ ...sendersQueryOptions(), enabled });
}

/** DELETE /api/email/senders/{id}: the address must be verified again before it sends. */
export function useRemoveSender() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest("DELETE", `/api/email/senders/${encodeURIComponent(id)}`),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: SENDERS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: VERIFICATION_STATUS_QUERY_KEY });
    },
  });
}
