import { type TContactTask, type TCreateContactTask, ZContactTask } from "@shobai/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-request";
import { TASKS_QUERY_KEY } from "./get-contact-tasks";

/** POST /api/contacts/{id}/tasks: a task or follow-up due on a day. */
export function createContactTask(contactId: string, input: TCreateContactTask): Promise<TContactTask> {
  return apiJson("POST", `/api/contacts/${encodeURIComponent(contactId)}/tasks`, input, ZContactTask);
}

export function useCreateContactTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ contactId, input }: { contactId: string; input: TCreateContactTask }) =>
      createContactTask(contactId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TASKS_QUERY_KEY }),
  });
}
