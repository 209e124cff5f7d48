import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-request";
import { SUBSCRIPTION_STATUS_QUERY_KEY } from "@/queries/subscription-status";
import { WEBSITES_QUERY_KEY } from "@/queries/websites";

/**
 * DELETE /api/websites/{id}: the hosted site goes offline at once. The caller leaves the settings
 * page and then forgets the site (removing it while its page still watches would fetch it again).
 */
export async function deleteWebsite(id: string): Promise<void> {
  await apiRequest("DELETE", `/api/websites/${encodeURIComponent(id)}`);
}

export function useDeleteWebsite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebsite,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: WEBSITES_QUERY_KEY, exact: true }),
        queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_STATUS_QUERY_KEY }),
      ]),
  });
}
