import { type TGeneratedWebsite, type TGenerateWebsite, ZGeneratedWebsite } from "@shobai/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-request";
import { SUBSCRIPTION_STATUS_QUERY_KEY } from "@/queries/subscription-status";
import { WEBSITES_QUERY_KEY } from "@/queries/websites";

/** POST /api/websites/generate: the site is written and published before the answer comes. */
export function generateWebsite(input: TGenerateWebsite): Promise<TGeneratedWebsite> {
  return apiJson("POST", "/api/websites/generate", input, ZGeneratedWebsite);
}

export function useGenerateWebsite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateWebsite,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: WEBSITES_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_STATUS_QUERY_KEY }),
      ]),
  });
}
