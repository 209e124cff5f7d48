import { type TContact, type TSetConsent, ZContact } from "@shobai/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-request";
import { CONTACTS_QUERY_KEY } from "./get-contacts";

/** POST /api/contacts/{id}/consent: records a consent (with how it was given) or an opt-out. */
export function setConsent(id: string, input: TSetConsent): Promise<TContact> {
  return apiJson("POST", `/api/contacts/${encodeURIComponent(id)}/consent`, input, ZContact);
}

/** The contact's consent changes its detail, timeline and the lists. */
export function useSetConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: TSetConsent }) => setConsent(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CONTACTS_QUERY_KEY }),
  });
}
