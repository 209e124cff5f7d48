import { type TUpdateWebsite, type TWebsite, ZWebsite } from "@shobai/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-request";
import { WEBSITES_QUERY_KEY } from "@/queries/websites";
import { websiteKey } from "./get-website";

/** PATCH /api/websites/{id}: name, languages, published. */
export function updateWebsite(id: string, patch: TUpdateWebsite): Promise<TWebsite> {
  return apiJson("PATCH", `/api/websites/${encodeURIComponent(id)}`, patch, ZWebsite);
}

export function useUpdateWebsite(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: TUpdateWebsite) => updateWebsite(id, patch),
    onSuccess: (website) => {
      queryClient.setQueryData(websiteKey(id), website);
      return queryClient.invalidateQueries({ queryKey: WEBSITES_QUERY_KEY, exact: true });
    },
  });
}
