import { type TWebsite, ZWebsite } from "@shobai/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-request";
import { WEBSITES_QUERY_KEY } from "@/queries/websites";
import { websiteKey } from "./get-website";

/** POST /api/websites/{id}/regenerate: writes the site's pages again from its description. */
export function regenerateWebsite(id: string): Promise<TWebsite> {
  return apiJson("POST", `/api/websites/${encodeURIComponent(id)}/regenerate`, undefined, ZWebsite);
}

export function useRegenerateWebsite(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => regenerateWebsite(id),
    onSuccess: (website) => {
      queryClient.setQueryData(websiteKey(id), website);
      return queryClient.invalidateQueries({ queryKey: WEBSITES_QUERY_KEY, exact: true });
    },
  });
}
