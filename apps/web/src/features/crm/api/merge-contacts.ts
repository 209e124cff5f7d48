import { type TContactDetail, type TMergeContacts, ZContactDetail } from "@shobai/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-request";
import { contactKey } from "./get-contact";
import { TASKS_QUERY_KEY } from "./get-contact-tasks";
import { CONTACTS_QUERY_KEY } from "./get-contacts";

/** POST /api/contacts/{id}/merge: the other contact into this one, with the values chosen from it. */
export function mergeContacts(id: string, input: TMergeContacts): Promise<TContactDetail> {
  return apiJson("POST", `/api/contacts/${encodeURIComponent(id)}/merge`, input, ZContactDetail);
}

export function useMergeContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: TMergeContacts }) => mergeContacts(id, input),
    onSuccess: (detail, { input }) => {
      queryClient.removeQueries({ queryKey: contactKey(input.otherId) });
      queryClient.setQueryData(contactKey(detail.id), detail);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: CONTACTS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: TASKS_QUERY_KEY }),
      ]);
    },
  });
}
