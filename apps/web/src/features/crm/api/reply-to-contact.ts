import { type TContactReply, type TEmailResult, ZEmailResult } from "@shobai/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-request";
import { contactKey } from "./get-contact";

/** POST /api/contacts/{id}/reply: a reply to a person who wrote in, kept on the timeline. */
export function replyToContact(id: string, input: TContactReply): Promise<TEmailResult> {
  return apiJson("POST", `/api/contacts/${encodeURIComponent(id)}/reply`, input, ZEmailResult);
}

export function useReplyToContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: TContactReply }) => replyToContact(id, input),
    onSuccess: (_, { id }) => queryClient.invalidateQueries({ queryKey: contactKey(id) }),
  });
}
