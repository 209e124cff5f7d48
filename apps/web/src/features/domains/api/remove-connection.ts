import { useMutation, useQueryClient } from "@tanstack/react-query";
import { WEBSITES_QUERY_KEY } from "@/features/websites/api/get-websites";
import { apiRequest } from "@/lib/api-request";
import { CONNECTIONS_QUERY_KEY } from "./get-connections";

/** DELETE /api/domain/connections/{id} (204): the site goes back to its Shobai address. */
export async function removeConnection(id: string): Promise<void> {
  await apiRequest("DELETE", `/api/domain/connections/${encodeURIComponent(id)}`);
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
