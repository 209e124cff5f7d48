import { type TContactActivity, type TCreateNote, ZContactActivity } from "@shobai/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-request";
import { contactKey } from "./get-contact";

export function addNote(id: string, input: TCreateNote): Promise<TContactActivity> {
  return apiJson("POST", `/api/contacts/${encodeURIComponent(id)}/notes`, input, ZContactActivity);
}

/** A note goes on the contact's timeline; only that contact's detail changes. */
export function useAddNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, text }: { id: string; text: string }) => addNote(id, { text }),
    onSuccess: (_, { id }) => queryClient.invalidateQueries({ queryKey: contactKey(id) }),
  });
}
