import { type TContactTask, type TUpdateContactTask, ZContactTask } from "@shobai/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson, apiRequest } from "@/lib/api-request";
import { TASKS_QUERY_KEY } from "./get-contact-tasks";

/** PATCH /api/tasks/{id}: done or not, another title or day. */
export function updateContactTask(id: string, input: TUpdateContactTask): Promise<TContactTask> {
  return apiJson("PATCH", `/api/tasks/${encodeURIComponent(id)}`, input, ZContactTask);
}

export function useUpdateContactTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: TUpdateContactTask }) => updateContactTask(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TASKS_QUERY_KEY }),
  });
}

/** DELETE /api/tasks/{id}. */
export function useDeleteContactTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest("DELETE", `/api/tasks/${encodeURIComponent(id)}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TASKS_QUERY_KEY }),
  });
}
