import { type TImportWebsite, type TWebsite, ZWebsite } from "@shobai/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-request";
import { SUBSCRIPTION_STATUS_QUERY_KEY } from "@/queries/subscription-status";
import { WEBSITES_QUERY_KEY } from "@/queries/websites";

/** POST /api/websites/import: the server fetches the page and makes a site of it. */
export function importWebsite(input: TImportWebsite): Promise<TWebsite> {
  return apiJson("POST", "/api/websites/import", input, ZWebsite);
}

export function useImportWebsite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importWebsite,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: WEBSITES_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_STATUS_QUERY_KEY }),
      ]),
  });
}
