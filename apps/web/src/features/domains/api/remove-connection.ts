import { type TRemovedCustomDomain, ZRemovedCustomDomain } from "@shobai/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-request";
import { WEBSITES_QUERY_KEY } from "@/queries/websites";
import { CONNECTIONS_QUERY_KEY } from "./get-connections";

/** DELETE /api/domain/connections/{id}: the site goes back to its Shobai address; the answer names the records to remove. */
export function removeConnection(id: string): Promise<TRemovedCustomDomain> {
  return apiJson(
    "DELETE",
    `/api/domain/connections/${encodeURIComponent(id)}`,
    undefined,
    ZRemovedCustomDomain,
  );
}

export function useRemoveConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeConnection,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: CONNECTIONS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: WEBSITES_QUERY_KEY, refetchType: "none" });
    },
  });
}
