import { ZContactTask, ZDueTask } from "@shobai/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiGet, apiJson } from "@/lib/api-request";

/** Under the CRM's task key, so a task changed in the CRM refreshes this list too. */
export const DUE_TASKS_KEY = ["/api/tasks", "due"] as const;

/** GET /api/tasks/due: open follow-ups due today or overdue (Tokyo days), with their contact. */
export function useDueTasks({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: DUE_TASKS_KEY,
    queryFn: ({ signal }) => apiGet("/api/tasks/due", z.array(ZDueTask), { signal }),
    enabled,
  });
}

/** PATCH /api/tasks/{id} {done: true}: ticked off from the dashboard. */
export function useCompleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiJson("PATCH", `/api/tasks/${encodeURIComponent(id)}`, { done: true }, ZContactTask),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["/api/tasks"] }),
  });
}
