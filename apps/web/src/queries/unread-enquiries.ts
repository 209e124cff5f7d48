import { ZOk, ZUnreadEnquiries } from "@shobai/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiJson } from "@/lib/api-request";

export const UNREAD_ENQUIRIES_KEY = ["/api/enquiries/unread"] as const;

/** Form enquiries the owner has not seen: the badge on CRM, looked at again every minute. */
export function useUnreadEnquiries({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: UNREAD_ENQUIRIES_KEY,
    queryFn: ({ signal }) => apiGet("/api/enquiries/unread", ZUnreadEnquiries, { signal }),
    enabled,
    refetchInterval: 60_000,
  });
}

/** POST /api/enquiries/seen: the owner opened the CRM, so the badge clears. */
export function useMarkEnquiriesSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson("POST", "/api/enquiries/seen", undefined, ZOk),
    onSuccess: () => queryClient.setQueryData(UNREAD_ENQUIRIES_KEY, { count: 0 }),
  });
}
